/**
 * Inline tags inside segment text: `<n>...</n>` spans, `<n/>` objects,
 * `<gn/>` glossary placeholders and `<l…/>` literals. Helpers to list,
 * check and strip them.
 *
 * Document text that itself looks like an inline tag ("Press <1> to
 * select", `</1>`, `<g2/>`) never reaches a provider as such:
 * escapeLiterals() turns each into a literal tag `<lHEX/>` (its UTF-8
 * bytes in hex) before the segment is tagged, so the text cannot collide
 * with inline tags; the tag check then sees it as one more object that must
 * come back, and stripTags()/pieces() turn it back into the original text.
 */

/** Matches one inline tag; group 1 is '/' for a closing tag, group 2 the id, group 3 '/' when self-closing. */
export const TAG = /<(\/?)(g\d+|l[0-9a-f]+|\d+)(\/?)>/g;
/** The same as one capturing group (for String.split). */
export const TAG_SPLIT = /(<\/?(?:g\d+|l[0-9a-f]+|\d+)\/?>)/;

/** Document text that could be read as an inline tag (including `</1/>`, which tagsOf() skips but stripTags() would drop). */
const LITERAL = /<\/?(?:g\d+|l[0-9a-f]+|\d+)\/?>/g;

/** Escapes literal `<…>` of document text as `<lHEX/>` literal tags (call on plain text before adding inline tags). */
export const escapeLiterals = (text: string) => text.replace(LITERAL, (m) => `<l${Buffer.from(m, 'utf8').toString('hex')}/>`);

/** The whole of `text` as one literal tag (a monospace run: kept as it is, like a glossary term). */
export const literalTag = (text: string) => (text ? `<l${Buffer.from(text, 'utf8').toString('hex')}/>` : '');

const isLiteral = (id: string) => id.startsWith('l');
const literalOf = (id: string) => Buffer.from(id.slice(1), 'hex').toString('utf8');

/** Turns literal tags back into their text, leaving the other tags as they are. */
export const unescapeLiterals = (text: string) => text.replace(/<(l[0-9a-f]+)\/>/g, (_, id: string) => literalOf(id));

export interface TagToken {
  kind: 'open' | 'close' | 'self';
  id: string;
  raw: string;
}

export function tagsOf(text: string): TagToken[] {
  const out: TagToken[] = [];
  for (const m of text.matchAll(TAG)) {
    if (m[1] && m[3]) continue; // </1/> is not a tag
    const kind = m[1] ? 'close' : m[3] ? 'self' : 'open';
    out.push({ kind, id: m[2] as string, raw: m[0] });
  }
  return out;
}

/** Plain text: inline tags removed, literal tags turned back into their text. */
export const stripTags = (text: string) => text.replace(TAG, (m, close: string, id: string, self: string) => (isLiteral(id) && self && !close ? literalOf(id) : ''));

/** The multiset of tags as a sorted key: two texts with the same key carry the same tags. */
const tagKey = (text: string) => tagsOf(text).map((t) => t.raw).sort().join('');

/**
 * Why a translation's tags do not match its source (null when they do):
 * every tag exactly once, every span opened before it is closed and properly nested.
 */
export function tagProblem(source: string, translation: string): string | null {
  if (tagKey(source) !== tagKey(translation)) {
    const want = tagsOf(source).map((t) => t.raw);
    const got = tagsOf(translation).map((t) => t.raw);
    const missing = want.filter((t) => !got.includes(t));
    const extra = got.filter((t) => !want.includes(t));
    return [missing.length ? `missing ${missing.join(' ')}` : '', extra.length ? `unexpected ${extra.join(' ')}` : '']
      .filter(Boolean).join(', ') || 'tags repeated';
  }
  const stack: string[] = [];
  for (const t of tagsOf(translation)) {
    if (t.kind === 'open') stack.push(t.id);
    else if (t.kind === 'close') {
      if (stack.pop() !== t.id) return `tag </${t.id}> closes out of order`;
    }
  }
  return stack.length ? `tag <${stack[0]}> is not closed` : null;
}

export interface TaggedPiece {
  /** Text of this piece, or '' for an object tag. */
  text: string;
  /** Span ids around this piece, outermost first. */
  spans: string[];
  /** Set for an object (`<n/>`) or glossary (`<gn/>`) tag. */
  object?: string;
}

/** Splits tagged text into pieces with the spans that enclose each. Assumes tagProblem() found none. */
export function pieces(text: string): TaggedPiece[] {
  const out: TaggedPiece[] = [];
  const stack: string[] = [];
  let buf = '';
  let last = 0;
  const flush = () => {
    if (buf) out.push({ text: buf, spans: [...stack] });
    buf = '';
  };
  for (const m of text.matchAll(TAG)) {
    if (m[1] && m[3]) continue;
    const at = m.index ?? 0;
    buf += text.slice(last, at);
    last = at + m[0].length;
    const id = m[2] as string;
    // A literal is text of the piece it sits in.
    if (isLiteral(id)) { buf += m[3] && !m[1] ? literalOf(id) : ''; continue; }
    flush();
    if (m[3]) out.push({ text: '', spans: [...stack], object: id });
    else if (m[1]) { const i = stack.lastIndexOf(id); if (i >= 0) stack.splice(i, 1); }
    else stack.push(id);
  }
  buf += text.slice(last);
  flush();
  return out;
}

/**
 * Puts back tags a machine engine dropped or broke: keeps the translation's
 * text, drops its stray tags and places the source's tags around the whole
 * text (objects at the end). Used only for rule-based engines, which move
 * but rarely lose tags; an LLM's broken reply is asked again instead.
 */
export function repairTags(source: string, translation: string): string {
  if (tagProblem(source, translation) === null) return translation;
  const plain = stripTags(translation).trim();
  const src = tagsOf(source);
  const opens = src.filter((t) => t.kind === 'open').map((t) => t.raw).join('');
  const closes = src.filter((t) => t.kind === 'close').map((t) => t.raw).reverse().join('');
  const objects = src.filter((t) => t.kind === 'self').map((t) => t.raw).join('');
  // Spans keep their formatting on an empty run rather than vanish.
  return `${plain}${opens}${closes}${objects}`;
}
