/**
 * Copies an Office file (DOCX, PPTX, XLSX) without anything that would make
 * a converter open a network connection or read another file: every
 * relationship with TargetMode="External" (linked pictures, linked OLE
 * objects, remote attached templates, subdocuments, frames) or with a URL
 * as target is dropped, except hyperlinks (a renderer does not follow
 * them); field instructions that include or link content (INCLUDEPICTURE,
 * INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT) are blanked. LibreOffice renders
 * the copy; the original is kept as uploaded. Tools run without network
 * anyway (sandbox.ts): this is the first of two defences.
 */
import { writeFile } from 'node:fs/promises';
import { openSafeZip } from '../tools/zip-read';
import { zipOf } from '../tools/zip-write';

const HYPERLINK = /\/hyperlink$/;
const URL_TARGET = /^[a-z][a-z0-9+.-]*:/i;
const LINKING_FIELD = /\b(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDEAUTO|DDE|IMPORT)\b/i;

/** Drops external relationships (hyperlinks kept) from a .rels part; returns the new text and how many went. */
export function stripRels(xml: string): { xml: string; removed: number } {
  let removed = 0;
  const out = xml.replace(/<Relationship\b[^>]*?(?:\/>|>\s*<\/Relationship>)/g, (rel) => {
    const type = /\bType="([^"]*)"/.exec(rel)?.[1] ?? '';
    const target = /\bTarget="([^"]*)"/.exec(rel)?.[1] ?? '';
    const external = /\bTargetMode="External"/i.test(rel) || URL_TARGET.test(target.trim()) || target.trim().startsWith('//') || target.trim().startsWith('\\\\');
    if (!external || HYPERLINK.test(type)) return rel;
    removed++;
    return '';
  });
  return { xml: out, removed };
}

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
