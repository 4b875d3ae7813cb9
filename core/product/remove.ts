import { deleteAllData, deleteAnyContent, deleteImage, deleteItem } from '../content/remove';
import type { CoreServices as Services } from '../services';
import type { Product } from './types';

/** Deletes an item (record, files, images, index entries), an image, or everything (with the question analytics). */
export const remove = (s: Services): Pick<Product, 'remove' | 'removeAll' | 'removeImage'> => ({
  remove: (id, type) => (type ? deleteItem(s.content, type, id) : deleteAnyContent(s.content, id)),
  async removeAll() {
    const deleted = await deleteAllData(s.content);
    s.questions.clear();
    return deleted;
  },
  removeImage: (kind, id) => deleteImage(s.content, kind, id),
});
