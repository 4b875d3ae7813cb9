import type { Catalog } from '../catalog/types';
import { AppError } from '../errors';
import type { Category } from '../types';
import { cleanText } from './fields';

export interface CategoryInput {
  name?: string;
  description?: string;
  isActive?: boolean;
}

function cleanName(name: unknown): string {
  const n = cleanText(name, 200, 'Category name');
  if (!n) throw new AppError('validation', 'Category name is required');
  return n;
}

function assertUnique(catalog: Catalog, name: string, exceptId?: number) {
  const clash = catalog.categories.find((c) => c.name.toLocaleLowerCase() === name.toLocaleLowerCase() && c.id !== exceptId);
  if (clash) throw new AppError('conflict', `A category named "${clash.name}" already exists`);
}

export function createCategory(catalog: Catalog, input: CategoryInput): Category {
  const name = cleanName(input.name);
  assertUnique(catalog, name);
  return catalog.categories.insert({
    name, description: cleanText(input.description, 2000, 'Description'), createdDate: new Date().toISOString(), isActive: input.isActive ?? true,
  });
}

export function updateCategory(catalog: Catalog, id: number, input: CategoryInput): Category {
  catalog.categories.require(id);
  const patch: Partial<Category> = {};
  if (input.name !== undefined) {
    patch.name = cleanName(input.name);
    assertUnique(catalog, patch.name, id);
  }
  if (input.description !== undefined) patch.description = cleanText(input.description, 2000, 'Description');
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  return catalog.categories.update(id, patch);
}

/** Deletes a category; items that used it keep no category. */
export function deleteCategory(catalog: Catalog, id: number) {
  catalog.categories.require(id);
  catalog.transaction(() => {
    catalog.categories.remove(id);
    for (const items of [catalog.documents, catalog.presentations]) {
      items.updateWhere((item) => item.categoryId === id, (item) => void (item.categoryId = null));
    }
  });
}
