import { createPageRenderer } from '../features/content/page-render';
import { parsePageRenderKey } from '../engines/storage/layout';
import { AppError } from '../foundation/errors';
import { isPubliclyServed } from './public-files';
import type { ProductDeps as Services } from './deps';
import { assertValidKey } from '../engines/storage/key-check';
import { listAll, storageStats } from '../engines/storage/stats';
import type { Product } from './types';
import { fileNeed, type Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const filesNeeds = { files: 'read', fileStats: 'read', removeFile: 'delete', readFile: fileNeed, statFile: fileNeed } satisfies Needs;

/** The file manager and downloads: stored files by key; `public` limits to what the chat hands out (see public-files.ts). */
export const files = (s: Services): Pick<Product, 'files' | 'fileStats' | 'removeFile' | 'readFile' | 'statFile'> => {
  // Page renders (source images of answers citing a PDF page without pictures) are made on first request.
  const pages = createPageRenderer({ catalog: s.catalog, store: s.store, tmpDir: s.tmpDir });
  const check = async (key: string, isPublic?: boolean) => {
    assertValidKey(key);
    if (isPublic && !(await isPubliclyServed(s.catalog, key))) throw new AppError('not_found', `No public file "${key}"`);
  };
  return {
    files: (prefix) => listAll(s.store, prefix || undefined),
    fileStats: () => storageStats(s.store),
    async removeFile(key) {
      await check(key);
      if (!(await s.store.head(key))) throw new AppError('not_found', `No stored file "${key}"`);
      await s.store.delete(key);
    },
    async readFile(key, o = {}) {
      await check(key, o.public);
      return s.store.get(key, { start: o.start, end: o.end });
    },
    async statFile(key, o = {}) {
      await check(key, o.public);
      if (parsePageRenderKey(key)) await pages.ensure(key, o.clientAddress);
      const head = await s.store.head(key);
      // A translated file downloads as "<title> (<language>).<ext>", not as its storage key.
      const translation = head ? (await s.catalog.translations.list((t) => t.fileKey === key))[0] : undefined;
      return head && translation?.fileName ? { ...head, downloadName: translation.fileName } : head;
    },
  };
};
