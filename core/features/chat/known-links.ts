import type { SearchIndex } from '../../engines/search/types';
import type { Passage } from './plan-query';
import { addressesAi, contactsIn, linksIn } from './suspicious';

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
      const hits = await search.search(`${host} ${host.replace(/\./g, ' ')}`, { k: 20, literal: true });
      const elsewhere = hits.some((h) => (h.chunk.itemType !== itemType || h.chunk.itemId !== itemId) && h.chunk.text.toLowerCase().includes(host));
      if (!elsewhere) unknown.add(url);
    }
  }
  for (const c of await plantedContacts(search, passages)) unknown.add(c);
  return unknown;
}

/**
 * The contacts (e-mail addresses, phone numbers) in these passages that the catalog holds only in blocks
 * addressing an AI: found in such a block, and in no other item's passage that does not address one. A
 * planted "write to …" split from its instruction by the chunker is then not quoted either.
 */
export async function plantedContacts(search: SearchIndex, passages: Passage[]): Promise<Set<string>> {
  const planted = new Set<string>();
  const seen = new Set<string>();
  for (const p of passages) {
    const { itemType, itemId } = p.hit.chunk;
    for (const contact of contactsIn(p.hit.chunk.text)) {
      if (seen.has(contact) || seen.size >= MAX_LINKS) continue;
      seen.add(contact);
      const query = contact.includes('@') ? contact.replace(/[@.]/g, ' ') : contact;
      const holding = (await search.search(`${contact} ${query}`, { k: 20, literal: true })).filter((h) => contactsIn(h.chunk.text).includes(contact));
      const inPlanted = holding.some((h) => addressesAi(h.chunk.text)) || addressesAi(p.hit.chunk.text);
      const vouched = holding.some((h) => (h.chunk.itemType !== itemType || h.chunk.itemId !== itemId) && !addressesAi(h.chunk.text));
      if (inPlanted && !vouched) planted.add(contact);
    }
  }
  return planted;
}
