import { createCategory, deleteCategory, updateCategory } from '../content/categories';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** Categories of documents and presentations. */
export const categories = (s: Services): Pick<Product, 'categories' | 'createCategory' | 'updateCategory' | 'removeCategory'> => ({
  categories: async () => s.catalog.categories.list(),
  createCategory: async (input) => createCategory(s.catalog, input),
  updateCategory: async (id, input) => updateCategory(s.catalog, id, input),
  removeCategory: async (id) => deleteCategory(s.catalog, id),
});
