import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { makeTextImage } from '../../testing/fixture-media';
import { buildTightPptx, TIGHT_TEXT } from '../../testing/fixture-translate';
import { fixtures } from '../../testing/fixtures';
import { markerTranslate } from '../../testing/fake-translate';
import { CORPUS_DIR, WIDE_CORPUS_DIR } from '../../testing/corpus';
import { keepReason } from './keep';
import { inspectParagraphs, libreOfficePages, mediaHashes } from '../../testing/office-inspect';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { readPackage } from './ooxml';
import { fitScale } from './pptx';
import { translateFile } from './translate-file';

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const hasLetters = (s: string) => /\p{L}/u.test(s);

async function compare(orig: string, out: string) {
  const a = await inspectParagraphs(orig);
  const b = await inspectParagraphs(out);
  assert.equal(b.length, a.length, 'paragraph count');
  const problems: string[] = [];
  let translatable = 0;
  a.forEach((p, i) => {
    if (!hasLetters(p.text)) return;
    translatable++;
    const q = b[i]!;
    if (q.text !== (keepReason(p.text) ? p.text : markerTranslate(p.text))) problems.push(`${p.part}: "${p.text.slice(0, 50)}" -> "${q.text.slice(0, 50)}"`);
    else if (JSON.stringify(q.runs) !== JSON.stringify(p.runs)) problems.push(`${p.part} runs: ${JSON.stringify(p.runs)} -> ${JSON.stringify(q.runs)}`);
  });
  return { problems, translatable, paragraphs: b };
}

const slideXml = async (file: string, n = 1) => (await readPackage(file, 'x')).parts.get(`ppt/slides/slide${n}.xml`)!.toString('utf8');

test('a PPTX is translated in place: titles, bullets and speaker notes of every slide, runs equal, images byte-identical', async () => {
  const f = await fixtures.pptx();
  const out = path.join(rig.dir, 'deck.es.pptx');
  const r = await translateFile({ input: f.path, output: out, source: 'english', target: 'spanish', translator: rig.translator(), memory: rig.memory() });
  assert.equal(r.coverage, 1);
  assert.equal(r.units, f.slideCount);
  const c = await compare(f.path, out);
  assert.deepEqual(c.problems, []);
  assert.ok(c.paragraphs.some((p) => p.part.startsWith('ppt/notesSlides/') && p.text === markerTranslate(f.notes[0]!)), 'notes translated');
  assert.deepEqual(await mediaHashes(out), await mediaHashes(f.path));
  assert.equal(r.text.length, f.slideCount, 'text per slide for indexing');
  assert.ok(r.text[1]!.text.includes(markerTranslate(f.titles[1]!)));
  assert.match(await slideXml(out), /lang="es-ES"/);
});

test('a Hebrew translation makes paragraphs right-to-left and tags runs he-IL; Japanese gets a Noto CJK font', async () => {
  const f = await fixtures.pptx();
  const he = path.join(rig.dir, 'deck.he.pptx');
  await translateFile({ input: f.path, output: he, source: 'english', target: 'hebrew', translator: rig.translator(), memory: rig.memory() });
  for (const p of (await inspectParagraphs(he)).filter((x) => hasLetters(x.text))) assert.match(p.props, /rtl="1"/, p.text);
  const xml = await slideXml(he, 2);
  assert.doesNotMatch(xml, /lang="en-US"/);
  assert.match(xml, /lang="he-IL"/);
  assert.match(xml, /<a:cs typeface="Noto Sans Hebrew"\/>/);
  const ja = path.join(rig.dir, 'deck.ja.pptx');
  await translateFile({ input: f.path, output: ja, source: 'english', target: 'japanese', translator: rig.translator(), memory: rig.memory() });
  assert.match(await slideXml(ja, 2), /<a:ea typeface="Noto Sans CJK JP"\/>/);
});

test('a translation much longer than its text box is scaled down to fit the box', async () => {
  const png = await makeTextImage(path.join(rig.dir, 'p.png'), { lines: ['Motor'], width: 400, height: 160, shapes: true });
  const src = path.join(rig.dir, 'tight.pptx');
  await writeFile(src, await buildTightPptx(await readFile(png)));
  const out = path.join(rig.dir, 'tight.de.pptx');
  rig.respond({ expand: 3 });
  try {
    await translateFile({ input: src, output: out, source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory() });
  } finally { rig.respond(); }
  const before = await slideXml(src);
  const xml = await slideXml(out);
  const sp = /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<a:t>[^<]*<\/a:t>[\s\S]*?<\/p:sp>/.exec(xml)![0];
  const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp)!;
  const text = [...sp.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
  assert.equal(text, markerTranslate(TIGHT_TEXT, 3));
  const fontScale = Number(/fontScale="(\d+)"/.exec(sp)?.[1] ?? 100000) / 100000;
  const sz = Number(/<a:rPr[^>]*\bsz="(\d+)"/.exec(sp)?.[1] ?? 0) / 100;
  const origSz = Number(/<a:rPr[^>]*\bsz="(\d+)"/.exec(before)?.[1] ?? 0) / 100;
  const effective = sz * fontScale;
  assert.ok(effective < origSz * 0.8, `text scaled from ${origSz} pt to ${effective} pt`);
  assert.match(sp, /<a:normAutofit/);
  // At the new size the text fits the box by the same estimate that sized it; at the old size it did not.
  assert.equal(fitScale([{ chars: text.length, sizePt: effective }], Number(ext[1]), Number(ext[2])), 1);
  assert.ok(fitScale([{ chars: text.length, sizePt: origSz }], Number(ext[1]), Number(ext[2])) < 1);
  assert.deepEqual(await mediaHashes(out), await mediaHashes(src));
  const [a, b] = await libreOfficePages([src, out]);
  assert.equal(b, a);
});

/**
 * Real decks written by others (python-pptx's test files): groups, tables,
 * SmartArt and charts, notes, placeholders, autofit text, pictures, a deck
 * with no slides, one with a missing relationship target, one with no text.
 * CORPUS_DIR=folder runs every PPTX of that folder's pptx/ instead (e.g.
 * the shared corpus: 66).
 */
const PPTX_FILES = [
  'cht-charts.pptx', 'missing_rels_item.pptx', 'no-slides.pptx', 'ph-populated-placeholders.pptx', 'shp-groupshape.pptx',
  'shp-shapes.pptx', 'sld-notes.pptx', 'tbl-cell.pptx', 'test-image-jpg-mime.pptx', 'test_slides.pptx', 'txt-fit-text.pptx', 'txt-text.pptx',
];
const CORPUS = path.join(WIDE_CORPUS_DIR ?? CORPUS_DIR, 'pptx');

test('real PPTX files (groups, tables, SmartArt, notes; 12 named, or every one of CORPUS_DIR): all text translated with equal runs, images byte-identical, slide counts equal in LibreOffice on a sample', async (t) => {
  const files = WIDE_CORPUS_DIR ? readdirSync(CORPUS).filter((f) => f.endsWith('.pptx')).sort() : PPTX_FILES;
  const memory = rig.memory();
  const problems: string[] = [];
  const translated: string[] = [];
  let translatable = 0;
  let empty = 0;
  let units = 0;
  for (const f of files) {
    const src = path.join(CORPUS, f);
    const out = path.join(rig.dir, `corpus-${f}`);
    const r = await translateFile({ input: src, output: out, source: 'english', target: 'italian', translator: rig.translator(), memory })
      .catch((e: unknown) => e);
    if (r instanceof AppError && /has no text/.test(r.message)) {
      assert.ok(!(await inspectParagraphs(src)).some((p) => hasLetters(p.text)), `${f} has text but was refused`);
      empty++;
      continue;
    }
    if (r instanceof Error) throw r;
    assert.equal((r as { coverage: number }).coverage, 1, f);
    units += (r as { units: number }).units;
    translated.push(f);
    const c = await compare(src, out);
    translatable += c.translatable;
    problems.push(...c.problems.map((p) => `${f} ${p}`));
    assert.deepEqual(await mediaHashes(out), await mediaHashes(src), `${f} images`);
  }
  t.diagnostic(`${files.length} files (${empty} without text), ${units} slides, ${translatable} paragraphs with text, ${problems.length} not translated exactly`);
  assert.deepEqual(problems, []);
  const sample = [...new Set([...translated.filter((_, i) => i % 8 === 0), 'shp-groupshape.pptx', 'shp-shapes.pptx', 'tbl-cell.pptx'])]
    .filter((f) => translated.includes(f));
  const pages = await libreOfficePages(sample.flatMap((s) => [path.join(CORPUS, s), path.join(rig.dir, `corpus-${s}`)]));
  sample.forEach((s, i) => {
    assert.ok(pages[2 * i]! > 0, `${s} renders`);
    assert.equal(pages[2 * i + 1], pages[2 * i], `${s}: slides of the translation`);
  });
});
