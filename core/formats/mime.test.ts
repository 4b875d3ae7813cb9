import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extForMime, mimeForExt, mimeForKey } from './mime';

describe('the MIME table', () => {
  it('mimeForKey looks only at the extension of the last segment', () => {
    assert.equal(mimeForKey('a/B.PDF'), 'application/pdf');
    assert.equal(mimeForKey('x/שלום.docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(mimeForKey('pdf'), 'application/octet-stream');
    assert.equal(mimeForKey('a.pdf/file'), 'application/octet-stream');
    assert.equal(mimeForKey('a/.png'), 'application/octet-stream');
  });

  it('mimeForExt takes an extension with or without its dot, in any case', () => {
    assert.equal(mimeForExt('.JPG'), 'image/jpeg');
    assert.equal(mimeForExt('jpeg'), 'image/jpeg');
    assert.equal(mimeForExt('vtt'), 'text/vtt');
    assert.equal(mimeForExt('exe'), 'application/octet-stream');
  });

  it('extForMime gives the usual extension of a content type, parameters ignored', () => {
    assert.equal(extForMime('image/jpeg'), 'jpg');
    assert.equal(extForMime('image/JPG'), 'jpg');
    assert.equal(extForMime('application/pdf; charset=binary'), 'pdf');
    assert.equal(extForMime('text/vtt'), 'vtt');
    assert.equal(extForMime('application/x-unknown'), undefined);
  });
});
