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
import { deflateRawSync, crc32 } from 'node:zlib';
import { openSafeZip } from './zip-guard';

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

/** A plain ZIP archive (deflate, no ZIP64: the guarded reader already bounded the sizes). */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const comp = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(comp.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, nameBuf, comp);
    central.push(cd, nameBuf);
    offset += 30 + nameBuf.length + comp.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}
