import type { Catalog } from '../../engines/catalog/types';
import type { Passage } from '../../engines/search/retrieve';

/**
 * Titles re-cited on rename: the index keeps the title an item had when it
 * was indexed (its stored text too, so a reindex kept it as well). Passages
 * take the item's title as the catalog holds it now, so an answer, its
 * citations and the model's prompt name a renamed item by its new title (a
 * translation's passages "New title (spanish)").
 */
export async function withCurrentTitles(catalog: Catalog, passages: Passage[]): Promise<Passage[]> {
  const items = new Map<string, string | undefined>();
  for (const p of passages) items.set(`${p.hit.chunk.itemType}:${p.hit.chunk.itemId}`, undefined);
  await Promise.all([...items.keys()].map(async (key) => {
    const [type, id] = key.split(':') as [Passage['hit']['chunk']['itemType'], string];
    const row = await catalog.items(type).get(Number(id)).catch(() => undefined);
    items.set(key, row ? ('title' in row ? row.title : row.label) : undefined);
  }));
  return passages.map((p) => {
    const c = p.hit.chunk;
    const title = items.get(`${c.itemType}:${c.itemId}`);
    if (!title) return p;
    const now = c.translation ? `${title} (${c.translation.language})` : title;
    return now === c.title ? p : { ...p, hit: { ...p.hit, chunk: { ...c, title: now } } };
  });
}
