/**
 * Mammoth's HTML (and an imported chunk's HTML) walked into text blocks,
 * and blocks grouped into sections under their heading paths
 * ("Guide > Installation steps").
 */
import { decodeEntities } from '../../foundation/tools/tidy';
import type { ExtractedSection } from '../../formats/types';

/** A paragraph, heading, list item or table of the HTML, with the pictures placed in it (indexes of those written). */
export interface Block { text: string; heading?: string; level?: number; images: number[] }

// div: the HTML of an imported chunk (mammoth's own HTML has none).
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'div']);

/**
 * Walks mammoth's HTML (a flat list of p, h1-h6, ul/ol/li, table, img, br)
 * into text blocks. A table row becomes one line with cells joined by " | ".
 */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let text = '';
  let images: number[] = [];
  let cells: string[] | null = null;
  let cell: string | null = null;
  let tableDepth = 0;
  const flush = (tag?: string) => {
    const clean = text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
    const level = tag && /^h[1-6]$/.test(tag) ? Number(tag[1]) : undefined;
    if (clean || images.length) blocks.push(level ? { text: clean, heading: clean, level, images } : { text: clean, images });
    text = '';
    images = [];
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      const t = decodeEntities(m[4]);
      if (cell !== null) cell += t; else text += t;
      continue;
    }
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    if (tag === 'img') {
      const src = /src="cms-image:(\d+)"/.exec(m[3] ?? '');
      if (src) images.push(Number(src[1]));
    } else if (tag === 'br') {
      if (cell !== null) cell += ' '; else text += '\n';
    } else if (tag === 'table') {
      if (!closing) { if (tableDepth++ === 0) flush(); } else if (--tableDepth === 0) flush();
    } else if (tag === 'tr' && tableDepth === 1) {
      if (!closing) cells = [];
      else if (cells) { text += `${cells.join(' | ')}\n`; cells = null; }
    } else if ((tag === 'td' || tag === 'th') && tableDepth === 1) {
      if (!closing) cell = '';
      else if (cell !== null) { cells?.push(cell.replace(/\s+/g, ' ').trim()); cell = null; }
    } else if (BLOCK_TAGS.has(tag)) {
      if (cell !== null) { if (closing) cell += ' '; continue; }
      if (tableDepth > 0) continue;
      if (closing) flush(tag); else if (text.trim()) flush();
    }
  }
  flush();
  return blocks;
}

/** Groups blocks under their headings; heading path joins h1 > h2 > h3. */
export function blocksToSections(blocks: Block[]): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  const path: Array<{ level: number; text: string }> = [];
  let current: { heading?: string; lines: string[] } = { lines: [] };
  const close = () => {
    const body = current.lines.join('\n').trim();
    if (body) sections.push(current.heading ? { heading: current.heading, text: `${current.heading.split(' > ').pop()}\n${body}` } : { text: body });
  };
  for (const b of blocks) {
    if (b.level && b.heading) {
      close();
      while (path.length && (path[path.length - 1]?.level ?? 0) >= b.level) path.pop();
      path.push({ level: b.level, text: b.heading });
      current = { heading: path.map((p) => p.text).join(' > '), lines: [] };
    } else if (b.text) {
      current.lines.push(b.text);
    }
  }
  close();
  return sections;
}
