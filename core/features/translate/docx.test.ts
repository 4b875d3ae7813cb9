import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { makeTextImage } from '../../testing/fixture-media';
import { buildRichDocx, RICH_DOCX } from '../../testing/fixture-translate';
import { markerTranslate } from '../../testing/fake-translate';
import { CORPUS_DIR, WIDE_CORPUS_DIR } from '../../testing/corpus';
import { keepReason } from './keep';
import { inspectParagraphs, libreOfficePages, mediaHashes } from '../../testing/office-inspect';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { readPackage } from './ooxml';
import { translateFile } from './translate-file';

let rig: TranslateRig;
let rich: string;
before(async () => {
  rig = await startTranslateRig();
  const png = await makeTextImage(path.join(rig.dir, 'pic.png'), { lines: ['Bracket 600 mm'], width: 600, height: 240, shapes: true });
  rich = path.join(rig.dir, 'rich.docx');
  await writeFile(rich, await buildRichDocx(await readFile(png)));
});
after(() => rig.close());

const hasLetters = (s: string) => /\p{L}/u.test(s);

/** Every paragraph with text came back as the marker transform of its source, with the same runs. */
async function compare(orig: string, out: string) {
  const a = await inspectParagraphs(orig);
  const b = await inspectParagraphs(out);
  assert.equal(b.length, a.length, 'paragraph count');
  let translatable = 0;
  const untranslated: string[] = [];
  const runDiffs: string[] = [];
  a.forEach((p, i) => {
    const q = b[i]!;
    if (!hasLetters(p.text)) return;
    translatable++;
    // Labels, identifiers, formulas and code are kept as they are (core/features/translate/keep.ts).
    if (q.text !== (keepReason(p.text) ? p.text : markerTranslate(p.text))) untranslated.push(`${p.part}: "${p.text.slice(0, 60)}" -> "${q.text.slice(0, 60)}"`);
    else if (JSON.stringify(q.runs) !== JSON.stringify(p.runs)) runDiffs.push(`${p.part}: "${p.text.slice(0, 40)}" ${JSON.stringify(p.runs)} -> ${JSON.stringify(q.runs)}`);
  });
  return { translatable, untranslated, runDiffs, paragraphs: b };
}

test('a DOCX is translated in place: body, header, footer, footnote, text box and table text all come back with equal runs', async () => {
  const out = path.join(rig.dir, 'rich.es.docx');
  const r = await translateFile({ input: rich, output: out, source: 'english', target: 'spanish', translator: rig.translator(), memory: rig.memory() });
  assert.equal(r.coverage, 1);
  const c = await compare(rich, out);
  assert.deepEqual(c.untranslated, []);
  assert.deepEqual(c.runDiffs, []);
  const texts = c.paragraphs.map((p) => p.text);
  for (const s of [RICH_DOCX.header, RICH_DOCX.footer, RICH_DOCX.footnote, RICH_DOCX.textbox, RICH_DOCX.table[1]![1]!, RICH_DOCX.link.text]) {
    assert.ok(texts.some((t) => t.includes(markerTranslate(s))), `translated "${s}" is in the output`);
  }
  // Three runs of equal formatting were merged into one segment (one request, the words in order).
  assert.ok(texts.includes(markerTranslate(RICH_DOCX.split.join(''))));
  assert.ok(c.translatable >= 12, `found ${c.translatable} paragraphs`);
  assert.deepEqual(await mediaHashes(out), await mediaHashes(rich));
  const [po, pt] = await Promise.all([readPackage(rich, 'a'), readPackage(out, 'b')]);
  for (const part of ['word/numbering.xml', 'word/_rels/document.xml.rels', '[Content_Types].xml']) {
    if (po.parts.has(part)) assert.ok(po.parts.get(part)!.equals(pt.parts.get(part)!), `${part} unchanged`);
  }
  const doc = pt.parts.get('word/document.xml')!.toString('utf8');
  assert.match(doc, /w:lang w:val="es-ES"/);
  assert.match(doc, /https:\/\/example.com\/guide|r:id="rId/, 'hyperlink kept');
  assert.match(doc, /PAGE/, 'the page field instruction is kept');
});

test('a Hebrew translation marks every translated paragraph right-to-left with the Hebrew language tag', async () => {
  const out = path.join(rig.dir, 'rich.he.docx');
  await translateFile({ input: rich, output: out, source: 'english', target: 'hebrew', translator: rig.translator(), memory: rig.memory() });
  const paras = (await inspectParagraphs(out)).filter((p) => hasLetters(p.text));
  for (const p of paras) assert.match(p.props, /<w:bidi\/>/, `paragraph "${p.text.slice(0, 30)}" is right-to-left`);
  const doc = (await readPackage(out, 'x')).parts.get('word/document.xml')!.toString('utf8');
  assert.match(doc, /<w:tblPr>(?:(?!<\/w:tblPr>)[\s\S])*<w:bidiVisual\/>/, 'tables read right to left');
  const runsWithText = [...doc.matchAll(/<w:r>(?:(?!<\/w:r>)[\s\S])*?<w:t[ >](?:(?!<\/w:r>)[\s\S])*?<\/w:r>/g)].map((m) => m[0]);
  assert.ok(runsWithText.length > 10);
  for (const r of runsWithText) {
    assert.match(r, /<w:rtl\/>/);
    assert.match(r, /w:bidi="he-IL"/);
  }
});

test('glossary terms come back untouched and are never sent to the provider', async () => {
  const out = path.join(rig.dir, 'rich.gl.docx');
  const responder = rig.respond();
  const glossary = { version: 1, entries: [{ term: 'AuraShade' }, { term: 'KNX' }] };
  const r = await translateFile({ input: rich, output: out, source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory(), glossary });
  assert.deepEqual(r.warnings, []);
  assert.ok(!responder.seen.some((t) => t.includes('AuraShade') || t.includes('KNX')), 'terms were replaced by placeholders');
  const all = (await inspectParagraphs(out)).map((p) => p.text).join('\n');
  assert.match(all, /AuraShade/);
  assert.match(all, /KNX/);
  assert.doesNotMatch(all, /edahSaruA|XNK/);
});

test('LibreOffice opens the translations and renders as many pages as the original', async () => {
  const outs = ['rich.es.docx', 'rich.he.docx'].map((f) => path.join(rig.dir, f));
  const [orig, ...pages] = await libreOfficePages([rich, ...outs]);
  assert.ok(orig! >= 1);
  assert.deepEqual(pages, outs.map(() => orig));
});

/**
 * Real Word files written by others (python-docx's test files): headers and
 * footers, comments with an image, SmartArt and a chart, hyperlinks, tables
 * (plain, styled, of row labels), numbering, sections, run formatting, and
 * one with no styles part and no text (refused as such). CORPUS_DIR=folder
 * runs every DOCX of that folder's docx/ instead (e.g. the shared corpus: 45).
 */
const DOCX_FILES = [
  'blk-paras-and-tables.docx', 'comments-rich-para.docx', 'hdr-header-footer.docx', 'num-having-numbering-part.docx',
  'par-hlink-frags.docx', 'par-known-styles.docx', 'sct-first-page-hdrftr.docx', 'shp-inline-shape-access.docx',
  'sty-having-no-styles-part.docx', 'tbl-having-applied-style.docx', 'tbl-props.docx', 'txt-font-props.docx',
];
const CORPUS = path.join(WIDE_CORPUS_DIR ?? CORPUS_DIR, 'docx');

test('real DOCX files (12 named, or every one of CORPUS_DIR): all text translated, runs equal in count and kind, images byte-identical, LibreOffice page counts equal on a sample', async (t) => {
  const files = WIDE_CORPUS_DIR ? readdirSync(CORPUS).filter((f) => f.endsWith('.docx')).sort() : DOCX_FILES;
  const memory = rig.memory();
  let translatable = 0;
  let empty = 0;
  const translated: string[] = [];
  const problems: string[] = [];
  for (const f of files) {
    const src = path.join(CORPUS, f);
    const out = path.join(rig.dir, `corpus-${f}`);
    const r = await translateFile({ input: src, output: out, source: 'english', target: 'french', translator: rig.translator(), memory })
      .catch((e: AppError) => e);
    if (r instanceof AppError) {
      // Only a file without any text may be refused, and it says so.
      assert.match(r.message, /has no text that can be translated/);
      assert.ok(!(await inspectParagraphs(src)).some((p) => hasLetters(p.text)), `${f} has text but was refused`);
      empty++;
      continue;
    }
    assert.equal(r.coverage, 1, f);
    translated.push(f);
    const c = await compare(src, out);
    translatable += c.translatable;
    problems.push(...c.untranslated.map((u) => `${f} untranslated ${u}`), ...c.runDiffs.map((u) => `${f} runs ${u}`));
    assert.deepEqual(await mediaHashes(out), await mediaHashes(src), `${f} images`);
  }
  t.diagnostic(`${files.length} files (${empty} without text), ${translatable} paragraphs with text, ${problems.length} not translated exactly`);
  assert.deepEqual(problems, []);
  // LibreOffice on a sample (about 1 s a file here): every fifth translated file.
  const sample = translated.filter((_, i) => i % 5 === 0);
  const pairs = sample.map((s) => [path.join(CORPUS, s), path.join(rig.dir, `corpus-${s}`)]);
  const pages = await libreOfficePages(pairs.flat());
  for (let i = 0; i < sample.length; i++) {
    assert.ok(pages[2 * i]! > 0, `${sample[i]} renders`);
    assert.equal(pages[2 * i + 1], pages[2 * i], `${sample[i]}: pages of the translation`);
  }
});
