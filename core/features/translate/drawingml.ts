/**
 * DrawingML paragraphs (`a:p`: PPTX slides, notes, tables, SmartArt,
 * charts; DOCX SmartArt) as inline items, and their rebuild in the target
 * language: `lang` on every run, right-to-left paragraphs for Hebrew and
 * Arabic, Noto fonts for scripts the original fonts may lack.
 */
import type { TranslationLanguage } from '../../foundation/types';
import { CJK_FONT, LANG_TAG, RTL_FONT, childElements, elementsByName, firstChild, hasAncestor, isCjk, isRtl, setOrderedChild } from './ooxml';
import { planParagraph, rebuildParagraph, type InlineItem, type ParagraphPlan } from './inline';
import { MONOSPACE_FONT } from './keep';

const RPR_ORDER = ['a:ln', 'a:noFill', 'a:solidFill', 'a:gradFill', 'a:blipFill', 'a:pattFill', 'a:grpFill', 'a:effectLst', 'a:effectDag',
  'a:highlight', 'a:uLnTx', 'a:uLn', 'a:uFillTx', 'a:uFill', 'a:latin', 'a:ea', 'a:cs', 'a:sym', 'a:hlinkClick', 'a:hlinkMouseOver', 'a:rtl', 'a:extLst'];

/** Attributes that differ between runs without changing their look (merged runs keep the first's), and defaults written out. */
const NOISE = /\s(lang|altLang|dirty|err|noProof|smtClean|smtId|bmk|kern)="[^"]*"|\s(b|i|spc|baseline)="0"|\su="none"|\scap="none"|\sstrike="noStrike"/g;
/** Equal keys: equal visible formatting ("T" and "here's" in two runs that look the same are one word to translate). */
export const formatKey = (rPr: Element | undefined) => {
  const key = rPr ? rPr.toString().replace(NOISE, '').replace(/\sxmlns(:\w+)?="[^"]*"/g, '') : '';
  return /^<a:(rPr|endParaRPr)\s*(\/>|><\/a:\1>)$/.test(key) ? '' : key;
};

export interface DrawingParagraph { p: Element; plan: ParagraphPlan; endMarkers: Element[] }

export function planDrawingParagraph(p: Element): DrawingParagraph {
  const doc = p.ownerDocument as Document;
  const items: InlineItem[] = [];
  const endMarkers: Element[] = [];
  for (const c of childElements(p)) {
    const name = c.nodeName;
    if (name === 'a:pPr') continue;
    if (name === 'a:endParaRPr') { endMarkers.push(c); continue; }
    if (name === 'a:r') {
      const rPr = firstChild(c, 'a:rPr');
      const t = firstChild(c, 'a:t');
      const text = t?.textContent ?? '';
      const latin = rPr && firstChild(rPr, 'a:latin')?.getAttribute('typeface');
      items.push({
        kind: 'text', text, format: formatKey(rPr), container: null, keep: MONOSPACE_FONT.test(latin ?? ''),
        make: (s: string) => {
          const r = doc.createElement('a:r');
          r.appendChild(rPr ? rPr.cloneNode(true) : doc.createElement('a:rPr'));
          const at = doc.createElement('a:t');
          at.appendChild(doc.createTextNode(s));
          r.appendChild(at);
          return r;
        },
      });
      continue;
    }
    items.push({ kind: 'object', nodes: [c], container: null });
  }
  return { p, plan: planParagraph(items), endMarkers };
}

/** Sets language, direction and fonts on one a:rPr / a:endParaRPr. */
export function adjustRunProps(rPr: Element, target: TranslationLanguage): void {
  const doc = rPr.ownerDocument as Document;
  rPr.setAttribute('lang', LANG_TAG[target] ?? 'en-US');
  rPr.removeAttribute('altLang');
  rPr.removeAttribute('err');
  const font = (name: string, face: string) => {
    const el = doc.createElement(name);
    el.setAttribute('typeface', face);
    setOrderedChild(rPr, el, RPR_ORDER);
  };
  if (isCjk(target)) font('a:ea', CJK_FONT[target] as string);
  if (isRtl(target)) font('a:cs', RTL_FONT[target] as string);
}

/** Replaces the paragraph's runs with the translation and marks its language and direction. */
export function applyDrawingParagraph(dp: DrawingParagraph, translation: string, source: TranslationLanguage, target: TranslationLanguage): void {
  const { p } = dp;
  const doc = p.ownerDocument as Document;
  const nodes = rebuildParagraph(dp.plan, translation);
  for (const c of childElements(p)) if (c.nodeName !== 'a:pPr') p.removeChild(c);
  for (const n of nodes) {
    p.appendChild(n);
    if (n.nodeName === 'a:r') adjustRunProps(firstChild(n as Element, 'a:rPr') as Element, target);
  }
  for (const m of dp.endMarkers) { adjustRunProps(m, target); p.appendChild(m); }
  let pPr = firstChild(p, 'a:pPr');
  if (isRtl(target) || (isRtl(source) && pPr)) {
    if (!pPr) { pPr = doc.createElement('a:pPr'); p.insertBefore(pPr, p.firstChild); }
    const algn = pPr.getAttribute('algn');
    if (isRtl(target)) {
      pPr.setAttribute('rtl', '1');
      if (!algn || algn === 'l') pPr.setAttribute('algn', 'r');
    } else {
      pPr.removeAttribute('rtl');
      if (algn === 'r') pPr.setAttribute('algn', 'l');
    }
  }
}

/** Strings a chart shows from its caches (category and series names: `c:v` under `c:strCache`/`c:strLit`) that have letters. */
export function chartCacheValues(doc: Document): Element[] {
  return elementsByName(doc, 'c:v').filter((v) => (hasAncestor(v, 'c:strCache') || hasAncestor(v, 'c:strLit')) && /\p{L}/u.test(v.textContent ?? ''));
}

/** Replaces an element's text. */
export function setText(el: Element, text: string): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild((el.ownerDocument as Document).createTextNode(text));
}
