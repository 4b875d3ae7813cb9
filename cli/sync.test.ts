/**
 * `cms sync` on real files of the test corpus (a copy in a temp folder; 20
 * files, the whole shared corpus was measured by hand: docs/governance.md): the
 * second run imports nothing, changes nothing and reads no file (its time
 * against the first is a benchmark figure); after removing 3 files and
 * changing 2 it reports exactly that.
 */
import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { corpusFile } from '../core/testing/corpus';
import { parseJson, runCmsHere } from './test-support';

interface Report { summary: string; new: Array<{ path: string }>; changed: Array<{ path: string }>; removed: Array<{ path: string }>; failed: unknown[]; unchanged: number; hashed: number; durationMs: number }

/** 8 PDFs, 6 Word files and 6 decks of the corpus (files[3], a PDF, and files[11], a Word file, are changed below). */
const FILES = [
  'pdf/bigboundingbox.pdf', 'pdf/bug1529502.pdf', 'pdf/bug1907000_reduced.pdf', 'pdf/bug2009627.pdf',
  'pdf/form_two_pages.pdf', 'pdf/issue7454.pdf', 'pdf/mixedfonts.pdf', 'pdf/tagged_stamp.pdf',
  'docx/blk-inner-content.docx', 'docx/blk-paras-and-tables.docx', 'docx/comments-rich-para.docx', 'docx/hdr-header-footer.docx',
  'docx/par-hlink-frags.docx', 'docx/tbl-props.docx',
  'pptx/cht-charts.pptx', 'pptx/cht-legend-props.pptx', 'pptx/shp-shapes.pptx', 'pptx/tbl-cell.pptx', 'pptx/test_slides.pptx', 'pptx/txt-text.pptx',
];

describe('cms sync on real files', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-sync-'));
  const folder = path.join(tmp, 'corpus');
  const env = { DATA_DIR: path.join(tmp, 'data'), ADMIN_PASSWORD: 'sync-test-password', CMS_URL: '' };
  after(() => rmSync(tmp, { recursive: true, force: true }));
  const sync = async (...args: string[]) => {
    const r = await runCmsHere(['sync', folder, '--json', '--no-wait', ...args], { env, timeoutMs: 300_000 });
    return { code: r.code, report: parseJson<Report>(r) };
  };

  it('a second run imports 0, changes 0 and reads no file; then 3 removed and 2 changed are reported exactly', async (t) => {
    const files = FILES;
    for (const rel of files) {
      mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
      copyFileSync(corpusFile(rel), path.join(folder, rel));
      chmodSync(path.join(folder, rel), 0o644);
    }
    const first = await sync();
    assert.equal(first.code, 0, JSON.stringify(first.report.failed));
    assert.equal(first.report.new.length, files.length);
    assert.equal(first.report.hashed, files.length);

    const second = await sync();
    assert.equal(second.code, 0);
    assert.equal(second.report.summary, '0 new, 0 changed, 0 removed');
    assert.deepEqual([second.report.unchanged, second.report.hashed], [files.length, 0], 'unchanged files are not read');
    // Its cost is a figure for the benchmark (docs/governance.md), not a timed assertion: what makes it cheap is that no file is read.
    t.diagnostic(`sync step: first run ${first.report.durationMs} ms, second ${second.report.durationMs} ms`);

    const removed = [files[0], files[9], files[15]];
    const changed = [files[3], files[11]];
    for (const rel of removed) rmSync(path.join(folder, rel));
    for (const rel of changed) {
      appendFileSync(path.join(folder, rel), Buffer.from('\n% changed\n'));
      utimesSync(path.join(folder, rel), new Date(), new Date(Date.now() + 60_000));
    }
    const third = await sync();
    assert.equal(third.report.summary, '0 new, 2 changed, 3 removed', JSON.stringify(third.report.failed));
    assert.deepEqual(third.report.removed.map((e) => e.path).sort(), [...removed].sort());
    assert.deepEqual(third.report.changed.map((e) => e.path).sort(), [...changed].sort());
    assert.equal((await sync()).report.summary, '0 new, 0 changed, 0 removed');
  });
});
