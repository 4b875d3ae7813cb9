import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brokenLayout, layoutFixture, PRE_FIX_LAYOUT_DIR, type BrokenLayout } from '../../testing/layout-fixtures';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { checkReaderLayout, layoutWarnings, type ReaderCheck } from './reader-check';
import { translateFile } from './translate-file';
import type { TranslatableFile } from './types';

/**
 * Issue 37 point 3: the reader-side layout check flags what a reader sees
 * wrong in a translated PDF (today's output of each defect of the issue,
 * and broken pages generated in code), passes a good translation, and
 * makes a translation complete with warnings naming its pages or fail with
 * the reason.
 */

const DATA = PRE_FIX_LAYOUT_DIR;
let rig: TranslateRig;
let dir: string;
before(async () => { rig = await startTranslateRig(); dir = await mkdtemp(path.join(tmpdir(), 'reader-check-')); });
after(async () => { await rig.close(); await rm(dir, { recursive: true, force: true }); });

const WORDS = new Set(['installing', 'the', 'roller', 'blind', 'forma', 'regreso', 'de', 'impuesto', 'carácter']);
const problems = (c: ReaderCheck) => c.pages.map((p) => `${p.page}:${p.level}:${p.problems.join('+')}`);
const saved = async (name: string, bytes: Uint8Array) => { const f = path.join(dir, name); await writeFile(f, bytes); return f; };

test('the translator\'s output before the page-box fixes is flagged: vertical label broken and offset origin (warn), inverted box (fail)', async () => {
  const pair = (n: string) => [path.join(DATA, `${n}.pdf`), path.join(DATA, `${n}.es.pdf`)] as const;
  const dense = await checkReaderLayout(...pair('dense-form'), { words: WORDS });
  assert.deepEqual(problems(dense), ['1:warn:split+turned'], JSON.stringify(dense.pages));
  const offset = await checkReaderLayout(...pair('offset-origin'), { words: WORDS });
  assert.deepEqual(problems(offset), ['1:warn:split+turned+lostInk'], JSON.stringify(offset.pages));
  assert.ok(offset.pages[0]!.lostInk > 0.5, `the rules and boxes drawn 12 pt away are missed where they were: ${offset.pages[0]!.lostInk}`);
  const inverted = await checkReaderLayout(...pair('inverted'));
  assert.deepEqual(problems(inverted), ['1:fail:outside+turned'], JSON.stringify(inverted.pages));
  assert.equal(inverted.pages[0]!.turned, inverted.pages[0]!.letters, 'every letter mirrored');
});

test('broken pages generated in code are flagged: hidden words over a line, rules through text, lines past the edge, letter by letter', async () => {
  const source = await saved('plain.pdf', await layoutFixture('plain'));
  const expect: Record<BrokenLayout, string> = {
    'hidden-words': 'overText', 'rule-through': 'overRules', 'past-edge': 'offPage', 'letter-by-letter': 'split',
  };
  for (const [defect, figure] of Object.entries(expect)) {
    const out = await saved(`${defect}.pdf`, await brokenLayout(defect as BrokenLayout));
    const c = await checkReaderLayout(source, out, { words: WORDS });
    assert.equal(c.pages[0]!.level, 'warn', `${defect}: ${JSON.stringify(c.pages)}`);
    assert.deepEqual(c.pages[0]!.problems, [figure], defect);
    assert.deepEqual(layoutWarnings(c).map((w) => w.unit), [1], defect);
  }
});

test('a good translation passes: the plain page translated (words reversed, same length) has nothing past a threshold', async () => {
  const source = await saved('plain-good.pdf', await layoutFixture('plain'));
  const output = path.join(dir, 'plain-good.fr.pdf');
  const r = await translateFile({ input: source, output, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  assert.deepEqual(r.warnings, []);
  const c = await checkReaderLayout(source, output);
  assert.deepEqual(problems(c), ['1:ok:']);
  assert.deepEqual({ outside: c.pages[0]!.outside, overText: c.pages[0]!.overText, overRules: c.pages[0]!.overRules, turned: c.pages[0]!.turned }, { outside: 0, overText: 0, overRules: 0, turned: 0 });
});

/** A file whose writer puts a ready-made PDF in place of the translation (the check sees only the two files). */
const writes = (made: string, text = 'Installing the roller blind'): TranslatableFile => ({
  format: 'pdf', units: 1, segments: [{ id: '1', text, unit: 1 }],
  async write(_t, out) { await copyFile(made, out); return []; },
});

test('a translation past the warning threshold completes with warnings naming its pages; far past it fails with the reason and keeps no file', async () => {
  const source = await saved('plain-job.pdf', await layoutFixture('plain'));
  const hidden = await saved('hidden-job.pdf', await brokenLayout('hidden-words'));
  const output = path.join(dir, 'job-out.pdf');
  const r = await translateFile({ input: source, output, file: writes(hidden), source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  assert.deepEqual(r.warnings.map((w) => [w.unit, w.code?.code]), [[1, 'warning.layout_over_text']]);
  assert.match(r.warnings[0]!.message, /drawn over other lines/);

  const inverted = path.join(DATA, 'inverted.es.pdf');
  await assert.rejects(
    translateFile({ input: path.join(DATA, 'inverted.pdf'), output, file: writes(inverted), source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory(), label: '"warranty.pdf"' }),
    (e: Error & { code?: string }) => {
      assert.equal(e.code, 'corrupt_file');
      assert.equal(e.message, 'The translation of "warranty.pdf" came out unreadable and was not kept: on page 1 text lies outside the page or outside its place in the original; text is turned or mirrored unlike the original.');
      return true;
    },
  );
  assert.equal(existsSync(output), false, 'no translated file is left');
  // Turned off, the same translation is kept as it came out (the benchmark measures it apart).
  await translateFile({ input: path.join(DATA, 'inverted.pdf'), output, file: writes(inverted), source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory(), layoutCheck: false });
  assert.equal(existsSync(output), true);
});
