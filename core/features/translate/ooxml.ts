/**
 * Shared plumbing for the Office formats: reading a package through the
 * defensive ZIP reader, writing a new one (parts we did not change keep
 * their bytes, so images stay byte-identical), and DOM helpers over
 * @xmldom/xmldom.
 */
import { writeFile } from 'node:fs/promises';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { AppError } from '../../foundation/errors';
import { openSafeZip } from '../../foundation/tools/zip-read';
import { zipOf } from '../../foundation/tools/zip-write';

export interface OfficePackage {
  names: string[];
  parts: Map<string, Buffer>;
}

/** Reads every part of a DOCX/PPTX (checked against zip-bomb limits). */
export async function readPackage(file: string, label: string): Promise<OfficePackage> {
  const zip = await openSafeZip(file, { label });
  try {
    const parts = new Map<string, Buffer>();
    const names: string[] = [];
    for (const e of zip.entries) {
      if (e.name.endsWith('/')) continue;
      names.push(e.name);
      parts.set(e.name, await zip.read(e.name));
    }
    return { names, parts };
  } finally {
    await zip.close();
  }
}

/** Writes the package as a ZIP ([Content_Types].xml first, as Office expects). */
export async function writePackage(out: string, pkg: OfficePackage): Promise<void> {
  const order = [...pkg.names].sort((a, b) => (a === '[Content_Types].xml' ? -1 : b === '[Content_Types].xml' ? 1 : 0));
  await writeFile(out, zipOf(order.map((name) => ({ name, data: pkg.parts.get(name) as Buffer }))));
}

export function parseXml(xml: string, part: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) },
  }).parseFromString(xml, 'text/xml');
  if (!doc.documentElement || errors.length) {
    throw new AppError('corrupt_file', `The part ${part} is not well-formed XML${errors[0] ? `: ${errors[0].slice(0, 120)}` : ''}.`);
  }
  return doc as unknown as Document;
}

export const serializeXml = (doc: Document) => new XMLSerializer().serializeToString(doc as never);

export const childElements = (el: Element): Element[] => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
};

/** Elements with this qualified name under `root`, in document order. */
export const elementsByName = (root: Document | Element, qname: string): Element[] =>
  Array.from(root.getElementsByTagName(qname) as unknown as ArrayLike<Element>);

export const firstChild = (el: Element, qname: string): Element | undefined => childElements(el).find((c) => c.nodeName === qname);

/** True when `el` has an ancestor with this name (below `stop`). */
export function hasAncestor(el: Element, qname: string, stop?: Element): boolean {
  for (let p = el.parentNode as Element | null; p && p !== stop && p.nodeType === 1; p = p.parentNode as Element | null) {
    if (p.nodeName === qname) return true;
  }
  return false;
}

/**
 * Puts `child` into `parent` keeping the schema's child order: it goes
 * before the first existing child that comes later in `order`. An existing
 * child of the same name is replaced.
 */
export function setOrderedChild(parent: Element, child: Element, order: readonly string[]): void {
  const name = child.nodeName;
  const existing = firstChild(parent, name);
  if (existing) { parent.replaceChild(child, existing); return; }
  const rank = order.indexOf(name);
  const after = childElements(parent).find((c) => { const r = order.indexOf(c.nodeName); return r > rank; });
  if (after && rank >= 0) parent.insertBefore(child, after);
  else parent.appendChild(child);
}

/** Product language -> BCP 47 tag used in Office files. */
export const LANG_TAG: Record<string, string> = {
  english: 'en-US', spanish: 'es-ES', french: 'fr-FR', german: 'de-DE', italian: 'it-IT', portuguese: 'pt-PT', chinese: 'zh-CN',
  japanese: 'ja-JP', korean: 'ko-KR', arabic: 'ar-SA', hebrew: 'he-IL', russian: 'ru-RU', dutch: 'nl-NL', polish: 'pl-PL',
  swedish: 'sv-SE', norwegian: 'nb-NO', danish: 'da-DK',
};
export const isRtl = (lang: string) => lang === 'hebrew' || lang === 'arabic';
export const isCjk = (lang: string) => lang === 'chinese' || lang === 'japanese' || lang === 'korean';
/** Noto CJK family names per language (installed by fonts-noto-cjk). */
export const CJK_FONT: Record<string, string> = { chinese: 'Noto Sans CJK SC', japanese: 'Noto Sans CJK JP', korean: 'Noto Sans CJK KR' };
export const RTL_FONT: Record<string, string> = { hebrew: 'Noto Sans Hebrew', arabic: 'Noto Sans Arabic' };
