import { describeLocalFile, discard, type IncomingFile } from '../features/content/spool';
import { uploadAny, uploadOfKind } from '../features/content/upload-any';
import { actingActor } from '../features/governance/actor-context';
import type { ProductDeps as Services } from './deps';
import type { Product, UploadFile, UploadInput, UploadResultOf } from './types';
import type { Needs } from './guard';

export const incoming = async (f: UploadFile): Promise<IncomingFile> =>
  f.spooled ? { path: f.path, fileName: f.fileName, mimeType: f.spooled.mimeType, size: f.spooled.size, sha256: f.spooled.sha256, temporary: true }
    : { ...(await describeLocalFile(f.path)), fileName: f.fileName };

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const uploadNeeds = { upload: 'upload' } satisfies Needs;

/** Stores a file as a document, presentation, video or support image and queues its processing. */
export const upload = (s: Services): Pick<Product, 'upload'> => ({
  async upload<K extends UploadInput['kind']>({ kind, file, fields, actor }: UploadInput & { kind: K }) {
    const f = await incoming(file);
    // Refused before anything is stored when it would leave less than MIN_FREE_MB (the original is copied to the store).
    try {
      s.disk.assertRoom(`"${f.fileName}" cannot be accepted now`, f.size);
    } catch (e) {
      await discard(f); // a spooled upload's temp file goes with the refusal
      throw e;
    }
    const result = kind === 'any' ? await uploadAny(s.content, f, fields, actingActor(actor)) : await uploadOfKind(s.content, kind, f, fields, actingActor(actor));
    return result as UploadResultOf<K>;
  },
});
