import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createOpenAiClient } from '../../engines/llm/openai';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai';
import { markerTranslate, translatingResponder, type TranslatingResponder } from '../../testing/fake-translate';
import { buildPdf } from '../../testing/pdf-writer';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { runTool } from '../../foundation/tools/exec';
import { createApertiumTranslator } from './apertium';
import { protectTerms, restoreTerms, type Glossary } from './glossary';
import { inspectParagraphs } from '../../testing/office-inspect';
import { corpusFile } from '../../testing/corpus';
import { readPackage, writePackage } from './ooxml';
import { tagProblem } from '../../foundation/tools/inline-tags';
import { createModelTranslator } from './model-translator';
import { joinLines, readPdfBlocks } from './pdf-blocks';
import { translateFile } from './translate-file';
import type { Translator } from './types';

/**
 * Issue 20, glossary do-not-translate inside sentences: a term the glossary
 * keeps as it is (an entry without translations) stays unchanged where it
 * sits inside a longer sentence, through the Anthropic and OpenAI-compatible
 * model fakes and the real Apertium; a term hyphenated at a PDF line end is
 * one word again before the glossary looks for it.
 */

const GLOSSARY: Glossary = { version: 3, entries: [{ term: 'Somfy TaHoma' }, { term: 'Motorlink' }, { term: 'PowerView' }, { term: 'smartbox', ignoreCase: true }] };
// "Motor-/link" is hyphenated at a line end; "SmartBox" differs in case from the (case-insensitive) entry.
const LINES = [
  'Pair the Somfy TaHoma hub with the remote control and',
  'open the PowerView app. The blind uses a Motor-',
  'link radio, so keep the SmartBox near the window.',
];

let rig: TranslateRig;
let openai: FakeOpenAi;
let pdf: string;
let docx: string;
before(async () => {
  rig = await startTranslateRig();
  openai = await startFakeOpenAi({ responder: translatingResponder() });
  pdf = path.join(rig.dir, 'glossary.pdf');
  await writeFile(pdf, buildPdf([{ lines: LINES, fontSize: 12 }], { title: 'Glossary' }));
  // A real Word file (python-docx's par-known-paragraphs.docx) whose heading becomes a sentence with "TaHoma" in bold: the term runs across two runs.
  const pkg = await readPackage(corpusFile('docx/par-known-paragraphs.docx'), 'corpus file');
  const xml = pkg.parts.get('word/document.xml')!.toString('utf8');
  const runs = '<w:r><w:t xml:space="preserve">Pair the Somfy </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>TaHoma</w:t></w:r><w:r><w:t xml:space="preserve"> hub with the remote control.</w:t></w:r>';
  pkg.parts.set('word/document.xml', Buffer.from(xml.replace('<w:r><w:t>Heading Para</w:t></w:r>', runs).replace('<w:r><w:t>graph</w:t></w:r>', ''), 'utf8'));
  docx = path.join(rig.dir, 'runs.docx');
  await writePackage(docx, pkg);
});
after(async () => { await rig.close(); await openai.close(); });

test('a term inside a sentence, or running across inline tags, becomes placeholders with the tags left in place', () => {
  const g: Glossary = { version: 1, entries: [{ term: 'Somfy TaHoma' }, { term: 'TaHoma' }, { term: 'hub', translations: { french: 'boîtier' } }, { term: 'Somfy Connect', translations: { french: 'Connexion Somfy' } }] };
  const inSentence = protectTerms('Pair the Somfy TaHoma hub now.', g, 'french');
  assert.equal(inSentence.text, 'Pair the <g1/> <g2/> now.', 'the longer term wins');
  assert.equal(restoreTerms(inSentence.text, inSentence.restore), 'Pair the Somfy TaHoma boîtier now.');
  const across = 'Pair the Somfy <1>TaHoma</1> hub and <2>Somfy</2> Connect.';
  const p = protectTerms(across, g, 'french');
  assert.equal(p.text, 'Pair the <g1/><1><g2/></1> <g3/> and <2><g4/></2><g5/>.');
  assert.equal(tagProblem(across, p.text.replace(/<g\d+\/>/g, '')), null, 'every tag of the segment is still there, in order');
  assert.equal(restoreTerms(p.text, p.restore), 'Pair the Somfy <1>TaHoma</1> boîtier and <2>Connexion Somfy</2>.');
  assert.equal(protectTerms('Pair<1>TaHoma</1>s', g, 'french').text, 'Pair<1>TaHoma</1>s', 'a term is a whole word');
});

const textOf = async (file: string) => (await runTool('pdftotext', [file, '-'])).stdout.toString('utf8').replace(/\s+/g, ' ');

test('the hyphenated line end is rejoined before translation: the block reads "Motorlink radio"', async () => {
  const { blocks } = await readPdfBlocks(pdf);
  const text = blocks.map((b) => b.text).join(' ');
  assert.match(text, /a Motorlink radio/);
  assert.doesNotMatch(text, /Motor- ?link/);
  assert.equal(joinLines(['the docu-', 'ment of the Smart-', 'Hub for pages 12-', '14 and the run-', 'time'], 'a run-time error'),
    'the document of the Smart-Hub for pages 12-14 and the run-time');
});

const viaModel = async (name: string, translator: Translator, seen: TranslatingResponder) => {
  const out = path.join(rig.dir, `${name}.pdf`);
  const r = await translateFile({ input: pdf, output: out, source: 'english', target: 'french', translator, memory: rig.memory(), glossary: GLOSSARY });
  const text = await textOf(out);
  for (const term of ['Somfy TaHoma', 'PowerView', 'Motorlink', 'SmartBox']) assert.ok(text.includes(term), `${name}: "${term}" unchanged in ${text}`);
  // The sentence around the terms is translated (reversed by the fake), and the terms never reached the provider.
  for (const w of ['Pair', 'remote', 'window']) assert.ok(text.includes(markerTranslate(w)), `${name}: "${w}" translated`);
  assert.ok(seen.seen.length > 0);
  assert.ok(!seen.seen.some((s) => /TaHoma|PowerView|Motorlink|SmartBox/i.test(s)), `${name} saw ${seen.seen}`);
  assert.ok(seen.seen.some((s) => /<g\d+\/>.*<g\d+\/>/.test(s)), 'the sentence went with placeholders inside it');
  assert.deepEqual(r.warnings.filter((w) => /glossary/.test(w.message)), []);
};

test('inside sentences, glossary terms stay as they are through the Anthropic model (fake)', async () => {
  const seen = rig.respond();
  await viaModel('anthropic', rig.translator(), seen);
});

test('inside sentences, glossary terms stay as they are through an OpenAI-compatible model (fake)', async () => {
  const seen = translatingResponder();
  openai.respond(seen);
  const llm = createOpenAiClient({ apiKey: null, baseUrl: openai.url, model: 'qwen2.5:7b', timeoutMs: 20_000, maxRetries: 0, maxTokens: 4096 });
  await viaModel('openai', createModelTranslator({ llm, backoffMs: 5, maxAttempts: 3 }), seen);
});

test('inside sentences, glossary terms stay as they are through Apertium (English to Spanish)', async () => {
  const out = path.join(rig.dir, 'apertium.pdf');
  await translateFile({ input: pdf, output: out, source: 'english', target: 'spanish', translator: createApertiumTranslator(), memory: rig.memory(), glossary: GLOSSARY });
  const text = await textOf(out);
  for (const term of ['Somfy TaHoma', 'PowerView', 'Motorlink', 'SmartBox']) assert.ok(text.includes(term), `"${term}" unchanged in ${text}`);
  assert.match(text, /control remoto/, 'the rest is Spanish');
  assert.doesNotMatch(text, /remote control|Pair the/);
});

test('a term split across formatting runs of a real DOCX stays whole through the model and Apertium; its bold part stays bold', async () => {
  const seen = rig.respond();
  const cases = [['french', rig.translator()], ['spanish', createApertiumTranslator()]] as const;
  for (const [target, translator] of cases) {
    const out = path.join(rig.dir, `runs.${translator.id}.docx`);
    await translateFile({ input: docx, output: out, source: 'english', target, translator, memory: rig.memory(), glossary: GLOSSARY });
    const para = (await inspectParagraphs(out)).find((x) => x.text.includes('TaHoma'));
    assert.ok(para, `${translator.id}: the sentence keeps "TaHoma"`);
    assert.match(para.text, /Somfy TaHoma/, `${translator.id}: ${para.text}`);
    assert.doesNotMatch(para.text, /remote control|Pair the/, `${translator.id}: the rest is translated`);
    const xml = (await readPackage(out, 'out')).parts.get('word/document.xml')!.toString('utf8');
    assert.match(xml, /<w:rPr><w:b\/>(?:<[^>]*>)*?<\/w:rPr><w:t[^>]*>TaHoma<\/w:t>/, `${translator.id}: "TaHoma" is still the bold run`);
  }
  assert.ok(!seen.seen.some((x) => /TaHoma|Somfy/.test(x)), 'the term never reached the model');
});
