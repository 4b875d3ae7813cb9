/**
 * THE visibility rule of the product: what an anonymous caller may see.
 * Every public read goes through here: search results and answers of both
 * assistants (the widget included), the files the assistant hands out,
 * source images, public downloads of originals, translations, frames and
 * transcripts (core/public-files.ts), analytics exports.
 *
 * An item is public when it finished processing, was approved, is meant
 * for the public (audience `public`), its `validUntil` has not passed, and
 * it is not archived. A new version of an item (a hidden draft record,
 * core/features/governance/versions.ts) is never public: it goes live under the
 * item's own id once approved.
 * Everything derived from an item (translations, transcripts, frames,
 * images) follows the item. A signed-in caller sees every completed item.
 */
import type { Catalog, Cond } from '../../engines/catalog/types';
import { MAX_WHERE_ITEM_IDS } from '../../engines/search/index';
import type { SearchHit, SearchIndex, SearchOptions } from '../../engines/search/types';
import { failedInTranslation } from '../../engines/jobs/status';
import type { Citation, Coded, Governed, RetrievalReply, Visibility } from '../../foundation/types';

/** An item whose extraction is done (completed, or being translated): what an assistant may quote or hand out. */
export const isHandedOut = (status: string | undefined): boolean =>
  status === 'completed' || status === 'approved' || status === 'converting';

/** True once `validUntil` has passed (a date without a time means the end of that day, UTC). */
export function isExpired(item: Pick<Governed, 'validUntil'>, now: Date): boolean {
  if (!item.validUntil) return false;
  return expiryInstant(item.validUntil) <= now.getTime();
}

/** The instant an expiry takes effect: a plain date expires at the end of that day (UTC). */
export function expiryInstant(validUntil: string): number {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(validUntil);
  return plain ? Date.parse(`${validUntil}T23:59:59.999Z`) : Date.parse(validUntil);
}

/** Why an item is not public, or 'public'. Items with a file must also have finished processing. */
export function visibilityOf(item: Governed & { status?: string; stepCode?: Coded | null; fileKey?: string; versionOf?: number | null }, now: Date): Visibility {
  // A new version being processed or reviewed is never public by itself: it goes live under its item's id once approved.
  if (item.versionOf != null) return 'pending';
  if (item.archivedAt) return 'archived';
  const review = item.review ?? 'pending';
  if (review === 'rejected') return 'rejected';
  if (review !== 'approved') return 'pending';
  if ((item.audience ?? 'public') !== 'public') return 'staff';
  if (isExpired(item, now)) return 'expired';
  // A video whose translated version failed needs attention, but the video itself is done.
  if (item.fileKey !== undefined && !isHandedOut(item.status) && !failedInTranslation(item)) return 'processing';
  return 'public';
}

/** The one question every anonymous read asks. */
export function isPublic(item: (Governed & { status?: string; stepCode?: Coded | null; fileKey?: string; versionOf?: number | null }) | undefined | null, now: Date): boolean {
  return !!item && visibilityOf(item, now) === 'public';
}

const TYPES = ['document', 'presentation', 'video'] as const;

/**
 * What every public item meets besides being approved, asked in the store
 * with it (SQL in PostgreSQL, approved rows found through its index): no
 * draft, not archived, meant for the public. The rule itself (expiry,
 * processing) is applied to the rows it answers.
 */
const MAYBE_PUBLIC: Cond = {
  and: [
    { path: 'versionOf', set: false },
    { or: [{ path: 'archivedAt', set: false }, { path: 'archivedAt', in: ['', false, 0] }] },
    { or: [{ path: 'audience', set: false }, { path: 'audience', eq: 'public' }] },
  ],
};

/** Every public item is one of these rows (approved, and MAYBE_PUBLIC). */
const MAYBE_PUBLIC_ROWS = { where: { review: 'approved' as const }, cond: MAYBE_PUBLIC };

/**
 * The ids of every public item right now; with `max`, null when more than
 * `max` items could be public (counted by the store, no row read).
 */
export async function publicItemIds(catalog: Catalog, now: Date, max = Infinity): Promise<Set<number> | null> {
  if (Number.isFinite(max)) {
    let n = 0;
    for (const type of TYPES) n += await catalog.items(type).count(MAYBE_PUBLIC_ROWS);
    if (n > max) return null;
  }
  const ids = new Set<number>();
  for (const type of TYPES) {
    for (const item of await catalog.items(type).list(MAYBE_PUBLIC_ROWS)) if (isPublic(item, now)) ids.add(item.id);
  }
  return ids;
}

/** How much deeper than `k` the public search asks the index, in turn, before it asks for the list of public items. */
const PUBLIC_PROBES = [4, 16] as const;
/** Deeper once more when there are too many public items for a short list. */
const WIDE_PROBE = 64;
/** The longest list of public items sent to the index without a deeper probe first: Chroma takes it in its `where` as it is. */
export const PUBLIC_ID_LIST_MAX = MAX_WHERE_ITEM_IDS;

/**
 * The search index as an anonymous caller sees it: only chunks of public
 * items (their translations and transcripts included: chunks carry the
 * item's id). Every hit returned has been judged public.
 *
 * The index is asked unfiltered for a few times `k` and each hit's item is
 * judged by the rule here (a handful of lookups by id, whatever the
 * catalog's size), deeper once if too few are public. When that still
 * finds fewer than `k` public hits while the index had more to give (a
 * mostly non-public catalog), the index is asked with the list of public
 * items, so `k` results are public ones, not `k` results thinned
 * afterwards: at once if at most PUBLIC_ID_LIST_MAX items could be public
 * (counted by the store), else after one more
 * unfiltered probe (64 times `k`) fell short too. Only that last case (many
 * public items, all ranked below 64 k hidden hits) reads and sends a list
 * that grows with the number of public items: returning fewer hits instead
 * would answer "not found" where a public page holds the answer.
 */
export function publicSearchIndex(search: SearchIndex, catalog: Catalog, now: () => Date = () => new Date()): SearchIndex {
  return {
    ...search,
    async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
      const k = options.k ?? 5;
      const at = now();
      const verdict = new Map<number, boolean>();
      /** The public hits; their items read by id, one statement per type (a missing item is not public). */
      const judge = async (hits: SearchHit[]) => {
        const unseen = new Map<SearchHit['chunk']['itemType'], Set<number>>();
        for (const h of hits) {
          if (verdict.has(h.chunk.itemId)) continue;
          verdict.set(h.chunk.itemId, false);
          const ids = unseen.get(h.chunk.itemType) ?? new Set<number>();
          unseen.set(h.chunk.itemType, ids.add(h.chunk.itemId));
        }
        await Promise.all([...unseen].map(async ([type, ids]) => {
          for (const item of await catalog.items(type).list({ cond: { path: 'id', in: [...ids] } })) verdict.set(item.id, isPublic(item, at));
        }));
        return hits.filter((h) => verdict.get(h.chunk.itemId) === true);
      };
      /** Asks the index unfiltered for `depth` times k: the public hits, or null when too few were while the index had more. */
      const probe = async (depth: number) => {
        const n = k * depth;
        const hits = await search.search(query, { ...options, k: n });
        const kept = await judge(hits);
        return kept.length >= k || hits.length < n ? kept.slice(0, k) : null;
      };
      for (const depth of PUBLIC_PROBES) {
        const kept = await probe(depth);
        if (kept) return kept;
      }
      let allowed = await publicItemIds(catalog, at, PUBLIC_ID_LIST_MAX);
      if (!allowed) {
        const kept = await probe(WIDE_PROBE);
        if (kept) return kept;
        allowed = (await publicItemIds(catalog, at))!;
      }
      const wanted = options.filters?.itemIds;
      const itemIds = wanted ? wanted.filter((id) => allowed.has(id)) : [...allowed];
      if (itemIds.length === 0) return [];
      const hits = await search.search(query, { ...options, filters: { ...options.filters, itemIds } });
      // Belt and braces: an index that ignored the filter still leaks nothing.
      return hits.filter((h) => allowed.has(h.chunk.itemId));
    },
  };
}

/** A signed-in answer: each citation of an item that is not public says why (pending, rejected, staff, expired). */
export async function markSources(catalog: Catalog, reply: RetrievalReply, now: Date = new Date()): Promise<RetrievalReply> {
  const citations = await Promise.all(reply.citations.map(async (c): Promise<Citation> => {
    const item = await catalog.items(c.itemType).get(c.itemId);
    const v = item ? visibilityOf(item, now) : 'pending';
    return v === 'public' ? c : { ...c, visibility: v };
  }));
  return { ...reply, citations };
}
