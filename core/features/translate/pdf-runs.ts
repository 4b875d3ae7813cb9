/**
 * Which lines of a poppler text block are one running paragraph and which
 * are separately placed lines (a form's line items, a table's cells, a
 * label column): a translation may reflow a paragraph inside its box, but
 * a line the source placed on its own keeps its own box and position
 * (issue 37: line numbers 7, 8a, 9a stay beside their text).
 */
/** A line or a word: its box (points, top-left origin) and text. */
export interface PdfLine { x: number; y: number; w: number; h: number; text: string }

/** A poppler line: its box and its words (points, top-left origin). */
export interface BlockLine { box: PdfLine; words: PdfLine[] }

/** A line drawn up or down the page (a vertical label): taller than wide, two letters or more. */
export const isVertical = (l: PdfLine) => l.h > l.w * 1.5 && l.text.replace(/\s/g, '').length >= 2;

/**
 * Whether `next` continues `prev` as the same paragraph wrapped: the next
 * line starts where the block's lines start, right below, at the same
 * size, its first word would not have fitted at the end of `prev` (the
 * line was broken for want of room, not by the writer), and the text reads
 * on (a hyphenated end, or a lower-case start after a line of two words or more).
 */
function continues(prev: BlockLine, next: BlockLine, right: number, first: boolean): boolean {
  const p = prev.box; const n = next.box;
  const h = Math.max(p.h, n.h);
  if (isVertical(p) || isVertical(n)) return false;
  if (Math.abs(p.h - n.h) > 0.3 * h) return false;
  const gap = n.y - (p.y + p.h);
  if (n.y < p.y + p.h * 0.5 || gap > h * 0.8) return false;
  if (Math.abs(n.x - p.x) > (first ? 3 : 0.6) * h) return false;
  const hyphen = /[-\u2010]$/.test(p.text);
  const firstWord = next.words[0]?.w ?? 0;
  if (!hyphen && p.x + p.w + 0.25 * h + firstWord < right - 0.2 * h) return false;
  if (hyphen) return true;
  // A line of one word is a column entry ("yes", "no"); a capital starts a new item as often as a new sentence: neither runs on.
  // A line ended by a full stop, a question, a colon or a blank to fill in is done.
  if (/[.?!:_]$/.test(p.text.trimEnd())) return false;
  return prev.words.length >= 2 && /\p{Ll}/u.test(n.text.trimStart()[0] ?? '');
}

/** The block's lines grouped into runs: each run one paragraph or one line placed on its own (indices, in order). */
export function paragraphRuns(lines: BlockLine[]): number[][] {
  const right = Math.max(...lines.map((l) => l.box.x + l.box.w));
  const runs: number[][] = [];
  lines.forEach((l, i) => {
    const run = runs[runs.length - 1];
    if (run && continues(lines[i - 1]!, l, right, run.length === 1)) run.push(i);
    else runs.push([i]);
  });
  return runs;
}

/**
 * Lines poppler put in a block of their own although they sit in a line of
 * another block, on its baseline, in a gap between its words or right at
 * its end (words in another font or colour, a link's words): moved into
 * that line, so the sentence is translated whole and drawn once. Blocks
 * left without lines are dropped.
 */
export function mergeInsetLines(blocks: BlockLine[][]): BlockLine[][] {
  const all = blocks.flatMap((b, i) => b.map((line) => ({ line, block: i })));
  const moved = new Set<BlockLine>();
  blocks.forEach((b2, j) => {
    for (let k = b2.length - 1; k >= 0; k--) {
      const l2 = b2[k]!;
      if (isVertical(l2.box)) continue;
      const host = all.find((h) => h.block !== j && !moved.has(h.line) && sits(l2.box, h.line))?.line;
      if (!host) continue;
      moved.add(l2);
      // In reading order: left to right, or right to left where the host's words run so (Hebrew, Arabic).
      const rtl = host.words.length > 1 && host.words[0]!.x > host.words[host.words.length - 1]!.x;
      host.words = [...host.words, ...l2.words].sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
      const x0 = Math.min(host.box.x, l2.box.x); const y0 = Math.min(host.box.y, l2.box.y);
      host.box = {
        x: x0, y: y0, w: Math.max(host.box.x + host.box.w, l2.box.x + l2.box.w) - x0, h: Math.max(host.box.y + host.box.h, l2.box.y + l2.box.h) - y0,
        text: host.words.map((w) => w.text).join(' '),
      };
      b2.splice(k, 1);
    }
  });
  return blocks.filter((b) => b.length);
}

/** Whether a line sits in another line: the same baseline band and size, inside a gap between its words or just past an end. */
function sits(l: PdfLine, host: BlockLine): boolean {
  const b = host.box;
  if (isVertical(b)) return false;
  const h = Math.max(l.h, b.h);
  if (Math.abs(l.h - b.h) > 0.3 * h || Math.abs(l.y + l.h / 2 - (b.y + b.h / 2)) > 0.35 * h) return false;
  const inside = l.x >= b.x - 1 && l.x + l.w <= b.x + b.w + 1;
  const after = l.x - (b.x + b.w) >= -1 && l.x - (b.x + b.w) <= 0.6 * h;
  const before = b.x - (l.x + l.w) >= -1 && b.x - (l.x + l.w) <= 0.6 * h;
  if (!inside && !after && !before) return false;
  // In a gap: none of the host's words overlaps it.
  return !host.words.some((w) => w.x < l.x + l.w - 0.5 && w.x + w.w > l.x + 0.5);
}
