/**
 * TEST HELPER ONLY: a small in-memory SearchIndex (BM25 over core/text word
 * terms) for the chat tests while core/search's real index is not yet
 * available. Not used by the product.
 */
import type { Chunk, SearchHit, SearchIndex, SearchOptions } from '../search/types';
import { detectLanguage } from '../text/language';
import { wordTerms } from '../text/analyze';

export function createTestSearchIndex(): SearchIndex {
  const chunks = new Map<string, { chunk: Chunk; terms: string[] }>();
  return {
    async upsert(list) {
      for (const c of list) chunks.set(c.id, { chunk: c, terms: wordTerms(`${c.title}\n${c.heading ?? ''}\n${c.text}`, c.language) });
    },
    async deleteItem(type, id) {
      for (const [k, v] of chunks) if (v.chunk.itemType === type && v.chunk.itemId === id) chunks.delete(k);
    },
    async clear() {
      chunks.clear();
    },
    async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
      const all = [...chunks.values()].filter(({ chunk }) => {
        const f = options.filters;
        return !f || ((!f.itemType || chunk.itemType === f.itemType) && (!f.itemIds || f.itemIds.includes(chunk.itemId)) && (!f.language || chunk.language === f.language));
      });
      const q = [...new Set(wordTerms(query, detectLanguage(query)))];
      const avg = all.reduce((n, x) => n + x.terms.length, 0) / Math.max(all.length, 1);
      const hits = all.map(({ chunk, terms }) => {
        let score = 0;
        for (const t of q) {
          const tf = terms.filter((x) => x === t).length;
          if (!tf) continue;
          const df = all.filter((x) => x.terms.includes(t)).length;
          const idf = Math.log(1 + (all.length - df + 0.5) / (df + 0.5));
          score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * (terms.length / avg)));
        }
        return { chunk, score };
      });
      // Like a vector index, it always returns the nearest k, relevant or not.
      return hits.sort((a, b) => b.score - a.score).slice(0, options.k ?? 10);
    },
    async count() {
      return chunks.size;
    },
    async health() {
      return { ok: true, detail: 'in-memory test index' };
    },
    async close() {},
  };
}
