import type { SearchIndex } from '../search/types';
import type { Passage } from './retrieve';
import { linksIn } from './suspicious';

const MAX_LINKS = 10;

const hostOf = (url: string): string | null => {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * The links in these passages that no other item of the catalog mentions
 * (its host appears in no chunk of another document, deck or video): a
 * link planted in one file is not quoted as an answer.
 */
export async function unknownLinks(search: SearchIndex, passages: Passage[]): Promise<Set<string>> {
  const unknown = new Set<string>();
  const seen = new Set<string>();
  for (const p of passages) {
    const { itemType, itemId } = p.hit.chunk;
    for (const url of linksIn(p.hit.chunk.text)) {
      if (seen.has(url) || seen.size >= MAX_LINKS) continue;
      seen.add(url);
      const host = hostOf(url);
      if (!host) { unknown.add(url); continue; }
      const hits = await search.search(host.replace(/\./g, ' '), { k: 20 });
      const elsewhere = hits.some((h) => (h.chunk.itemType !== itemType || h.chunk.itemId !== itemId) && h.chunk.text.toLowerCase().includes(host));
      if (!elsewhere) unknown.add(url);
    }
  }
  return unknown;
}
