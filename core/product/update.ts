import { createContentItem } from '../features/content/create';
import { updateDocument } from '../features/content/update';
import { actingActor } from '../features/governance/actor-context';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const updateNeeds = { updateDocument: 'edit', createContent: 'upload' } satisfies Needs;

/** Edits a document's fields; records "other" content posted as a form. */
export const update = (s: Services): Pick<Product, 'updateDocument' | 'createContent'> => ({
  updateDocument: async (id, patch) => updateDocument(s.content, id, patch),
  createContent: async (form) => createContentItem(s.content, form, actingActor()),
});
