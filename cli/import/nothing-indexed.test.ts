/**
 * A completed file with nothing indexed is pointed out in `cms import`'s
 * lines and summary (issue 39: "30 items completed, 0 chunks with nothing
 * pointing them out"), with the note that says why.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ImportRow } from './importer';
import { nothingIndexed } from './importer';
import { doneLine, totalsLine } from './report';

const row = (o: Partial<ImportRow>): ImportRow => ({
  file: 'scan.pdf', type: 'document', id: 7, status: 'completed', reason: null, errorCode: null, transient: null, existing: null, chunks: 3, extent: '1 page', ms: 1200, ...o,
});

test('a completed document with 0 chunks is counted and its line carries its note; a video or a file with chunks is not', () => {
  const note = 'Nothing in this file is searchable: this PDF has no text that could be read, not even with OCR.';
  const empty = row({ chunks: 0, reason: note });
  assert.ok(nothingIndexed(empty));
  assert.ok(!nothingIndexed(row({})));
  assert.ok(!nothingIndexed(row({ type: 'video', chunks: 0 })));
  assert.equal(doneLine(empty), `scan.pdf: completed (document 7, 0 chunks, 1 page, 1.2 s): ${note}`);
  assert.match(totalsLine([empty, row({ file: 'b.pdf' })], 2000), /^2 imported, 0 skipped, 0 failed, 1 with nothing indexed \(/);
  assert.doesNotMatch(totalsLine([row({})], 2000), /nothing indexed/);
});
