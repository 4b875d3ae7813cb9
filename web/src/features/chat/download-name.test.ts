import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downloadName } from './media';

test('downloads from /chat are saved under the file\'s name, not its server path', () => {
  const media = { file: '/api/files/documents/4_tracemonkey.pdf', title: 'TraceMonkey' };
  assert.equal(downloadName(media, '/api/files/documents/4_tracemonkey.pdf', null), 'tracemonkey.pdf');
  assert.equal(downloadName({ file: '4_french.pptx', title: 'Shading' }, '/uploads/presentations/translated_files/4_french.pptx', null), 'french.pptx');
});

test('the server\'s own name (Content-Disposition) wins, UTF-8 names included', () => {
  const media = { file: '/api/files/documents/4_x.pdf', title: 'X' };
  assert.equal(downloadName(media, '/x', 'attachment; filename="Installation guide.pdf"'), 'Installation guide.pdf');
  assert.equal(downloadName(media, '/x', `attachment; filename="a.pdf"; filename*=UTF-8''%D7%9E%D7%93%D7%A8%D7%99%D7%9A.pdf`), 'מדריך.pdf');
  assert.equal(downloadName(media, '/x', 'attachment; filename="../../etc/passwd"'), 'passwd', 'a path in the header is cut to its name');
});
