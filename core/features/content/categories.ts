import type { Catalog } from '../../engines/catalog/types';
import { refusal } from '../../foundation/messages';
import type { Category } from '../../foundation/types';
import { cleanText } from './fields';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

export type CategoryInput = Static<typeof S.CategoryInput>;

function cleanName(name: unknown): string {
  const n = cleanText(name, 200, 'Category name');
  if (!n) throw refusal('validation', 'refusal.category_name_required');
  return n;
}

async function assertUnique(catalog: Catalog, name: string, exceptId?: number) {
  const clash = await catalog.categories.find((c) => c.name.toLocaleLowerCase() === name.toLocaleLowerCase() && c.id !== exceptId);
  if (clash) throw refusal('conflict', 'refusal.category_name_taken', { name: clash.name });
}

export async function createCategory(catalog: Catalog, input: CategoryInput): Promise<Category> {
  const name = cleanName(input.name);
  await assertUnique(catalog, name);
  return await catalog.categories.insert({
    name, description: cleanText(input.description, 2000, 'Description'), createdDate: new Date().toISOString(), isActive: input.isActive ?? true,
  });
}

export async function updateCategory(catalog: Catalog, id: number, input: CategoryInput): Promise<Category> {
  await catalog.categories.require(id);
  const patch: Partial<Category> = {};
  if (input.name !== undefined) {
    patch.name = cleanName(input.name);
    await assertUnique(catalog, patch.name, id);
  }
  if (input.description !== undefined) patch.description = cleanText(input.description, 2000, 'Description');
  if (input.isActive !== undefined) patch.isActive = input.isActive;
  return await catalog.categories.update(id, patch);
}

/** Deletes a category; items that used it keep no category. */
export async function deleteCategory(catalog: Catalog, id: number) {
  await catalog.categories.require(id);
  await catalog.transaction(async () => {
    await catalog.categories.remove(id);
    for (const type of ['document', 'presentation'] as const) {
      await catalog.items(type).updateWhere((item) => 'categoryId' in item && item.categoryId === id, (item) => void ((item as { categoryId: number | null }).categoryId = null));
    }
  });
}
