import { deleteAllData, deleteAnyContent, deleteImage, deleteItem } from '../features/content/remove';
import { actingActor } from '../features/governance/actor-context';
import { findGoverned } from '../features/governance/review';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const removeNeeds = { remove: 'delete', removeAll: 'manage', removeImage: 'delete' } satisfies Needs;

/** Deletes an item (record, files, images, index entries), an image, or everything (with the question analytics). */
export const remove = (s: Services): Pick<Product, 'remove' | 'removeAll' | 'removeImage'> => ({
  async remove(id, type) {
    const found = await findGoverned(s.catalog, id);
    await (type ? deleteItem(s.content, type, id) : deleteAnyContent(s.content, id));
    if (found) {
      const { type: t, row } = found;
      await s.audit.record({ action: 'delete', actor: actingActor(), type: t, id, title: row.title ?? row.label ?? null, before: { review: row.review ?? 'pending', audience: row.audience ?? 'public' } });
    }
  },
  async removeAll() {
    const deleted = await deleteAllData(s.content);
    await s.questions.clear();
    await s.audit.record({ action: 'delete_all', actor: actingActor(), target: 'all data', after: deleted });
    return deleted;
  },
  removeImage: (kind, id) => deleteImage(s.content, kind, id),
});
