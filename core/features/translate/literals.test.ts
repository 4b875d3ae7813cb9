import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createOpenAiClient } from '../../engines/llm/openai';
import { corpusFile } from '../../testing/corpus';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai';
import { markerTranslate, translatingResponder } from '../../testing/fake-translate';
import { inspectParagraphs } from '../../testing/office-inspect';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { createModelTranslator } from './model-translator';
import { createApertiumTranslator } from './apertium';
import { readPackage, writePackage } from './ooxml';
import { escapeLiterals, pieces, stripTags, tagProblem } from '../../foundation/tools/inline-tags';
import { translateFile } from './translate-file';

/**
 * Issue point 1: document text that looks like an inline tag ("Press <1>
 * to select", `</1>`, `<6>`) is escaped before tagging, so the tag check
 * never fails on the source's own text and no provider can lose it.
 */

const LITERAL = 'Press <1> to select, <6> to close and </1> to go back.';

let rig: TranslateRig;
let fakeOpenAi: FakeOpenAi;
let docx: string;
before(async () => {
  rig = await startTranslateRig();
  fakeOpenAi = await startFakeOpenAi({ responder: translatingResponder() });
  // A real Word file (python-docx's par-known-paragraphs.docx) with one paragraph's text set to keyboard instructions.
  const pkg = await readPackage(corpusFile('docx/par-known-paragraphs.docx'), 'corpus file');
  const xml = pkg.parts.get('word/document.xml')!.toString('utf8');
  const escaped = LITERAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  pkg.parts.set('word/document.xml', Buffer.from(xml.replace('<w:t>Heading Para</w:t>', `<w:t xml:space="preserve">${escaped}</w:t>`), 'utf8'));
  docx = path.join(rig.dir, 'keys.docx');
  await writePackage(docx, pkg);
});
after(async () => { await rig?.close(); await fakeOpenAi?.close(); });

test('literal markup in document text becomes a literal tag that strips and splits back to the same text', () => {
  const seg = `${escapeLiterals('Press <1> or <g1/> or <l3c/>')} <2>now</2>`;
  assert.doesNotMatch(seg, /<1>|<g1\/>|<l3c\/>/);
  assert.equal(stripTags(seg), 'Press <1> or <g1/> or <l3c/> now');
  assert.equal(tagProblem(seg, markerTranslate(seg)), null, 'the source\'s own text never fails the tag check');
  assert.deepEqual(pieces(seg).map((p) => p.text), ['Press <1> or <g1/> or <l3c/> ', 'now']);
  // A provider that drops the literal is caught like any lost tag.
  assert.match(tagProblem(seg, seg.replace(/<l[0-9a-f]+\/>/, '')) ?? '', /missing/);
});

test('a literal <1> in a real DOCX round-trips through the Anthropic and the OpenAI-compatible model', async () => {
  const providers = [
    rig.translator(),
    createModelTranslator({ llm: createOpenAiClient({ apiKey: null, baseUrl: fakeOpenAi.url, model: 'qwen', timeoutMs: 5000, maxRetries: 0, maxTokens: 4096 }), id: 'openai' }),
  ];
  for (const translator of providers) {
    const out = path.join(rig.dir, `keys.${translator.id}.docx`);
    const r = await translateFile({ input: docx, output: out, source: 'english', target: 'arabic', translator, memory: rig.memory() });
    assert.equal(r.coverage, 1);
    const para = (await inspectParagraphs(out)).find((p) => p.text.includes('<6>'));
    assert.equal(para?.text, markerTranslate(`${LITERAL}graph`), `${translator.id}: the literal tags are kept, the words translated`);
  }
});

test('Apertium keeps a literal <1> ("Press <1> to select" no longer loses it) in text and in a real DOCX', async () => {
  const apertium = createApertiumTranslator();
  const seg = escapeLiterals('Press <1> to select');
  const t = (await apertium.translate({ segments: [{ id: 'a', text: seg }], source: 'english', target: 'spanish' })).get('a')!;
  assert.equal(tagProblem(seg, t), null);
  assert.match(stripTags(t), /^\S+ <1> para seleccionar$/);
  const out = path.join(rig.dir, 'keys.apertium.docx');
  await translateFile({ input: docx, output: out, source: 'english', target: 'spanish', translator: apertium, memory: rig.memory() });
  const para = (await inspectParagraphs(out)).find((p) => p.text.includes('<6>'));
  assert.ok(para, 'the paragraph with the literals is there');
  for (const lit of ['<1>', '<6>', '</1>']) assert.ok(para.text.includes(lit), `"${para.text}" keeps ${lit}`);
  assert.doesNotMatch(para.text, /Press|select/);
});
