import { createCategory, deleteCategory, updateCategory } from '../features/content/categories';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const categoriesNeeds = { categories: 'read', createCategory: 'edit', updateCategory: 'edit', removeCategory: 'delete' } satisfies Needs;

/** Categories of documents and presentations. */
export const categories = (s: Services): Pick<Product, 'categories' | 'createCategory' | 'updateCategory' | 'removeCategory'> => ({
  categories: async () => await s.catalog.categories.list(),
  createCategory: async (input) => await createCategory(s.catalog, input),
  updateCategory: async (id, input) => await updateCategory(s.catalog, id, input),
  removeCategory: async (id) => await deleteCategory(s.catalog, id),
});
