import type { ItemRecord, Query } from '../catalog/types';
import type { ItemRecordOf } from '../content/create';
import { contentPage, LISTED, listContent, translationRows } from '../content/views';
import type { CoreServices as Services } from '../services';
import type { ContentType } from '../types';
import type { Product } from './types';

/** The records as the product stores them, the generic content list, the translations lists: each a page asked of the store. */
export const list = (s: Services): Pick<Product, 'items' | 'item' | 'content' | 'listTotal' | 'translationRows'> => {
  const itemQuery = (sub?: string): Query<ItemRecord> => ({ where: sub ? ({ subcategory: sub } as Query<ItemRecord>['where']) : undefined, cond: LISTED });
  return {
    async items<T extends ContentType>(type: T, filter: { subcategory?: string; limit?: number; offset?: number; afterId?: number } = {}) {
      return await s.catalog.items(type).list({ ...itemQuery(filter.subcategory), limit: filter.limit, offset: filter.offset, afterId: filter.afterId }) as ItemRecordOf<T>[];
    },
    async item<T extends ContentType>(type: T, id: number) {
      return structuredClone(await s.catalog.items(type).require(id)) as ItemRecordOf<T>;
    },
    content: async (type, page) => (page ? (await contentPage(s.catalog, { type, page })).items : await listContent(s.catalog, type)),
    async listTotal(list, filter = {}) {
      switch (list) {
        case 'content': return (await contentPage(s.catalog, { type: filter.type, page: { limit: 0 }, total: true })).total ?? 0;
        case 'bot-images': return await s.catalog.botImages.count();
        case 'presentation-images': return await s.catalog.presentationImages.count();
        default: return await s.catalog.items(list).count(itemQuery(filter.subcategory));
      }
    },
    translationRows: async (type) => await translationRows(s.catalog, type),
  };
};
