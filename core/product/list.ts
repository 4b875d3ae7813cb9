import type { ItemRecordOf } from '../content/create';
import { isDraft, listContent, translationRows } from '../content/views';
import type { CoreServices as Services } from '../services';
import type { ContentType } from '../types';
import type { Product } from './types';

/** The records as the product stores them, the generic content list, the translations lists. */
export const list = (s: Services): Pick<Product, 'items' | 'item' | 'content' | 'translationRows'> => ({
  async items<T extends ContentType>(type: T, filter: { subcategory?: string } = {}) {
    const sub = filter.subcategory;
    return await s.catalog.items(type).list((r) => !isDraft(r) && (!sub || ('subcategory' in r && r.subcategory === sub))) as ItemRecordOf<T>[];
  },
  async item<T extends ContentType>(type: T, id: number) {
    return structuredClone(await s.catalog.items(type).require(id)) as ItemRecordOf<T>;
  },
  content: async (type) => await listContent(s.catalog, type),
  translationRows: async (type) => await translationRows(s.catalog, type),
});
