/**
 * PPTX translated in place: every paragraph of the slides (shapes, groups,
 * tables), SmartArt (diagram data and its cached drawing), chart text and
 * speaker notes. A text box whose translation is longer than it can hold
 * is scaled down (explicit sizes reduced, or `a:normAutofit fontScale`).
 * Everything else (images, layouts, masters, media) is copied unchanged.
 */

import type { TranslationLanguage } from '../../foundation/types';
import { parseRels, relsPathOf, slideIdsInOrder } from '../../foundation/tools/pptx-xml';
import { translateChartWorkbooks } from './chart-workbook';
import { applyDrawingParagraph, chartCacheValues, planDrawingParagraph, setText, type DrawingParagraph } from './drawingml';
import { childElements, elementsByName, firstChild, isRtl, parseXml, readPackage, serializeXml, writePackage, type OfficePackage } from './ooxml';
import { escapeLiterals, stripTags } from '../../foundation/tools/inline-tags';
import type { FileSegment, TranslatableFile, TranslationWarning, WriteOptions } from './types';
import { warningOf } from '../../foundation/messages';

const EMU_PER_PT = 12700;

/** A paragraph for the fit estimate: its characters, or the characters of each line when it has line breaks (`<a:br/>`). */
export interface FitParagraph { chars: number; sizePt: number; lines?: number[] }

/** Estimated height (EMU) of `paragraphs` at `scale` in a box `w` EMU wide (inset included). */
export function textHeight(paragraphs: FitParagraph[], w: number, scale: number, inset = 182880): number {
  const innerW = Math.max(w - inset, EMU_PER_PT * 10);
  let height = 0;
  for (const p of paragraphs) {
    const size = p.sizePt * scale * EMU_PER_PT;
    const perLine = Math.max(1, Math.floor(innerW / (size * 0.52)));
    // Each line break starts a line of its own.
    for (const chars of p.lines ?? [p.chars]) height += Math.max(1, Math.ceil(chars / perLine)) * size * 1.2;
  }
  return height;
}

/** The largest font scale (0.25..1, in 0.05 steps) at which `paragraphs` fit a box of w x h EMU. */
export function fitScale(paragraphs: FitParagraph[], w: number, h: number): number {
  const innerH = Math.max(h - 91440, EMU_PER_PT * 10);
  for (let s = 1; s >= 0.25; s -= 0.05) {
    if (textHeight(paragraphs, w, s) <= innerH) return Math.round(s * 100) / 100;
  }
  return 0.25;
}

/** Characters per line of a segment: object tags that stand for `<a:br/>` end a line. */
function lineChars(dp: DrawingParagraph, text: string): number[] {
  const withBreaks = text.replace(/<(\d+)\/>/g, (m, id: string) => {
    const g = dp.plan.tags.get(id);
    return g && g.kind === 'object' && g.nodes.some((n) => n.nodeName === 'a:br') ? '\n' : m;
  });
  return stripTags(withBreaks).split('\n').map((l) => l.length);
}

const sizeOfParagraph = (dp: DrawingParagraph, fallback: number) => {
  const sz = elementsByName(dp.p, 'a:rPr').map((r) => Number(r.getAttribute('sz'))).find((n) => n > 0);
  return sz ? sz / 100 : fallback;
};

/**
 * Table text shrinks when its translation would make the table taller than
 * it was (rows grow with their text and push the table past the slide's
 * bottom or under the next shape): every cell's text is scaled by the
 * largest factor at which the estimated table height stays within the
 * original's. Returns the scale applied (1 = none).
 */
function shrinkTable(tbl: Element, translated: Map<DrawingParagraph, string>, paraOf: Map<Element, DrawingParagraph>): number {
  const cols = elementsByName(tbl, 'a:gridCol').map((c) => Number(c.getAttribute('w')) || 0);
  const rows = childElements(tbl).filter((r) => r.nodeName === 'a:tr');
  const heightAt = (scale: number, after: boolean) => rows.reduce((sum, tr) => {
    let col = 0;
    let tallest = Number(tr.getAttribute('h')) || 0;
    for (const tc of childElements(tr).filter((c) => c.nodeName === 'a:tc')) {
      const span = Number(tc.getAttribute('gridSpan')) || 1;
      const w = cols.slice(col, col + span).reduce((a, b) => a + b, 0);
      col += span;
      const paras = elementsByName(tc, 'a:p').map((p) => paraOf.get(p)).filter((x): x is DrawingParagraph => !!x);
      if (!paras.length || !w) continue;
      const fit = paras.map((dp) => {
        const text = after ? translated.get(dp) ?? dp.plan.text : dp.plan.text;
        return { chars: stripTags(text).length, sizePt: sizeOfParagraph(dp, 18), lines: lineChars(dp, text) };
      });
      tallest = Math.max(tallest, textHeight(fit, w, scale, 182880) + 91440);
    }
    return sum + tallest;
  }, 0);
  const limit = heightAt(1, false);
  let scale = 1;
  while (scale > 0.4 && heightAt(scale, true) > limit * 1.02) scale -= 0.05;
  scale = Math.round(scale * 100) / 100;
  if (scale >= 1) return 1;
  for (const tc of elementsByName(tbl, 'a:tc')) {
    for (const p of elementsByName(tc, 'a:p')) {
      const dp = paraOf.get(p);
      const base = dp ? sizeOfParagraph(dp, 18) : 18;
      for (const r of [...elementsByName(p, 'a:rPr'), ...elementsByName(p, 'a:endParaRPr')]) {
        const sz = Number(r.getAttribute('sz')) || base * 100;
        r.setAttribute('sz', String(Math.max(600, Math.round(sz * scale))));
      }
    }
  }
  return scale;
}

interface Body { txBody: Element; paras: DrawingParagraph[] }

/** Scales a shape's text down when its translation no longer fits. Returns the scale applied (1 = none). */
function shrinkToFit(body: Body, translated: Map<DrawingParagraph, string>): number {
  const sp = body.txBody.parentNode as Element | null;
  if (!sp || sp.nodeName !== 'p:sp') return 1;
  const before = body.paras.map((dp) => ({ chars: stripTags(dp.plan.text).length, sizePt: sizeOfParagraph(dp, 18), lines: lineChars(dp, dp.plan.text) }));
  const after = body.paras.map((dp, i) => {
    const t = translated.get(dp) ?? dp.plan.text;
    return { chars: stripTags(t).length, sizePt: before[i]!.sizePt, lines: lineChars(dp, t) };
  });
  const growth = after.reduce((n, p) => n + p.chars, 0) / Math.max(1, before.reduce((n, p) => n + p.chars, 0));
  if (growth <= 1.05) return 1;
  const ext = elementsByName(sp, 'a:ext').find((e) => e.parentNode?.nodeName === 'a:xfrm');
  let scale: number;
  if (ext) {
    const w = Number(ext.getAttribute('cx'));
    const h = Number(ext.getAttribute('cy'));
    // Only what the original already needed counts against the box: never shrink below what it had.
    const need = fitScale(after, w, h);
    const had = fitScale(before, w, h);
    scale = had < 1 ? Math.min(1, Math.max(0.25, need / had)) : need;
  } else {
    scale = Math.max(0.4, Math.floor(Math.sqrt(1 / growth) * 20) / 20);
  }
  if (scale >= 1) return 1;
  const bodyPr = firstChild(body.txBody, 'a:bodyPr');
  const props = [...elementsByName(body.txBody, 'a:rPr'), ...elementsByName(body.txBody, 'a:endParaRPr')];
  const allSized = props.length > 0 && props.every((r) => Number(r.getAttribute('sz')) > 0);
  if (bodyPr) {
    for (const c of childElements(bodyPr)) if (['a:noAutofit', 'a:spAutoFit', 'a:normAutofit'].includes(c.nodeName)) bodyPr.removeChild(c);
    const fit = bodyPr.ownerDocument!.createElement('a:normAutofit');
    if (!allSized) fit.setAttribute('fontScale', String(Math.round(scale * 100000)));
    bodyPr.insertBefore(fit, firstChild(bodyPr, 'a:scene3d') ?? firstChild(bodyPr, 'a:sp3d') ?? firstChild(bodyPr, 'a:flatTx') ?? firstChild(bodyPr, 'a:extLst') ?? null);
  }
  if (allSized) for (const r of props) r.setAttribute('sz', String(Math.max(100, Math.round(Number(r.getAttribute('sz')) * scale))));
  return scale;
}

const TEXT_PART = /^ppt\/(slides\/slide|notesSlides\/notesSlide|diagrams\/(data|drawing)|charts\/chart)\d*\.xml$/;

export async function openPptx(file: string, label: string): Promise<TranslatableFile> {
  const pkg = await readPackage(file, label);
  const text = (name: string) => pkg.parts.get(name)?.toString('utf8').replace(/^\uFEFF/, '') ?? '';
  const { slides, unitOf, parts } = slideParts(pkg, text);
  const read = readParts(parts, text, unitOf);
  return {
    format: 'pptx',
    units: slides.length,
    segments: read.segments,
    write: async (translations, out, opts) => {
      const warnings = writeParts(read, pkg, translations, opts);
      for (const part of await translateChartWorkbooks(pkg, read.docs, read.chartText, label)) {
        warnings.push({ unit: unitOf.get(part) ?? null, message: "a chart's data workbook could not be read: editing the chart's data shows its original labels" });
      }
      await writePackage(out, pkg);
      return warnings;
    },
  };
}

/** Slide order, which parts with text belong to which slide (its unit), and those parts in the order their segments are read. */
function slideParts(pkg: OfficePackage, text: (name: string) => string) {
  const presRels = parseRels(text('ppt/_rels/presentation.xml.rels'), 'ppt/presentation.xml');
  const slides = slideIdsInOrder(text('ppt/presentation.xml')).map((id) => presRels.get(id)?.target).filter((t): t is string => !!t);
  const unitOf = new Map<string, number>();
  slides.forEach((slide, i) => {
    unitOf.set(slide, i + 1);
    for (const rel of parseRels(text(relsPathOf(slide)), slide).values()) {
      if (!rel.external && TEXT_PART.test(rel.target) && !unitOf.has(rel.target)) unitOf.set(rel.target, i + 1);
    }
  });
  const parts = [...slides, ...pkg.names.filter((n) => TEXT_PART.test(n) && !slides.includes(n)).sort()]
    .filter((n, i, a) => pkg.parts.has(n) && a.indexOf(n) === i && unitOf.has(n));
  return { slides, unitOf, parts };
}

/** The text parts as read: their documents, segments and where each segment's text sits. */
interface PptxText {
  docs: Map<string, Document>;
  /** Each part's text bodies (a shape's or cell's paragraphs). */
  bodies: Array<{ part: string; bodies: Body[] }>;
  segments: FileSegment[];
  byId: Map<string, DrawingParagraph>;
  paraOf: Map<Element, DrawingParagraph>;
  /** Chart cache values by segment id. */
  caches: Map<string, Element>;
  /** What each chart cache showed before translation (its embedded workbook's cells hold the same). */
  chartText: Map<Element, string>;
  unitOf: Map<string, number>;
}

function readParts(parts: string[], text: (name: string) => string, unitOf: Map<string, number>): PptxText {
  const read: PptxText = { docs: new Map(), bodies: [], segments: [], byId: new Map(), paraOf: new Map(), caches: new Map(), chartText: new Map(), unitOf };
  const { segments } = read;
  for (const part of parts) {
    const doc = parseXml(text(part), part);
    read.docs.set(part, doc);
    // Chart category and series names as the chart shows them (its cached strings).
    for (const v of chartCacheValues(doc)) {
      read.chartText.set(v, v.textContent ?? '');
      const id = `${segments.length + 1}`;
      segments.push({ id, text: escapeLiterals(v.textContent ?? ''), unit: unitOf.get(part) ?? 1 });
      read.caches.set(id, v);
    }
    const partBodies = new Map<Element, Body>();
    for (const p of elementsByName(doc, 'a:p')) {
      const dp = planDrawingParagraph(p);
      if (!dp.plan.text) continue;
      const id = `${segments.length + 1}`;
      segments.push({ id, text: dp.plan.text, unit: unitOf.get(part) ?? 1 });
      read.byId.set(id, dp);
      read.paraOf.set(p, dp);
      const txBody = p.parentNode as Element;
      const b = partBodies.get(txBody) ?? { txBody, paras: [] };
      b.paras.push(dp);
      partBodies.set(txBody, b);
    }
    read.bodies.push({ part, bodies: [...partBodies.values()] });
  }
  return read;
}

/**
 * Sets the translations into the parts' documents, shrinking tables and text boxes that no longer fit (a warning for
 * each shrunk far), and puts each part back into the package.
 */
function writeParts(read: PptxText, pkg: OfficePackage, translations: ReadonlyMap<string, string>, opts: WriteOptions): TranslationWarning[] {
  const { unitOf } = read;
  const warnings: TranslationWarning[] = [];
  const translated = new Map<DrawingParagraph, string>();
  for (const [id, dp] of read.byId) {
    const t = translations.get(id);
    if (t !== undefined) translated.set(dp, t);
  }
  for (const [id, v] of read.caches) { const t = translations.get(id); if (t !== undefined) setText(v, stripTags(t)); }
  for (const { part, bodies: list } of read.bodies) {
    const doc = read.docs.get(part) as Document;
    if (part.startsWith('ppt/slides/')) {
      for (const tbl of elementsByName(doc, 'a:tbl')) {
        const scale = shrinkTable(tbl, translated, read.paraOf);
        if (scale < 0.6) warnings.push(warningOf(unitOf.get(part) ?? null, 'warning.table_scaled', { percent: Math.round(scale * 100) }));
      }
    }
    // Tables read right to left too (first column on the right).
    if (isRtl(opts.target)) for (const tblPr of elementsByName(doc, 'a:tblPr')) tblPr.setAttribute('rtl', '1');
    for (const b of list) {
      const scale = part.startsWith('ppt/slides/') ? shrinkToFit(b, translated) : 1;
      for (const dp of b.paras) {
        const t = translated.get(dp);
        if (t !== undefined) applyDrawingParagraph(dp, t, opts.source, opts.target as TranslationLanguage);
      }
      if (scale < 0.5) warnings.push(warningOf(unitOf.get(part) ?? null, 'warning.text_scaled', { percent: Math.round(scale * 100) }));
    }
    pkg.parts.set(part, Buffer.from(serializeXml(read.docs.get(part) as Document), 'utf8'));
  }
  return warnings;
}
