import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { runTool } from '../../foundation/tools/exec';
import { openPdf } from './pdf';
import { parseTurnedLines } from './pdf-turned';
import { checkReaderLayout } from './reader-check';
import { translateFile } from './translate-file';

/**
 * Issue 37: issue17069.pdf's diagonal watermarks ("test", "SANDBOX") were
 * redrawn upright in pieces (the reader check flagged turned letters). Text
 * at a slant is kept as it was: untranslated, at its place and slant, with a
 * warning naming the page.
 */

let rig: TranslateRig;
let dir: string;
before(async () => { rig = await startTranslateRig(); dir = await mkdtemp(path.join(tmpdir(), 'pdf-turned-')); });
after(async () => { await rig.close(); await rm(dir, { recursive: true, force: true }); });

const slanted = async (file: string) => {
  const xml = path.join(dir, `${path.basename(file)}.xml`);
  await runTool('mutool', ['draw', '-q', '-F', 'stext', '-o', xml, file, '1'], { timeoutMs: 60_000 });
  return parseTurnedLines(await readFile(xml, 'utf8'));
};

test('a diagonal watermark is no segment and comes back untranslated at its slant, with a warning on its page; the reader check sees no turned letters', async () => {
  const src = corpusFile('pdf/issue17069.pdf');
  const before = await slanted(src);
  assert.ok(before.some((l) => l.text === 'SANDBOX'), JSON.stringify(before.map((l) => l.text)));
  const file = await openPdf(src, { source: 'english' });
  assert.ok(!file.segments.some((s) => /SANDBOX|^(S|A|N|D|B|O|X)$/.test(s.text)), JSON.stringify(file.segments.map((s) => s.text)));

  const output = path.join(dir, 'issue17069.fr.pdf');
  const r = await translateFile({ input: src, output, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  const codes = r.warnings.map((w) => [w.unit, w.code?.code]);
  assert.ok(codes.some(([u, c]) => u === 1 && c === 'warning.slanted_text_kept'), JSON.stringify(codes));
  assert.ok(!codes.some(([, c]) => c === 'warning.layout_turned'), JSON.stringify(codes));

  const after = await slanted(output);
  const sandbox = after.find((l) => l.text === 'SANDBOX');
  const was = before.find((l) => l.text === 'SANDBOX')!;
  assert.ok(sandbox, JSON.stringify(after.map((l) => l.text)));
  assert.ok(Math.abs(sandbox.angle - was.angle) < 2, `slant ${sandbox.angle} vs ${was.angle}`);
  assert.ok(Math.hypot(sandbox.x - was.x, sandbox.y - was.y) < was.size * 0.5, `place ${sandbox.x},${sandbox.y} vs ${was.x},${was.y}`);
  const check = await checkReaderLayout(src, output);
  assert.equal(check.pages[0]!.turned, 0, JSON.stringify(check.pages));
});
