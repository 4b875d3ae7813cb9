import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runTool } from '../../foundation/tools/exec';
import { corpusFile } from '../../testing/corpus';
import { inspectParagraphs } from '../../testing/office-inspect';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { keepReason, looksLikeCode } from './keep';
import { readPackage, writePackage } from './ooxml';
import { readPdfBlocks } from './pdf-blocks';
import { stripTags } from '../../foundation/tools/inline-tags';
import { translateFile } from './translate-file';

/**
 * Issue point 5 (do-not-translate): code, formulas, labels and identifiers
 * are never sent to a provider and come out as they went in; hyphenation
 * at line ends is rejoined before translation (point 4).
 */

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

test('what the issue saw translated is kept: "sin x", "8a", a row label "A", `Double`, a code line; prose is not', () => {
  for (const [text, why] of [['sin x', 'formula'], ['f(x) = 2x + 1', 'formula'], ['8a', 'label'], ['A', 'label'], ['12b', 'label'], ['iv.', 'label'],
    ['Double', 'identifier'], ['getValue', 'identifier'], ['max_size', 'identifier'], ['String.format()', 'identifier'],
    ['for (var i = 2; i < 100; ++i) {', 'code'], ['primes[k] = false;', 'code']] as const) {
    assert.equal(keepReason(text), why, `"${text}"`);
  }
  for (const text of ['Press the button for five seconds.', 'No', 'Go to Settings (top right) and tap Pair.', 'Double the torque for long blinds.',
    'If the motor stops, check the fuse; then restart it.', 'Section 8. Related work']) {
    assert.equal(keepReason(text), null, `"${text}" is translated`);
  }
  // Only glossary placeholders and literals: nothing left to translate.
  assert.equal(keepReason('<g1/> <g2/>'), 'protected');
});

test('a paragraph of prose that mentions C++ and "if" is not code', () => {
  assert.equal(looksLikeCode('if it is set. There are many external functions\nthat call C++ builtins (e.g., DOM access).'), false);
});

test('tracemonkey: the code listing is one kept block drawn line by line, never sent; hyphenated words are rejoined', async () => {
  const page2 = path.join(rig.dir, 'tracemonkey-p2.pdf');
  await runTool('mutool', ['merge', '-o', page2, corpusFile('pdf/tracemonkey_with_annotations.pdf'), '2']);
  const { blocks } = await readPdfBlocks(page2);
  const code = blocks.filter((b) => b.keep === 'code');
  assert.equal(code.length, 1);
  assert.deepEqual(code[0]!.lines!.map((l) => l.text), [
    '1 for (var i = 2; i < 100; ++i) {', '2 if (!primes[i])', '3 continue;', '4 for (var k = i + i; i < 100; k += i)', '5 primes[k] = false;', '6 }',
  ]);
  const all = blocks.map((b) => b.text).join('\n');
  // "pro-/gram", "in-/terpreter", "cap-/ture", "num-/ber" at line ends are whole words again.
  for (const w of ['translate a program', 'JavaScript interpreter, SpiderMonkey', 'to capture', 'a number of']) assert.ok(all.includes(w), `"${w}"`);
  assert.doesNotMatch(all, /\bpro- ?gram\b|\bin- ?terpreter\b|\bcap- ?ture\b|\bnum- ?ber\b/);

  const seen = rig.respond();
  const out = path.join(rig.dir, 'tracemonkey-p2.ar.pdf');
  const r = await translateFile({ input: page2, output: out, source: 'english', target: 'arabic', translator: rig.translator(), memory: rig.memory() });
  assert.ok(r.kept >= 1);
  assert.ok(!seen.seen.some((s) => s.includes('primes[')), 'the listing never went to the model');
  const text = (await runTool('pdftotext', ['-layout', out, '-'])).stdout.toString('utf8');
  for (const line of ['for (var i = 2; i < 100; ++i) {', 'if (!primes[i])', 'primes[k] = false;']) assert.ok(text.includes(line), `"${line}" is in the output as it was`);
});

test('a real table of row labels (tbl-props.docx "a".."i") and a monospace run inside a sentence are kept; the rest is translated', async () => {
  // python-docx's tbl-props.docx, with one body paragraph given a monospace run.
  const pkg = await readPackage(corpusFile('docx/tbl-props.docx'), 'corpus file');
  const xml = pkg.parts.get('word/document.xml')!.toString('utf8');
  const para = '<w:p><w:r><w:t xml:space="preserve">Call </w:t></w:r><w:r><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/></w:rPr><w:t>Double.parse</w:t></w:r><w:r><w:t xml:space="preserve"> to read the value.</w:t></w:r></w:p>';
  pkg.parts.set('word/document.xml', Buffer.from(xml.replace('<w:body>', `<w:body>${para}`), 'utf8'));
  const input = path.join(rig.dir, 'tbl-props-code.docx');
  await writePackage(input, pkg);
  const seen = rig.respond();
  const out = path.join(rig.dir, 'tbl-props-code.es.docx');
  const r = await translateFile({ input, output: out, source: 'english', target: 'spanish', translator: rig.translator(), memory: rig.memory() });
  assert.ok(r.kept >= 9, `kept ${r.kept}`);
  assert.ok(!seen.seen.some((s) => /^[a-i]$/.test(stripTags(s))), 'no row label went to the model');
  assert.ok(!seen.seen.some((s) => s.includes('Double.parse')), 'the monospace run went as a literal tag');
  const texts = (await inspectParagraphs(out)).map((p) => p.text);
  assert.ok(texts.includes('llaC Double.parse ot daer eht eulav.'), texts.slice(0, 3).join(' | '));
  for (const label of ['a', 'b', 'i']) assert.ok(texts.includes(label));
});
