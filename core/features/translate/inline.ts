/**
 * Paragraph <-> segment mapping shared by DOCX and PPTX. A format reads a
 * paragraph into inline items (text with a formatting key, or objects kept
 * as they are); this file merges neighbouring runs whose formatting is
 * equal, writes the segment text with inline tags (the paragraph's most
 * common formatting untagged, every other formatting a `<n>…</n>` span,
 * every object a `<n/>`), and rebuilds the paragraph's nodes from a
 * translation, each piece of text with the formatting of the tag around it.
 */
import { escapeLiterals, literalTag, pieces, stripTags } from '../../foundation/tools/inline-tags';

export interface InlineText {
  kind: 'text';
  text: string;
  /** Equal keys mean equal formatting (runs are merged). */
  format: string;
  /** Builds one run carrying `text` with this item's formatting. */
  make: (text: string) => Node;
  /** A wrapper the run sits in (a hyperlink), cloned around rebuilt runs. */
  container: Element | null;
  /** Code (a monospace font or a code character style): its text goes as one literal tag, never translated. */
  keep?: boolean;
}

export interface InlineObject {
  kind: 'object';
  /** Original nodes, moved back in place as they are. */
  nodes: Node[];
  container: Element | null;
}

export type InlineItem = InlineText | InlineObject;

interface Group { kind: 'text' | 'object'; text: string; item: InlineItem; nodes: Node[] }

export interface ParagraphPlan {
  /** Segment text with inline tags, '' when the paragraph has nothing to translate. */
  text: string;
  /** Tag id -> group. */
  tags: Map<string, Group>;
  base: Group | null;
}

const hasLetters = (s: string) => /\p{L}/u.test(s);

/** Merges runs and writes the tagged segment text. */
export function planParagraph(items: InlineItem[]): ParagraphPlan {
  const groups: Group[] = [];
  for (const it of items) {
    const last = groups[groups.length - 1];
    if (it.kind === 'text') {
      if (last && last.kind === 'text' && (last.item as InlineText).format === it.format && last.item.container === it.container) {
        last.text += it.text;
      } else groups.push({ kind: 'text', text: it.text, item: it, nodes: [] });
    } else if (last && last.kind === 'object' && last.item.container === it.container) {
      last.nodes.push(...it.nodes);
    } else groups.push({ kind: 'object', text: '', item: it, nodes: [...it.nodes] });
  }
  const textGroups = groups.filter((g) => g.kind === 'text');
  if (!hasLetters(textGroups.map((g) => g.text).join(''))) return { text: '', tags: new Map(), base: null };
  // The base formatting: the one carrying most text outside any container.
  const weight = new Map<string, number>();
  for (const g of textGroups) {
    if (g.item.container) continue;
    const f = (g.item as InlineText).format;
    weight.set(f, (weight.get(f) ?? 0) + g.text.length);
  }
  const baseFormat = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const base = textGroups.find((g) => !g.item.container && (g.item as InlineText).format === baseFormat) ?? null;
  const tags = new Map<string, Group>();
  let text = '';
  let n = 0;
  const encode = (g: Group) => ((g.item as InlineText).keep ? literalTag(g.text) : escapeLiterals(g.text));
  for (const g of groups) {
    if (g.kind === 'text' && base && !g.item.container && (g.item as InlineText).format === baseFormat) { text += encode(g); continue; }
    const id = String(++n);
    tags.set(id, g);
    text += g.kind === 'object' ? `<${id}/>` : `<${id}>${encode(g)}</${id}>`;
  }
  return { text, tags, base };
}

/** The nodes that replace the paragraph's inline content for `translation` (tags already checked). */
export function rebuildParagraph(plan: ParagraphPlan, translation: string): Node[] {
  const out: Node[] = [];
  let wrap: { container: Element; clone: Element } | null = null;
  const emit = (node: Node, container: Element | null) => {
    if (!container) { wrap = null; out.push(node); return; }
    if (!wrap || wrap.container !== container) {
      const clone = container.cloneNode(false) as Element;
      wrap = { container, clone };
      out.push(clone);
    }
    wrap.clone.appendChild(node);
  };
  for (const p of pieces(translation)) {
    if (p.object) {
      const g = plan.tags.get(p.object);
      if (!g) continue;
      for (const node of g.nodes) emit(node, g.item.container);
      continue;
    }
    if (!p.text) continue;
    const span = p.spans.length ? plan.tags.get(p.spans[p.spans.length - 1] as string) : undefined;
    const g = span && span.kind === 'text' ? span : plan.base ?? [...plan.tags.values()].find((x) => x.kind === 'text');
    if (!g) continue;
    emit((g.item as InlineText).make(p.text), g.item.container);
  }
  // A span the translation left empty keeps its run (formatting runs stay equal in count).
  const used = new Set(pieces(translation).flatMap((p) => p.spans));
  for (const [id, g] of plan.tags) {
    if (g.kind === 'text' && !used.has(id)) emit((g.item as InlineText).make(''), g.item.container);
  }
  return out;
}

/** Plain text of a segment (for indexing and coverage). */
export const plainText = (segment: string) => stripTags(segment);
