/**
 * Where a slide's text sits: each text-holding shape (p:sp, a table's
 * p:graphicFrame) with its box in EMU on the slide (a:off/a:ext, through
 * every enclosing group's a:off/a:ext/a:chOff/a:chExt), its placeholder
 * (type, idx) for a shape that inherits its place from the layout, and its
 * text lines as the extractor reads them (core/foundation/tools/pptx-xml.ts).
 */
import { partText } from './pptx-xml';

export interface EmuBox { x: number; y: number; w: number; h: number }
export interface SlideShape { lines: string[]; box: EmuBox | null; ph: { type?: string; idx?: string } | null }

interface GroupFrame { off: [number, number]; ext: [number, number]; chOff: [number, number]; chExt: [number, number] }

const num = (s: string | undefined) => (s === undefined ? NaN : Number(s));
const pair = (xml: string, tag: string, a: string, b: string): [number, number] | null => {
  const m = new RegExp(`<a:${tag}\\b([^>]*)/?>`).exec(xml);
  if (!m) return null;
  const x = num(new RegExp(`\\b${a}="(-?\\d+)"`).exec(m[1] ?? '')?.[1]);
  const y = num(new RegExp(`\\b${b}="(-?\\d+)"`).exec(m[1] ?? '')?.[1]);
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
};

/** The first a:xfrm or p:xfrm of a fragment, as offset and extent (EMU). */
function transform(xml: string): { off: [number, number]; ext: [number, number]; chOff: [number, number] | null; chExt: [number, number] | null } | null {
  const m = /<(a|p):xfrm\b[^>]*>([\s\S]*?)<\/\1:xfrm>/.exec(xml);
  if (!m) return null;
  const off = pair(m[2] ?? '', 'off', 'x', 'y');
  const ext = pair(m[2] ?? '', 'ext', 'cx', 'cy');
  if (!off || !ext) return null;
  return { off, ext, chOff: pair(m[2] ?? '', 'chOff', 'x', 'y'), chExt: pair(m[2] ?? '', 'chExt', 'cx', 'cy') };
}

/** A box in a group's child coordinates, in the slide's: innermost group first. */
function toSlide(box: EmuBox, groups: GroupFrame[]): EmuBox {
  let b = box;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    const sx = g.chExt[0] ? g.ext[0] / g.chExt[0] : 1;
    const sy = g.chExt[1] ? g.ext[1] / g.chExt[1] : 1;
    b = { x: g.off[0] + (b.x - g.chOff[0]) * sx, y: g.off[1] + (b.y - g.chOff[1]) * sy, w: b.w * sx, h: b.h * sy };
  }
  return b;
}

const TOKENS = /<p:grpSp\b[^>]*>|<\/p:grpSp>|<p:sp\b[\s\S]*?<\/p:sp>|<p:graphicFrame\b[\s\S]*?<\/p:graphicFrame>/g;

/** The text-holding shapes of a slide, layout or master part, in shape order (mc:Fallback copies left out). */
export function slideShapes(xml: string): SlideShape[] {
  const body = xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, '');
  const groups: GroupFrame[] = [];
  const shapes: SlideShape[] = [];
  for (const m of body.matchAll(TOKENS)) {
    const tag = m[0];
    if (tag.startsWith('</p:grpSp')) { groups.pop(); continue; }
    if (tag.startsWith('<p:grpSp')) {
      // The group's own transform sits in its p:grpSpPr, before its first child.
      const at = m.index! + tag.length;
      const end = body.indexOf('</p:grpSpPr>', at);
      const t = end > 0 ? transform(body.slice(at, end)) : null;
      groups.push(t ? { off: t.off, ext: t.ext, chOff: t.chOff ?? t.off, chExt: t.chExt ?? t.ext } : { off: [0, 0], ext: [1, 1], chOff: [0, 0], chExt: [1, 1] });
      continue;
    }
    const lines = partText(tag);
    const ph = /<p:ph\b([^>]*)\/?>/.exec(tag);
    const t = transform(tag);
    shapes.push({
      lines,
      box: t ? toSlide({ x: t.off[0], y: t.off[1], w: t.ext[0], h: t.ext[1] }, groups) : null,
      ph: ph ? { type: /\btype="([^"]+)"/.exec(ph[1] ?? '')?.[1], idx: /\bidx="([^"]+)"/.exec(ph[1] ?? '')?.[1] } : null,
    });
  }
  return shapes;
}

/** The slide size (p:sldSz) of ppt/presentation.xml in EMU; 4:3 (10 x 7.5 in) when it is not said. */
export function slideSize(presentationXml: string): { cx: number; cy: number } {
  const m = /<p:sldSz\b([^>]*)\/?>/.exec(presentationXml)?.[1] ?? '';
  const cx = num(/\bcx="(\d+)"/.exec(m)?.[1]);
  const cy = num(/\bcy="(\d+)"/.exec(m)?.[1]);
  return cx > 0 && cy > 0 ? { cx, cy } : { cx: 9144000, cy: 6858000 };
}

/**
 * A placeholder's place inherited from a layout's or master's shapes: the
 * placeholder with the same idx, else with the same type (a title's, a
 * body's; no type is a body).
 */
export function inheritedBox(ph: { type?: string; idx?: string }, from: SlideShape[]): EmuBox | null {
  const placed = from.filter((s) => s.ph && s.box);
  const byIdx = ph.idx !== undefined ? placed.find((s) => s.ph!.idx === ph.idx) : undefined;
  const type = ph.type ?? 'body';
  const sameType = (t?: string) => (t ?? 'body') === type || (type === 'ctrTitle' && t === 'title') || (type === 'subTitle' && (t ?? 'body') === 'body');
  return (byIdx ?? placed.find((s) => sameType(s.ph!.type)))?.box ?? null;
}
