/**
 * Copies an Office file (DOCX, PPTX, XLSX) without anything that would make
 * a converter open a network connection or read another file: every
 * relationship with TargetMode="External" (linked pictures, linked OLE
 * objects, remote attached templates, subdocuments, frames) or with a URL
 * as target is dropped, except hyperlinks (a renderer does not follow
 * them); relationship parts are read with an XML parser and written anew; field instructions that include or link content (INCLUDEPICTURE,
 * INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT) are blanked. LibreOffice renders
 * the copy; the original is kept as uploaded. Tools run without network
 * anyway (sandbox.ts): this is the first of two defences.
 */
import { writeFile } from 'node:fs/promises';
import { DOMParser } from '@xmldom/xmldom';
import { openSafeZip } from '../../foundation/tools/zip-read';
import { zipOf } from '../../foundation/tools/zip-write';

const HYPERLINK = /\/hyperlink$/;
const LINKING_FIELD = /\b(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDEAUTO|DDE|IMPORT)\b/i;
/** A target that can only name a part of the package: a relative or absolute part name, nothing else. */
const PART_NAME = /^[A-Za-z0-9._~\-/%\[\]@!$'()*+,;=]*$/;

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether a relationship (its attribute values as an XML parser reads them) may point outside the package. */
export function isExternalTarget(target: string, targetMode: string): boolean {
  const t = target.trim();
  if (targetMode.trim() && targetMode.trim().toLowerCase() !== 'internal') return true;
  return !PART_NAME.test(t) || t.startsWith('//');
}

/**
 * Drops external relationships (hyperlinks kept) from a .rels part; returns the new text and how many went.
 * The part is read with an XML parser (any quoting, spacing, character references) and written anew from
 * what was read: no DOCTYPE or entity survives for the converter's own parser to expand differently, and a
 * part the parser cannot read whole keeps only the relationships it read that point inside the package.
 */
export function stripRels(xml: string): { xml: string; removed: number } {
  let broken = false;
  const onError = () => { broken = true; };
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: onError, fatalError: onError } }).parseFromString(xml, 'application/xml');
  const all = doc.getElementsByTagName('*');
  const kept: string[] = [];
  let removed = 0;
  let total = 0;
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    if (el.localName !== 'Relationship') continue;
    total++;
    const type = el.getAttribute('Type') ?? '';
    const target = el.getAttribute('Target') ?? '';
    const mode = el.getAttribute('TargetMode') ?? '';
    if (isExternalTarget(target, mode) && !(HYPERLINK.test(type) && !broken)) { removed++; continue; }
    const attrs = [['Id', el.getAttribute('Id') ?? ''], ['Type', type], ['Target', target]];
    if (mode.trim()) attrs.push(['TargetMode', mode.trim()]);
    kept.push(`<Relationship ${attrs.map(([k, v]) => `${k}="${escapeAttr(v!)}"`).join(' ')}/>`);
  }
  // Unchanged parts stay byte for byte as they were (the common case: nothing external, nothing odd).
  if (!removed && !broken && !/<!DOCTYPE|<!ENTITY/i.test(xml)) return { xml, removed: 0 };
  if (broken && total === 0) removed = Math.max(removed, 1);
  const out = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS_RELS}">${kept.join('')}</Relationships>`;
  return { xml: out, removed: Math.max(removed, broken || /<!DOCTYPE/i.test(xml) ? 1 : 0) };
}

const NS_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Blanks field instructions that pull in outside content (w:instrText runs and w:fldSimple). */
export function stripFields(xml: string): { xml: string; removed: number } {
  let removed = 0;
  let out = xml.replace(/(<w:instrText\b[^>]*>)([\s\S]*?)(<\/w:instrText>)/g, (all, open: string, text: string, close: string) => {
    if (!LINKING_FIELD.test(text)) return all;
    removed++;
    return `${open}${close}`;
  });
  out = out.replace(/(<w:fldSimple\b[^>]*?\bw:instr=)(?:"([^"]*)"|'([^']*)')/g, (all, head: string, dq?: string, sq?: string) => {
    if (!LINKING_FIELD.test(dq ?? sq ?? '')) return all;
    removed++;
    return `${head}""`;
  });
  return { xml: out, removed };
}

/** Writes a copy of `src` without external links to `dest`; returns how many links were removed. */
export async function writeWithoutExternalLinks(src: string, dest: string, label: string): Promise<number> {
  const zip = await openSafeZip(src, { label });
  const entries: { name: string; data: Buffer }[] = [];
  let removed = 0;
  try {
    for (const e of zip.entries) {
      if (e.name.endsWith('/')) continue;
      let data = await zip.read(e.name);
      if (/\.rels$/i.test(e.name)) {
        const r = stripRels(data.toString('utf8'));
        if (r.removed) { data = Buffer.from(r.xml, 'utf8'); removed += r.removed; }
      } else if (/\.xml$/i.test(e.name) && LINKING_FIELD.test(data.toString('latin1'))) {
        const r = stripFields(data.toString('utf8'));
        if (r.removed) { data = Buffer.from(r.xml, 'utf8'); removed += r.removed; }
      }
      entries.push({ name: e.name, data });
    }
  } finally {
    await zip.close();
  }
  await writeFile(dest, zipOf(entries));
  return removed;
}
