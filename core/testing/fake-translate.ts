/**
 * A "translating model" for the fake Messages API: it reads the segments a
 * translation request sends (a JSON object of id -> text) and answers with
 * a reversible marker transform, so tests can check every segment came
 * back, where each word landed and that inline tags stayed intact.
 *
 * markerTranslate: every word's letters reversed (same length, so page
 * counts can be compared with the original's)
 *   "Press <1>the button</1>" -> "sserP <1>eht nottub</1>"
 */
import { TAG_SPLIT as TAG } from '../foundation/tools/inline-tags';
import type { FakeRequest, FakeReply } from './fake-anthropic';

/** The reversible transform; `expand` repeats each word that many times (long translations). */
export function markerTranslate(text: string, expand = 1): string {
  return text.split(TAG).map((part) => (TAG.test(part) ? part
    : part.replace(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu, (w) => Array(expand).fill([...w].reverse().join('')).join(' '))))
    .join('');
}

/** Undoes markerTranslate (expand 1). */
export const markerUntranslate = (text: string) => markerTranslate(text);

/** The segments a translation request sent, or null when it is not one. */
export function requestedSegments(r: Pick<FakeRequest, 'lastUser'>): Record<string, string> | null {
  try {
    const o = JSON.parse(r.lastUser) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export interface TranslatingResponderOptions {
  expand?: number;
  /** Per request (0-based count of translation requests so far): a reply to send instead (e.g. { status: 529 }). */
  fail?: (requestIndex: number) => FakeReply | null;
  /** Leave these ids out of the reply (e.g. to test asking again). */
  omit?: (id: string, requestIndex: number) => boolean;
  /** Replace a segment's translation (e.g. drop its tags). */
  mangle?: (id: string, translated: string, requestIndex: number) => string;
}

/** Reads only the request's last user message, so it answers for the fake Anthropic and the fake OpenAI-compatible API alike. */
export type TranslatingResponder = ((r: Pick<FakeRequest, 'lastUser'>) => FakeReply) & { count: () => number; seen: string[] };

export function translatingResponder(o: TranslatingResponderOptions = {}): TranslatingResponder {
  let n = 0;
  const seen: string[] = [];
  const responder = ((r: Pick<FakeRequest, 'lastUser'>) => {
    const segments = requestedSegments(r);
    if (!segments) return 'not a translation request';
    const i = n++;
    const failure = o.fail?.(i);
    if (failure) return failure;
    const out: Record<string, string> = {};
    for (const [id, text] of Object.entries(segments)) {
      seen.push(text);
      if (o.omit?.(id, i)) continue;
      const t = markerTranslate(text, o.expand ?? 1);
      out[id] = o.mangle ? o.mangle(id, t, i) : t;
    }
    return JSON.stringify(out);
  }) as TranslatingResponder;
  responder.count = () => n;
  responder.seen = seen;
  return responder;
}
