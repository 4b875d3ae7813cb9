import type { Catalog } from '../../engines/catalog/types';
import type { Chunk } from '../../engines/search/types';
import { formsOf, hasTerm, type Term } from '../../foundation/text/terms';
import { isFrameTerm } from '../../foundation/text/question-frame';
import type { RelatedPassage } from '../../foundation/types';
import { publicUrlForKey } from '../../engines/storage/layout';
import { timeLink } from '../video/chunks';
import type { Passage, QueryVariant } from './plan-query';
import { quotableSentences } from './extractive';
import { absolute } from './sources';
import { viewerUrl } from '../content/viewer-url';

/**
 * "These pages may help": when the bot states no answer, the passages that
 * share the most of the question's words, as places to open (a PDF at its
 * page, a video at its time) with the question's words marked. They are
 * never worded as an answer: a visitor forgives "I could not find that" but
 * not a wrong figure with a citation (issue 34).
 */

export const MAX_RELATED = 3;
/** An excerpt is about this long: the sentences holding the most question words, in document order. */
const EXCERPT_CHARS = 240;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu;

/** Character ranges [start, end) of the words of `text` that are question terms, and how many distinct terms they are. */
function matchTerms(text: string, terms: Term[], lang: string): { marks: Array<[number, number]>; distinct: number } {
  const marks: Array<[number, number]> = [];
  const found = new Set<number>();
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (w.length < 2 && !/\d/.test(w)) continue;
    const set = new Set(formsOf(w, lang));
    const k = terms.findIndex((t) => hasTerm(set, t));
    if (k < 0) continue;
    found.add(k);
    marks.push([m.index!, m.index! + m[0].length]);
  }
  return { marks, distinct: found.size };
}

/** Character ranges [start, end) of the words of `text` that are question terms. */
export function markTerms(text: string, terms: Term[], lang: string): Array<[number, number]> {
  return matchTerms(text, terms, lang).marks;
}

/** The sentences of a chunk holding the most question terms, joined and clipped near EXCERPT_CHARS. */
function excerptOf(text: string, terms: Term[], lang: string): string {
  // What may be quoted of it (no instructions to an AI, no planted links: core/features/chat/suspicious.ts).
  const all = quotableSentences(text).map((x) => x.s);
  if (all.length === 0) return '';
  // The sentence holding the most distinct question words ("warranty" and "motor" before "motorised ... motor").
  const scored = all.map((s, i) => ({ s, i, n: matchTerms(s, terms, lang).distinct }));
  const best = scored.reduce((a, b) => (b.n > a.n ? b : a));
  const picked = [best];
  // The sentences around the best one, while there is room: context reads better than a lone line.
  for (let d = 1; d < all.length; d++) {
    const len = picked.reduce((n, x) => n + x.s.length + 1, 0);
    for (const j of [best.i + d, best.i - d]) {
      const x = scored[j];
      if (x && len + x.s.length <= EXCERPT_CHARS) picked.push(x);
    }
    if (len >= EXCERPT_CHARS * 0.7) break;
  }
  const out = picked.sort((a, b) => a.i - b.i).map((x) => x.s).join(' ');
  return out.length > EXCERPT_CHARS * 1.6 ? `${out.slice(0, Math.round(EXCERPT_CHARS * 1.6)).trimEnd()}…` : out;
}

const placeKey = (c: Chunk) => `${c.itemType}:${c.itemId}:${c.page ?? ''}:${c.slide ?? ''}:${c.startSec ?? ''}`;

/**
 * Up to MAX_RELATED passages of distinct places, relevant ones first, each
 * holding at least one of the question's own words (a passage that shares
 * nothing with the question helps nobody). Only passages retrieval returned,
 * so the visibility rule already applied.
 */
export function pickRelated(passages: Passage[], variants: QueryVariant[]): Array<{ chunk: Chunk; excerpt: string; marks: Array<[number, number]> }> {
  const question = variants[0];
  if (!question) return [];
  const lang = question.language;
  const asked = question.terms.filter((t) => !isFrameTerm(t, lang));
  const terms = asked.length ? asked : question.terms;
  const ordered = [...passages.filter((p) => p.relevant), ...passages.filter((p) => !p.relevant)];
  const out: Array<{ chunk: Chunk; excerpt: string; marks: Array<[number, number]> }> = [];
  const seen = new Set<string>();
  for (const p of ordered) {
    if (out.length >= MAX_RELATED) break;
    const chunk = p.hit.chunk;
    if (seen.has(placeKey(chunk))) continue;
    // Matched in the passage's own language: a variant in that language when the question was translated.
    const own = variants.find((v) => v.language === chunk.language) ?? question;
    const excerpt = excerptOf(chunk.text, own.terms, own.language);
    const marks = markTerms(excerpt, own.terms.filter((t) => !isFrameTerm(t, own.language)), own.language);
    if (!excerpt || marks.length === 0) continue;
    seen.add(placeKey(chunk));
    out.push({ chunk, excerpt, marks });
  }
  return terms.length ? out : [];
}

/**
 * The related passages as the reply carries them, each with a link that opens its place: a video's at the cue
 * holding its marked words when `atCues` can name it (else the transcript chunk's start).
 */
export async function relatedPassages(
  catalog: Catalog, passages: Passage[], variants: QueryVariant[], publicUrl?: string | null,
  atCues?: (chunk: Chunk, quotes: string[]) => Promise<Chunk>,
): Promise<RelatedPassage[]> {
  return Promise.all(pickRelated(passages, variants).map(async ({ chunk: found, excerpt, marks }) => {
    const words = marks.map(([s, e]) => excerpt.slice(s, e));
    const chunk = atCues && found.startSec !== undefined ? await atCues(found, [words.join(' ')]) : found;
    const r: RelatedPassage = {
      itemType: chunk.itemType, itemId: chunk.itemId, title: chunk.title, page: chunk.page, slide: chunk.slide,
      start: chunk.startSec ?? null, excerpt, marks,
    };
    r.viewerUrl = viewerUrl(r, words.join(' '));
    const item = await catalog.items(chunk.itemType).get(chunk.itemId);
    const file = item ? ('originalFilePath' in item ? item.originalFilePath : publicUrlForKey(item.fileKey)) : null;
    if (file) {
      const href = absolute(file, publicUrl);
      r.url = chunk.startSec !== undefined ? timeLink(href, chunk.startSec) : chunk.page != null && /\.pdf$/i.test(file) ? `${href}#page=${chunk.page}` : href;
    }
    return r;
  }));
}
