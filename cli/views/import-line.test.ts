import assert from 'node:assert/strict';
import { test } from 'node:test';
import { padTo, textWidth, truncateEnd, truncateMiddle } from './fit';
import { activeLines, finishedLine, type ActiveFile } from './import-line';
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
  test(`at ${columns} columns every live line fits, columns are aligned and two spaces apart, paths keep their end`, () => {
    const lines = activeLines(active, columns);
    assert.equal(lines.length, active.length);
    for (const l of lines) assert.ok(textWidth(l) <= columns - 1, `${textWidth(l)}: ${l}`);
    assert.match(lines[0]!, /^inbox\/.*…[^ ]*\.pptx {2,}presentation 60810 {2}/);
    assert.match(lines[0]!, /21% {2}extracting {2}Reading slide 6 of 2/);
    assert.match(lines[1]!, /75% {2}analyzing {3}Indexing passages/);
    // The percent column starts at the same place on every line.
    const at = lines.map((l) => textWidth(l.slice(0, l.search(/\d+%/))));
    assert.equal(new Set(at).size, 1, lines.join('\n'));
    assert.equal(/█/.test(lines[0]!), columns >= 100, 'a bar only when there is room');
  });
}

test('a finished line fits the terminal and cuts the path, not the outcome, first', () => {
  const line = finishedLine('✔', active[0]!.file, ': completed (presentation 60810, 28 chunks, 28 slides, 12.5 s)', 80);
  assert.ok(textWidth(line) <= 79, line);
  assert.match(line, /^✔ inbox\/.*….*showcase\.pptx: completed \(presentation 60810/);
});

test('cms status --follow lines fit the terminal too', () => {
  const lines = statusLines([
    { key: 'a', label: 'presentation 60810', title: 'A very long presentation title about the northern region', status: 'extracting', progress: 30, detail: 'Reading slide 6 of 28', failed: false },
    { key: 'b', label: 'document 2', title: 'Manual', status: 'failed', progress: 5, detail: 'The PDF "manual.pdf" is password-protected. Remove the password and upload it again.', failed: true },
  ], 80);
  for (const l of lines) assert.ok(textWidth(l) <= 79, l);
  assert.match(lines[0]!, /30% {2}extracting {2}Reading slide/);
});
