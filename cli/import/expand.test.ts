import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { expandInputs } from './expand';
import { watchFolders } from './watch';

let dir: string;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cms-expand-'));
  for (const f of ['a.pdf', 'b.docx', '.hidden.pdf', 'c.pdf.part', 'sub/d.pdf', 'sub/deeper/e.pptx', 'other/f.mp4']) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), 'x');
  }
});

after(() => rmSync(dir, { recursive: true, force: true }));

const names = (files: { display: string }[]) => files.map((f) => f.display);

test('a folder gives its files in name order, without hidden or partial files, and counts the sub-folders it left out', async () => {
  const r = await expandInputs(['.'], { cwd: dir, recursive: false });
  assert.deepEqual(names(r.files), ['a.pdf', 'b.docx']);
  assert.equal(r.skippedFolders.length, 2);
  assert.deepEqual(r.problems, []);
});

test('--recursive walks sub-folders', async () => {
  const r = await expandInputs([dir], { cwd: dir, recursive: true });
  assert.deepEqual(names(r.files), ['a.pdf', 'b.docx', 'other/f.mp4', 'sub/d.pdf', 'sub/deeper/e.pptx']);
});

test('quoted globs are expanded (** included), a file named twice is taken once, and misses are reported per argument', async () => {
  const r = await expandInputs(['**/*.pdf', 'a.pdf', 'nothing-*.docx', 'missing.pdf'], { cwd: dir, recursive: false });
  assert.deepEqual(names(r.files), ['a.pdf', 'sub/d.pdf']);
  assert.deepEqual(r.problems, [
    { input: 'nothing-*.docx', reason: 'no files match this pattern' },
    { input: 'missing.pdf', reason: 'no such file or folder' },
  ]);
});

test('watching takes a new file only once its size has stopped changing, and only once', async () => {
  const watched = mkdtempSync(path.join(os.tmpdir(), 'cms-watch-'));
  const stop = new AbortController();
  const taken: Array<{ file: string; size: number }> = [];
  const { statSync } = await import('node:fs');
  const file = path.join(watched, 'growing.pdf');
  // The file grows between every two scans for 6 scans, then holds still; the test follows the watcher's scans, not the clock.
  let scans = 0;
  let takenAt = -1;
  let finished: () => void = () => {};
  const done = new Promise<void>((r) => { finished = r; });
  const onScan = () => {
    scans++;
    if (scans <= 6) {
      assert.deepEqual(taken, [], 'not taken while it grows');
      appendFileSync(file, 'more bytes ');
    }
    if (takenAt >= 0 && scans >= takenAt + 3) finished(); // three more scans after it was taken: never taken again
  };
  writeFileSync(file, 'a');
  const watching = watchFolders({ dirs: [watched], recursive: false, intervalMs: 10, signal: stop.signal, handled: new Set(), onScan }, (f) => {
    taken.push({ file: path.basename(f), size: statSync(f).size });
    takenAt = scans;
  });
  await done;
  stop.abort();
  await watching;
  rmSync(watched, { recursive: true, force: true });
  assert.deepEqual(taken, [{ file: 'growing.pdf', size: 1 + 6 * 'more bytes '.length }]);
  assert.ok(takenAt >= 7, `taken after the growth stopped (scan ${takenAt})`);
});
