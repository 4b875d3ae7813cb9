/**
 * DOCX translated in place: every paragraph of the body, tables, headers,
 * footers, footnotes, endnotes, text boxes and shapes (paragraphs inside
 * drawings are their own segments), SmartArt text. Runs Word split at
 * arbitrary places are merged where their formatting is equal; inline
 * formatting, hyperlinks and fields travel as inline tags and come back on
 * their runs. Styles, numbering, images and tables are not touched.
 */
import type { TranslationLanguage } from '../../foundation/types';
import { translateChartWorkbooks } from './chart-workbook';
import { applyDrawingParagraph, chartCacheValues, planDrawingParagraph, setText, type DrawingParagraph } from './drawingml';
import { planParagraph, rebuildParagraph, type InlineItem, type ParagraphPlan } from './inline';
import {
  CJK_FONT, LANG_TAG, RTL_FONT, childElements, elementsByName, firstChild, isCjk, isRtl, parseXml, readPackage,
  serializeXml, setOrderedChild, writePackage,
} from './ooxml';
import { CODE_STYLE, MONOSPACE_FONT } from './keep';
import { escapeLiterals, stripTags } from '../../foundation/tools/inline-tags';
import type { FileSegment, TranslatableFile } from './types';

const RPR_ORDER = ['w:rStyle', 'w:rFonts', 'w:b', 'w:bCs', 'w:i', 'w:iCs', 'w:caps', 'w:smallCaps', 'w:strike', 'w:dstrike', 'w:outline',
  'w:shadow', 'w:emboss', 'w:imprint', 'w:noProof', 'w:snapToGrid', 'w:vanish', 'w:webHidden', 'w:color', 'w:spacing', 'w:w', 'w:kern',
  'w:position', 'w:sz', 'w:szCs', 'w:highlight', 'w:u', 'w:effect', 'w:bdr', 'w:shd', 'w:fitText', 'w:vertAlign', 'w:rtl', 'w:cs', 'w:em',
  'w:lang', 'w:eastAsianLayout', 'w:specVanish', 'w:oMath'];
const PPR_ORDER = ['w:pStyle', 'w:keepNext', 'w:keepLines', 'w:pageBreakBefore', 'w:framePr', 'w:widowControl', 'w:numPr',
  'w:suppressLineNumbers', 'w:pBdr', 'w:shd', 'w:tabs', 'w:suppressAutoHyphens', 'w:kinsoku', 'w:wordWrap', 'w:overflowPunct',
  'w:topLinePunct', 'w:autoSpaceDE', 'w:autoSpaceDN', 'w:bidi', 'w:adjustRightInd', 'w:snapToGrid', 'w:spacing', 'w:ind',
  'w:contextualSpacing', 'w:mirrorIndents', 'w:suppressOverlap', 'w:jc', 'w:textDirection', 'w:textAlignment', 'w:textboxTightWrap',
  'w:outlineLvl', 'w:divId', 'w:cnfStyle', 'w:rPr', 'w:sectPr', 'w:pPrChange'];

const CONTAINERS = new Set(['w:hyperlink', 'w:ins', 'w:smartTag', 'w:customXml', 'w:dir', 'w:bdo']);
const START_MARKERS = /^w:(bookmarkStart|commentRangeStart|permStart|moveFromRangeStart|moveToRangeStart)$/;
const END_MARKERS = /^w:(bookmarkEnd|commentRangeEnd|permEnd|moveFromRangeEnd|moveToRangeEnd)$/;
const NOISE = /<w:(lang|noProof)\b[^>]*\/>|\sw:rsid\w*="[^"]*"/g;

/** Complex-script twins and font hints: invisible on text without Hebrew/Arabic script. */
const CS_NOISE = /<w:(bCs|iCs|szCs|cs)\b[^>]*\/>|\sw:(hint|cs|cstheme)="[^"]*"/g;
const OFF = /<w:(b|i|caps|smallCaps|strike|dstrike|vanish|rtl)\s+w:val="(0|false|off)"\s*\/>/g;

/** Equal keys: equal visible formatting ("T" and "here's" in runs that look the same are merged before translation). */
export function wordFormatKey(rPr: Element | undefined, text: string): string {
  if (!rPr) return '';
  let key = rPr.toString().replace(NOISE, '').replace(OFF, '').replace(/\sxmlns(:\w+)?="[^"]*"/g, '');
  if (!/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(text)) key = key.replace(CS_NOISE, '').replace(/<w:rFonts\s*\/>/g, '');
  return /^<w:rPr\s*(\/>|><\/w:rPr>)$/.test(key) ? '' : key;
}

/** Field state across the paragraphs of one part: instructions are kept, results are translated. */
interface FieldState { depth: number; inInstr: boolean }

interface WordParagraph { p: Element; plan: ParagraphPlan; starts: Element[]; ends: Element[] }

function planWordParagraph(p: Element, field: FieldState): WordParagraph {
  const doc = p.ownerDocument as Document;
  const items: InlineItem[] = [];
  const starts: Element[] = [];
  const ends: Element[] = [];
  const run = (r: Element, container: Element | null) => {
    const rPr = firstChild(r, 'w:rPr');
    const format = wordFormatKey(rPr, r.textContent ?? '');
    const fonts = rPr && firstChild(rPr, 'w:rFonts');
    const style = rPr && firstChild(rPr, 'w:rStyle')?.getAttribute('w:val');
    const keep = MONOSPACE_FONT.test(fonts?.getAttribute('w:ascii') ?? fonts?.getAttribute('w:hAnsi') ?? '') || CODE_STYLE.test(style ?? '');
    const kids = childElements(r).filter((c) => c.nodeName !== 'w:rPr');
    const isText = (c: Element) => c.nodeName === 'w:t' && !(field.depth > 0 && field.inInstr);
    const track = (c: Element) => {
      if (c.nodeName !== 'w:fldChar') return;
      const type = c.getAttribute('w:fldCharType');
      if (type === 'begin') { field.depth++; field.inInstr = true; } else if (type === 'separate') field.inInstr = false;
      else if (type === 'end') { field.depth = Math.max(0, field.depth - 1); field.inInstr = false; }
    };
    if (!kids.some(isText)) {
      kids.forEach(track);
      if (kids.length) items.push({ kind: 'object', nodes: [r], container });
      return;
    }
    const make = (text: string) => {
      const nr = doc.createElement('w:r');
      if (rPr) nr.appendChild(rPr.cloneNode(true));
      const t = doc.createElement('w:t');
      t.setAttribute('xml:space', 'preserve');
      t.appendChild(doc.createTextNode(text));
      nr.appendChild(t);
      return nr;
    };
    for (const c of kids) {
      if (isText(c)) { items.push({ kind: 'text', text: c.textContent ?? '', format, make, container, keep }); continue; }
      track(c);
      const nr = doc.createElement('w:r');
      if (rPr) nr.appendChild(rPr.cloneNode(true));
      nr.appendChild(c.cloneNode(true));
      items.push({ kind: 'object', nodes: [nr], container });
    }
  };
  for (const c of childElements(p)) {
    const name = c.nodeName;
    if (name === 'w:pPr' || name === 'w:proofErr') continue;
    if (START_MARKERS.test(name)) { starts.push(c); continue; }
    if (END_MARKERS.test(name)) { ends.push(c); continue; }
    if (name === 'w:r') { run(c, null); continue; }
    if (CONTAINERS.has(name)) {
      for (const k of childElements(c)) {
        if (k.nodeName === 'w:r') run(k, c);
        else if (k.nodeName !== 'w:proofErr') items.push({ kind: 'object', nodes: [k], container: c });
      }
      continue;
    }
    items.push({ kind: 'object', nodes: [c], container: null });
  }
  return { p, plan: planParagraph(items), starts, ends };
}

/**
 * Hebrew and Arabic are complex-script text: Word draws them with the
 * complex-script twins of bold, italic and size (w:bCs, w:iCs, w:szCs), not
 * w:b, w:i, w:sz. Each run properties (a run's, a style's, the defaults)
 * gets the twins of what it has, so an 18 pt bold header stays 18 pt bold.
 */
export function mirrorComplexScript(rPr: Element): void {
  const doc = rPr.ownerDocument as Document;
  for (const [latin, cs] of [['w:b', 'w:bCs'], ['w:i', 'w:iCs'], ['w:sz', 'w:szCs']] as const) {
    const from = firstChild(rPr, latin);
    if (!from) continue;
    const twin = doc.createElement(cs);
    const val = from.getAttribute('w:val');
    if (val !== null && val !== '') twin.setAttribute('w:val', val);
    setOrderedChild(rPr, twin, RPR_ORDER);
  }
}

function adjustRun(r: Element, source: TranslationLanguage, target: TranslationLanguage): void {
  const doc = r.ownerDocument as Document;
  let rPr = firstChild(r, 'w:rPr');
  if (!rPr) { rPr = doc.createElement('w:rPr'); r.insertBefore(rPr, r.firstChild); }
  const lang = doc.createElement('w:lang');
  const tag = LANG_TAG[target] ?? 'en-US';
  lang.setAttribute('w:val', isRtl(target) || isCjk(target) ? 'en-US' : tag);
  if (isRtl(target)) lang.setAttribute('w:bidi', tag);
  if (isCjk(target)) lang.setAttribute('w:eastAsia', tag);
  setOrderedChild(rPr, lang, RPR_ORDER);
  if (isRtl(target)) { setOrderedChild(rPr, doc.createElement('w:rtl'), RPR_ORDER); mirrorComplexScript(rPr); }
  else if (isRtl(source)) { const x = firstChild(rPr, 'w:rtl'); if (x) rPr.removeChild(x); }
  if (isCjk(target) || isRtl(target)) {
    const fonts = firstChild(rPr, 'w:rFonts')?.cloneNode(true) as Element | undefined ?? doc.createElement('w:rFonts');
    if (isCjk(target)) fonts.setAttribute('w:eastAsia', CJK_FONT[target] as string);
    else fonts.setAttribute('w:cs', RTL_FONT[target] as string);
    fonts.removeAttribute(isCjk(target) ? 'w:eastAsiaTheme' : 'w:cstheme');
    setOrderedChild(rPr, fonts, RPR_ORDER);
  }
}

function applyWordParagraph(wp: WordParagraph, translation: string, source: TranslationLanguage, target: TranslationLanguage): void {
  const { p } = wp;
  const doc = p.ownerDocument as Document;
  const nodes = rebuildParagraph(wp.plan, translation);
  for (const c of childElements(p)) if (c.nodeName !== 'w:pPr') p.removeChild(c);
  for (const n of [...wp.starts, ...nodes, ...wp.ends]) p.appendChild(n);
  for (const n of nodes) {
    const runs = n.nodeName === 'w:r' ? [n as Element] : childElements(n as Element).filter((c) => c.nodeName === 'w:r');
    for (const r of runs) if (childElements(r).some((c) => c.nodeName === 'w:t')) adjustRun(r, source, target);
  }
  let pPr = firstChild(p, 'w:pPr');
  if (isRtl(target)) {
    if (!pPr) { pPr = doc.createElement('w:pPr'); p.insertBefore(pPr, p.firstChild); }
    setOrderedChild(pPr, doc.createElement('w:bidi'), PPR_ORDER);
  } else if (isRtl(source) && pPr) {
    const b = firstChild(pPr, 'w:bidi');
    if (b) pPr.removeChild(b);
  }
}

const TEXT_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|diagrams\/(data|drawing)\d*|charts\/chart\d*)\.xml$/;

export async function openDocx(file: string, label: string): Promise<TranslatableFile> {
  const pkg = await readPackage(file, label);
  const parts = pkg.names.filter((n) => TEXT_PART.test(n)).sort((a, b) => (a === 'word/document.xml' ? -1 : b === 'word/document.xml' ? 1 : a.localeCompare(b)));
  const docs = new Map<string, Document>();
  const segments: FileSegment[] = [];
  const word = new Map<string, WordParagraph>();
  const drawing = new Map<string, DrawingParagraph>();
  const caches = new Map<string, Element>();
  // What each chart cache showed before translation (its embedded workbook's cells hold the same).
  const chartText = new Map<Element, string>();
  let page = 1;
  for (const part of parts) {
    const doc = parseXml(pkg.parts.get(part)!.toString('utf8').replace(/^\uFEFF/, ''), part);
    docs.set(part, doc);
    const field: FieldState = { depth: 0, inInstr: false };
    const body = part === 'word/document.xml';
    for (const p of elementsByName(doc, 'w:p')) {
      if (body && (elementsByName(p, 'w:pageBreakBefore').length || elementsByName(p, 'w:lastRenderedPageBreak').length)) page++;
      const wp = planWordParagraph(p, field);
      if (body) page += elementsByName(p, 'w:br').filter((b) => b.getAttribute('w:type') === 'page').length;
      if (!wp.plan.text) continue;
      const id = String(segments.length + 1);
      const pStyle = elementsByName(p, 'w:pStyle')[0]?.getAttribute('w:val') ?? '';
      segments.push({ id, text: wp.plan.text, unit: body ? page : 1, ...(CODE_STYLE.test(pStyle) ? { keep: 'code' as const } : {}) });
      word.set(id, wp);
    }
    // Chart category and series names as the chart shows them (its cached strings).
    for (const v of chartCacheValues(doc)) {
      chartText.set(v, v.textContent ?? '');
      const id = String(segments.length + 1);
      segments.push({ id, text: escapeLiterals(v.textContent ?? ''), unit: 1 });
      caches.set(id, v);
    }
    for (const p of elementsByName(doc, 'a:p')) {
      const dp = planDrawingParagraph(p);
      if (!dp.plan.text) continue;
      const id = String(segments.length + 1);
      segments.push({ id, text: dp.plan.text, unit: 1 });
      drawing.set(id, dp);
    }
  }
  return {
    format: 'docx',
    units: page,
    segments,
    async write(translations, out, { source, target }) {
      for (const [id, wp] of word) { const t = translations.get(id); if (t !== undefined) applyWordParagraph(wp, t, source, target); }
      for (const [id, dp] of drawing) { const t = translations.get(id); if (t !== undefined) applyDrawingParagraph(dp, t, source, target); }
      for (const [id, v] of caches) { const t = translations.get(id); if (t !== undefined) setText(v, stripTags(t)); }
      if (isRtl(target)) {
        for (const doc of docs.values()) {
          markTablesRtl(doc);
          // Paragraph marks and runs kept as they are (numbers, fields) get their complex-script twins too.
          for (const r of elementsByName(doc, 'w:rPr')) mirrorComplexScript(r);
        }
      }
      for (const [part, doc] of docs) pkg.parts.set(part, Buffer.from(serializeXml(doc), 'utf8'));
      const styles = pkg.parts.get('word/styles.xml');
      if (styles) pkg.parts.set('word/styles.xml', Buffer.from(setDefaultLanguage(styles.toString('utf8'), target), 'utf8'));
      const failed = await translateChartWorkbooks(pkg, docs, chartText, label);
      await writePackage(out, pkg);
      return failed.map(() => ({ unit: 1, message: "a chart's data workbook could not be read: editing the chart's data shows its original labels" }));
    },
  };
}

const TBLPR_ORDER = ['w:tblStyle', 'w:tblpPr', 'w:tblOverlap', 'w:bidiVisual', 'w:tblStyleRowBandSize', 'w:tblStyleColBandSize', 'w:tblW',
  'w:jc', 'w:tblCellSpacing', 'w:tblInd', 'w:tblBorders', 'w:shd', 'w:tblLayout', 'w:tblCellMar', 'w:tblLook', 'w:tblCaption', 'w:tblDescription'];

/** Tables read right to left too (first column on the right). */
function markTablesRtl(doc: Document): void {
  for (const tblPr of elementsByName(doc, 'w:tblPr')) setOrderedChild(tblPr, doc.createElement('w:bidiVisual'), TBLPR_ORDER);
}

/** The document's default language (docDefaults) becomes the target's. */
function setDefaultLanguage(xml: string, target: TranslationLanguage): string {
  const doc = parseXml(xml, 'word/styles.xml');
  // Styles (headings, titles, table styles) carry bold and size too: their complex-script twins for right-to-left text.
  if (isRtl(target)) for (const r of elementsByName(doc, 'w:rPr')) mirrorComplexScript(r);
  const rPr = elementsByName(doc, 'w:rPrDefault').flatMap((d) => childElements(d)).find((c) => c.nodeName === 'w:rPr');
  if (!rPr) return serializeXml(doc);
  const lang = doc.createElement('w:lang');
  const tag = LANG_TAG[target] ?? 'en-US';
  lang.setAttribute('w:val', isRtl(target) || isCjk(target) ? 'en-US' : tag);
  lang.setAttribute('w:eastAsia', isCjk(target) ? tag : 'zh-CN');
  lang.setAttribute('w:bidi', isRtl(target) ? tag : 'ar-SA');
  setOrderedChild(rPr, lang, RPR_ORDER);
  return serializeXml(doc);
}
