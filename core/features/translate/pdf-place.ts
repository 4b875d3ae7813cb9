/**
 * Where and how each translated PDF block is drawn: its style read from the
 * original's characters, what is painted behind it (nothing where the text
 * was removed, a box where the words are still visible), its links' looks,
 * and the free room a line placed on its own may run on into.
 */
import type { TranslationLanguage } from '../../foundation/types';
import { stripTags, tagProblem } from '../../foundation/tools/inline-tags';
import { isRtl } from './ooxml';
import { linkLook, type LinkAnnotation } from './pdf-annotations';
import type { PdfBlock, PdfPageInfo } from './pdf-blocks';
import type { PlacedBlock } from './pdf-overlay';
import { roomAfter } from './pdf-room';
import { DEFAULT_STYLE, backgroundAround, changedShare, contrast, luminance, styleIn, turnOf, type PdfChar, type Raster } from './pdf-style';

/** A block's segment text with each link's words marked as a span, and which link (its index) each span id is. */
export type TaggedBlocks = Map<PdfBlock, { text: string; links: Map<string, number> }>;

/** What the page looks like: MuPDF's characters, and each page rendered with (`before`) and without (`after`) its text. */
export interface PageLooks {
  chars: PdfChar[];
  before: Raster[];
  after: Raster[];
}

/** The blocks as drawn over their pages, and the pages whose text layer was invisible. */
export function placeBlocks(
  blocks: PdfBlock[], translations: ReadonlyMap<string, string>, tagged: TaggedBlocks, links: LinkAnnotation[], looks: PageLooks,
  pages: PdfPageInfo[], target: TranslationLanguage,
): { placed: PlacedBlock[]; hidden: Set<number> } {
  const hidden = new Set<number>();
  const placed: PlacedBlock[] = blocks.map((b, i) => {
    const raw = translations.get(String(i + 1)) ?? tagged.get(b)?.text ?? b.text;
    const p = placeBlock(b, raw, tagged, links, looks);
    if (p.invisible) hidden.add(b.page);
    return p.block;
  });
  // A line placed on its own runs on into the free room after it rather than shrinking.
  for (const p of placed) {
    if (p.single && !p.vertical && p.cover === 'lines') p.room = roomAfter(p, isRtl(target) ? 'left' : 'right', placed, pages[p.page - 1]!, looks.after[p.page - 1]);
  }
  return { placed, hidden };
}

/** One block drawn with its translation `raw` (link spans included); `invisible` when its text layer could not be seen. */
function placeBlock(b: PdfBlock, raw: string, tagged: TaggedBlocks, links: LinkAnnotation[], looks: PageLooks): { block: PlacedBlock; invisible: boolean } {
  const { chars, before, after } = looks;
  const translation = stripTags(raw);
  const tags = tagged.get(b);
  // Each link's words keep the colour, weight and underline they had (a blue underlined link in black text stays so);
  // the old underline is painted over with the line it was under.
  const linked = tags && tagProblem(tags.text, raw) === null
    ? { text: raw, links: new Map([...tags.links].map(([id, k]) => [id, linkLook(chars, links[k]!, b, k, after[b.page - 1])])) }
    : undefined;
  const withLinks = <T extends PdfBlock & { translation: string }>(x: T): T & Pick<PlacedBlock, 'linked'> => (linked ? { ...x, linked } : x);
  const o1 = before[b.page - 1];
  const n1 = after[b.page - 1];
  if (!o1 || !n1) return { block: withLinks({ ...b, translation, style: b.ocr ? undefined : styleIn(chars, b.page, b) }), invisible: false };
  const background = backgroundAround(n1, b);
  // Removing the text changed nothing here: it was invisible (an OCR layer over a scan) or could not be removed.
  const invisible = !b.ocr && changedShare(o1, n1, b) < 0.002;
  const cover = b.ocr || invisible ? 'block' as const : 'lines' as const;
  let style = b.ocr || invisible ? { ...DEFAULT_STYLE } : styleIn(chars, b.page, b);
  // Text that would not read on what is behind it (an invisible layer's colour, a wrong guess) takes black or white.
  if (contrast(style.color, background) < 2.2) style = { ...style, color: luminance(background) > 0.35 ? '#111111' : '#ffffff' };
  // A link's underline, left on the page where its words were, is painted over (it would underline other words).
  const patches = linked && cover === 'lines' ? [...linked.links.values()].filter((l) => l.underline).map((l) => {
    const r = links[l.index]!;
    const box = { x: r.x0 - 0.5, y: r.y0, w: r.x1 - r.x0 + 1, h: r.y1 - r.y0 + 2 };
    return { ...box, color: backgroundAround(n1, box) };
  }) : [];
  const block = withLinks({ ...b, translation, style, cover, background, patches, ...(b.vertical ? { turn: turnOf(chars, b) } : {}) });
  return { block, invisible };
}
