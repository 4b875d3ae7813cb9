import type { ItemRecord, Query } from '../engines/catalog/types';
import type { ItemRecordOf } from '../features/content/create';
import { contentPage, LIST_PAGE_MAX, LISTED, listContent, translationRows } from '../features/content/views';
import type { ProductDeps as Services } from './deps';
import type { ContentType } from '../foundation/types';
import type { ListName, ListPage, ListQuery, ListRows, Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const listNeeds = { items: 'read', item: 'read', content: 'read', listPage: 'read', translationRows: 'read' } satisfies Needs;

/** The records as the product stores them, the generic content list, the translations lists: each a page asked of the store. */
export const list = (s: Services): Pick<Product, 'items' | 'item' | 'content' | 'listPage' | 'translationRows'> => {
  const itemQuery = (sub?: string): Query<ItemRecord> => ({ where: sub ? ({ subcategory: sub } as Query<ItemRecord>['where']) : undefined, cond: LISTED });

  /** The rows of one page of a list. */
  async function rowsOf(list: ListName, q: ListQuery, page: { limit: number; offset: number; afterId?: number }): Promise<unknown[]> {
    switch (list) {
      case 'content': return (await contentPage(s.catalog, { type: q.type, page })).items;
      case 'bot-images': return await s.catalog.botImages.list(page);
      case 'presentation-images': return await s.catalog.presentationImages.list(page);
      default: return await s.catalog.items(list).list({ ...itemQuery(q.subcategory), ...page });
    }
  }

  /** How many rows a list has in all, counted by the store. */
  async function countOf(list: ListName, q: ListQuery): Promise<number> {
    switch (list) {
      case 'content': return (await contentPage(s.catalog, { type: q.type, page: { limit: 0 }, total: true })).total ?? 0;
      case 'bot-images': return await s.catalog.botImages.count();
      case 'presentation-images': return await s.catalog.presentationImages.count();
      default: return await s.catalog.items(list).count(itemQuery(q.subcategory));
    }
  }

  return {
    async items<T extends ContentType>(type: T, filter: { subcategory?: string; limit?: number; offset?: number; afterId?: number } = {}) {
      return await s.catalog.items(type).list({ ...itemQuery(filter.subcategory), limit: filter.limit, offset: filter.offset, afterId: filter.afterId }) as ItemRecordOf<T>[];
    },
    async item<T extends ContentType>(type: T, id: number) {
      return structuredClone(await s.catalog.items(type).require(id)) as ItemRecordOf<T>;
    },
    content: async (type, page) => (page ? (await contentPage(s.catalog, { type, page })).items : await listContent(s.catalog, type)),
    async listPage<L extends ListName>(list: L, q: ListQuery = {}): Promise<ListPage<ListRows[L]>> {
      const page = { limit: q.limit ?? LIST_PAGE_MAX, offset: q.offset ?? 0, ...(q.afterId !== undefined ? { afterId: q.afterId } : {}) };
      const items = await rowsOf(list, q, page) as ListRows[L][];
      // A short page from the start, or a short non-empty one further on, tells the total; after an id it cannot.
      const told = page.afterId === undefined && items.length < page.limit && (items.length > 0 || page.offset === 0);
      return { items, total: told ? page.offset + items.length : await countOf(list, q), limit: page.limit, offset: page.offset };
    },
    translationRows: async (type) => await translationRows(s.catalog, type),
  };
};
