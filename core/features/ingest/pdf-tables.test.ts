/**
 * PDF tables read as rows with their header (issue 34 point 4), on real files: poppler's reading order gives the
 * TraceMonkey paper's Figure 13 column by column; its page text now holds one line per benchmark under the header.
 * Pages without a table (two-column prose, an invoice's label/value blocks, a questionnaire's yes/no columns) are
 * read exactly as before.
 */
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { test } from 'node:test';
import { runTool } from '../../foundation/tools/exec';
import { corpusFile } from '../../testing/corpus';
import { readPageTexts, readPageText } from './pdf-text';
import { findTables } from './pdf-tables';

const TRACEMONKEY = corpusFile('pdf/tracemonkey_with_annotations.pdf');

async function pages(file: string) {
  const { size } = await stat(file);
  return readPageTexts(file, size, 'test.pdf', {} as never, new AbortController().signal);
}

/** The reading-order text of each page as poppler gives it, cleaned as before tables were read. */
async function plainPages(file: string) {
  const r = await runTool('pdftotext', ['-enc', 'UTF-8', '-q', file, '-'], { inputFile: file });
  return r.stdout.toString('utf8').split('\f').slice(0, -1).map((t, i) => readPageText(i + 1, t).text);
}

const words = (s: string) => s.split(/[\s|]+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).sort();

test('tracemonkey page 12: Figure 13 is read as rows under its header, not column by column', async () => {
  const page = (await pages(TRACEMONKEY))[11].text;
  const lines = page.split('\n').map((l) => l.trim());
  const header = lines.findIndex((l) => /^\|? ?Loops \| Trees \| Traces \| Aborts \| Flushes \| Trees\/Loop \| Traces\/Tree \| Traces\/Loop \| Speedup$/.test(l));
  assert.ok(header >= 0, page.slice(0, 400));
  assert.equal(lines[header + 1], '3d-cube | 25 | 27 | 29 | 3 | 0 | 1.1 | 1.1 | 1.2 | 2.20x');
  assert.ok(lines.includes('crypto-aes | 50 | 72 | 78 | 19 | 0 | 1.4 | 1.1 | 1.6 | 1.64x'));
  // A dash the reading order left out stands in its cell.
  assert.ok(lines.includes('access-binary-trees | 0 | 0 | 0 | 5 | 0 | - | - | - | 0.93x'));
  assert.equal(lines[header + 26], 'string-validate-input | 6 | 10 | 13 | 1 | 0 | 1.7 | 1.3 | 2.2 | 1.86x');
  // No column dump left, no word lost or repeated: the page holds the same words as the plain reading.
  assert.ok(!lines.includes('Loops'));
  assert.deepEqual(words(page), words((await plainPages(TRACEMONKEY))[11]));
});

test('pages without a table read exactly as before: tracemonkey two-column pages, an invoice, a questionnaire', async () => {
  for (const file of [TRACEMONKEY, corpusFile('pdf/bigboundingbox.pdf'), corpusFile('pdf/issue9972-2.pdf')]) {
    const read = await pages(file);
    const plain = await plainPages(file);
    read.forEach((p) => { if (!(file === TRACEMONKEY && p.num === 12)) assert.equal(p.text, plain[p.num - 1], `${file} page ${p.num}`); });
  }
});

test('two-column prose is not a table: tracemonkey page 2 layout has none', async () => {
  const r = await runTool('pdftotext', ['-layout', '-f', '2', '-l', '2', '-enc', 'UTF-8', '-q', TRACEMONKEY, '-'], { inputFile: TRACEMONKEY });
  assert.deepEqual(findTables(r.stdout.toString('utf8')), []);
});
