import assert from 'node:assert/strict';
import { test } from 'node:test';
import { padTo, shortenPath, textWidth, truncateEnd, truncateMiddle, wrapWords } from './fit';
import { activeLines, estimateEta, finishedLine, progressLine, type ActiveFile } from './import-line';
import { eta } from '../format';
import { statusLines } from './status-view';

const active: ActiveFile[] = [
  { file: 'inbox/quarterly-installation-reports-for-the-northern-region-2026/smart-home-showcase.pptx', type: 'presentation', id: 60810, phase: 'extracting', percent: 21, detail: 'Reading slide 6 of 28' },
  { file: 'inbox/manual.pdf', type: 'document', id: 3, phase: 'analyzing', percent: 75, detail: 'Indexing passages 256 of 300' },
  { file: 'inbox/日本語のとても長いファイル名の説明書.docx', type: 'document', id: null, phase: 'uploading', percent: 40, detail: '1.2 MB of 3.0 MB' },
];

test('cutting keeps the display width: wide characters count two, the middle cut keeps both ends', () => {
  assert.equal(truncateMiddle('inbox/a-very-long-folder/deck.pptx', 20), 'inbox/a-v…/deck.pptx');
  const cjk = textWidth(truncateMiddle('日本語のとても長いファイル名.docx', 15));
  assert.ok(cjk <= 15 && cjk >= 14, String(cjk));
  assert.equal(truncateEnd('short', 10), 'short');
  assert.equal(padTo('ab', 4), 'ab  ');
  assert.equal(padTo('abcdef', 4), 'abc…');
});

for (const columns of [80, 120]) {
  test(`at ${columns} columns every live line fits, columns are aligned and two spaces apart, paths are cut from the left keeping the file name`, () => {
    const lines = activeLines(active, columns);
    assert.equal(lines.length, active.length);
    for (const l of lines) assert.ok(textWidth(l) <= columns - 1, `${textWidth(l)}: ${l}`);
    assert.match(lines[0]!, /^…[^ ]*\/smart-home-showcase\.pptx {2,}presentation 60810 {2}/);
    assert.match(lines[0]!, /21% {2}extracting {2}Reading sl/);
    assert.match(lines[1]!, /75% {2}analyzing {3}Indexing pa/);
    // The percent column starts at the same place on every line.
    const at = lines.map((l) => textWidth(l.slice(0, l.search(/\d+%/))));
    assert.equal(new Set(at).size, 1, lines.join('\n'));
    assert.equal(/█/.test(lines[0]!), columns >= 100, 'a bar only when there is room');
  });
}

test('a finished line fits the terminal and cuts the path (from the left), not the outcome, first', () => {
  const line = finishedLine('✔', active[0]!.file, ': completed (presentation 60810, 28 chunks, 28 slides, 12.5 s)', 80);
  assert.ok(textWidth(line) <= 79, line);
  assert.match(line, /^✔ …[^ ]*\/smart-home-showcase\.pptx: completed \(presentation 60810/);
});

test('two files in the same long folder never look alike: the path is cut from the left and the file name kept whole', () => {
  const folder = '/home/operator/imports/quarterly-installation-reports-for-the-northern-region-2026';
  for (const max of [20, 24, 30]) {
    const a = shortenPath(`${folder}/helloworld-bad.pdf`, max);
    const b = shortenPath(`${folder}/scan-bad.pdf`, max);
    assert.ok(textWidth(a) <= max && textWidth(b) <= max, `${a} | ${b}`);
    assert.ok(a.endsWith('helloworld-bad.pdf') && b.endsWith('scan-bad.pdf'), `${a} | ${b}`);
    assert.notEqual(a, b);
    assert.ok(a.startsWith('…'));
  }
  assert.equal(shortenPath('inbox/manual.pdf', 40), 'inbox/manual.pdf', 'a path that fits is left alone');
  // Only a file name wider than the room itself is cut, in its middle, keeping its extension.
  const long = shortenPath('inbox/an-extremely-long-file-name-for-a-manual.pdf', 20);
  assert.ok(textWidth(long) <= 20 && long.endsWith('.pdf') && !long.startsWith('…'), long);
});

test('failure reasons wrap on word boundaries: no word is split, no line is too wide', () => {
  const reason = 'The PDF "helloworld-bad.pdf" cannot be read: the file is damaged or not a PDF (pdf-parse: Invalid PDF structure). Export it again and upload it.';
  for (const width of [30, 50, 79]) {
    const lines = wrapWords(reason, width);
    for (const l of lines) assert.ok(textWidth(l) <= width, `${width}: "${l}"`);
    assert.equal(lines.join(' '), reason.replace(/\s+/g, ' '), 'every word kept, in order, whole');
  }
  assert.deepEqual(wrapWords('abcdefghij', 4), ['abcd', 'efgh', 'ij'], 'only a word wider than the line is cut');
  assert.deepEqual(wrapWords('failed one two three', 10, 8), ['failed one', 'two', 'three'], 'later lines take the narrower width');
  assert.equal(progressLine({ done: 5, total: 5, failed: 2, etaMs: 0 }, 80), '5/5 files · 2 failed', 'no ETA once every file is done');
});

test('where the run stands ("12/48 files · 3 failed · ETA 1 min 10 s") shows its count on every width', () => {
  const p = { done: 12, total: 48, failed: 3, etaMs: 70_000 };
  assert.equal(progressLine(p, 120), '12/48 files · 3 failed · ETA 1 min 10 s');
  for (let columns = 24; columns <= 200; columns += 7) {
    const line = progressLine(p, columns);
    assert.ok(textWidth(line) <= columns - 1, `${columns}: ${line}`);
    assert.match(line, /^12\/48( files)? · 3 (failed|✖) · ETA 1( min |m)10( s|s)$/, `${columns}: ${line}`);
  }
  assert.equal(progressLine(p, 30), '12/48 · 3 failed · ETA 1m10s');
  assert.equal(progressLine({ done: 0, total: 5, failed: 0, etaMs: null }, 80), '0/5 files · ETA …');
  assert.equal(eta(42_400), '42 s');
  assert.equal(eta(3_725_000), '1 h 2 min');
});

test('the ETA comes from measured rates: each file left costs the mean time of its type, divided by the files worked on at once', () => {
  const doc = (ms: number) => ({ type: 'document', ms });
  assert.equal(estimateEta({ total: 4, done: 0, processed: [], inFlight: [], elapsedMs: 10_000 }), null, 'nothing measured yet');
  assert.equal(estimateEta({ total: 4, done: 1, processed: [doc(10_000)], inFlight: [], elapsedMs: 10_000 }), 30_000);
  assert.equal(estimateEta({ total: 2, done: 2, processed: [doc(5_000)], inFlight: [], elapsedMs: 5_000 }), 0);
  // Two at once (20 s of work in 10 s), a presentation half done and a document not started: 30 s + 2 s of work.
  assert.equal(estimateEta({
    total: 5, done: 3, processed: [doc(2_000), doc(2_000), { type: 'presentation', ms: 60_000 }],
    inFlight: [{ type: 'presentation', percent: 50 }, { type: 'document', percent: 0 }], elapsedMs: 32_000,
  }), 16_000);
});

test('a re-run\'s skipped files teach the ETA nothing: 50 of 100 skipped, then one file took 10 s: 49 more take 490 s', () => {
  // Counted as work done, the skipped files made it 9.6 s (the share of files done was 51 %).
  assert.equal(estimateEta({ total: 100, done: 51, processed: [{ type: 'document', ms: 10_000 }], inFlight: [], elapsedMs: 10_000 }), 490_000);
});

test('cms status --follow lines fit the terminal too', () => {
  const lines = statusLines([
    { key: 'a', label: 'presentation 60810', title: 'A very long presentation title about the northern region', status: 'extracting', progress: 30, detail: 'Reading slide 6 of 28', failed: false },
    { key: 'b', label: 'document 2', title: 'Manual', status: 'failed', progress: 5, detail: 'The PDF "manual.pdf" is password-protected. Remove the password and upload it again.', failed: true },
  ], 80);
  for (const l of lines) assert.ok(textWidth(l) <= 79, l);
  assert.match(lines[0]!, /30% {2}extracting {2}Reading slide/);
});
