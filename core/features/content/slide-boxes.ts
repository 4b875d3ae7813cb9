/**
 * The boxes of a slide's quoted words (issue 38.1): the shapes whose text
 * holds the lit words, each boxed where the slide's picture shows it (its
 * a:off/a:ext in EMU over the slide size, a placeholder without its own
 * place taking its layout's, then its master's). The words are lit over the
 * slide's text in shape order, as the text beside the picture is
 * (core/features/content/viewer.ts litWords), so a box and a mark go together.
 */
import { posix } from 'node:path';
import { inheritedBox, slideShapes, slideSize, type EmuBox, type SlideShape } from '../../foundation/tools/pptx-shapes';
import { parseRels, relsPathOf, slideIdsInOrder } from '../../foundation/tools/pptx-xml';
import { openSafeZip, type SafeZip } from '../../foundation/tools/zip-read';
import type { ViewerBox } from '../../foundation/types';

/** A slide's text-holding shapes with their places as fractions of the slide. */
export interface PlacedShapes { shapes: Array<{ lines: string[]; box: ViewerBox | null }> }

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

async function relsOf(zip: SafeZip, part: string) {
  const p = relsPathOf(part);
  return zip.has(p) ? parseRels(await zip.readText(p), part) : new Map();
}

/** The part a slide, layout or master links to with a relationship type (the layout of a slide, the master of a layout). */
async function linked(zip: SafeZip, part: string, type: string): Promise<string | null> {
  for (const r of (await relsOf(zip, part)).values()) {
    if (!r.external && r.type === `${REL}${type}` && zip.has(r.target)) return r.target as string;
  }
  return null;
}

/** Reads slide `slide` (1-based, presentation order) of a .pptx file: its shapes and where each sits. */
export async function placedShapes(file: string, slide: number): Promise<PlacedShapes> {
  const zip = await openSafeZip(file, { label: `The presentation "${posix.basename(file)}"` });
  try {
    const presentation = await zip.readText('ppt/presentation.xml');
    const size = slideSize(presentation);
    const rels = await relsOf(zip, 'ppt/presentation.xml');
    const part = rels.get(slideIdsInOrder(presentation)[slide - 1] ?? '')?.target as string | undefined;
    if (!part || !zip.has(part)) return { shapes: [] };
    const shapes = slideShapes(await zip.readText(part));
    let layout: SlideShape[] | null = null;
    let master: SlideShape[] | null = null;
    const inherited = async (ph: NonNullable<SlideShape['ph']>): Promise<EmuBox | null> => {
      if (!layout) {
        const l = await linked(zip, part, 'slideLayout');
        layout = l ? slideShapes(await zip.readText(l)) : [];
        const m = l ? await linked(zip, l, 'slideMaster') : null;
        master = m ? slideShapes(await zip.readText(m)) : [];
      }
      return inheritedBox(ph, layout) ?? inheritedBox(ph, master ?? []);
    };
    const r = (v: number) => Math.round(v * 10000) / 10000;
    const out: PlacedShapes = { shapes: [] };
    for (const s of shapes) {
      if (s.lines.length === 0) continue;
      const emu = s.box ?? (s.ph ? await inherited(s.ph) : null);
      out.shapes.push({ lines: s.lines, box: emu ? { x: r(emu.x / size.cx), y: r(emu.y / size.cy), w: r(emu.w / size.cx), h: r(emu.h / size.cy) } : null });
    }
    return out;
  } finally {
    await zip.close();
  }
}

/**
 * The boxes of the shapes that hold the quote: lit words (`lit`, the
 * viewer's litWords over the slide's words in shape order) counted per shape
 * as distinct words; the shapes with the most, and any with 3 or more (a
 * phrase running over two shapes), are boxed. A word of the quote met alone
 * in another shape ("text" of "Group test text" in a "Test text" box) is
 * marked in the text but not boxed.
 */
export function shapeBoxes(placed: PlacedShapes, lit: (words: string[]) => boolean[], wordsOf: (text: string) => string[]): ViewerBox[] {
  const owner: number[] = [];
  const words: string[] = [];
  placed.shapes.forEach((s, i) => {
    for (const w of wordsOf(s.lines.join('\n'))) { words.push(w); owner.push(i); }
  });
  const on = lit(words);
  const distinct = placed.shapes.map(() => new Set<string>());
  on.forEach((yes, k) => { if (yes) distinct[owner[k]!]!.add(words[k]!.toLocaleLowerCase()); });
  const most = Math.max(0, ...distinct.map((d) => d.size));
  if (most === 0) return [];
  return placed.shapes
    .filter((s, i) => s.box && (distinct[i]!.size === most || distinct[i]!.size >= 3))
    .map((s) => s.box!);
}
