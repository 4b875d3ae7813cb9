import { openCatalog } from '../core/catalog/catalog';
import type { Catalog } from '../core/catalog/types';
import { acquireLock, type DataLock } from '../core/catalog/lock';
import type { Config } from '../core/config';
import { listContent } from '../core/content/views';
import type { Services } from '../core/services';
import type { ContentType, Document, Presentation, Video } from '../core/types';
import { importFields, type Backend, type ImportRequest, type RecordOf } from './backend';
import { toItemView } from './item-view';

export interface DirectBackendOptions {
  /** Start the job worker so imports and retries are processed in this process. */
  worker: boolean;
  log?: (message: string) => void;
  /** The data folder had no admin account yet and one was made: the password is shown once. */
  onGeneratedPassword?: (password: string) => void;
}

/**
 * Works on the data folder in this process, holding its single-writer lock
 * (only when no server does). Reads need only the catalog; the full
 * services (store, search index, queue) are built on the first call that
 * needs them, so `cms ls` stays quick. With the worker on, queued jobs run
 * here; closing stops the worker and leaves unfinished jobs queued.
 */
export async function createDirectBackend(config: Config, options: DirectBackendOptions): Promise<Backend> {
  let services: Services | null = null;
  let lock: DataLock | null = null;
  let readOnly: Catalog | null = null;

  const full = async (): Promise<Services> => {
    if (!services) {
      const { createServices } = await import('../core/services');
      // Same process, so the services take over the lock this backend holds.
      services = await createServices(config, { lock: { url: null }, startWorker: options.worker, log: options.log, onGeneratedPassword: options.onGeneratedPassword });
      readOnly = null;
    }
    return services;
  };
  if (options.worker) await full();
  else {
    lock = acquireLock(config.dataDir, null);
    readOnly = openCatalog(config.dataDir);
  }
  const catalog = () => services?.catalog ?? readOnly!;

  const records = async <T extends ContentType>(type: T) => catalog().items(type).list() as RecordOf<T>[];

  return {
    mode: 'direct',
    target: config.dataDir,
    processesJobs: options.worker,
    categories: async () => catalog().categories.list(),
    async create(request: ImportRequest) {
      const { content } = await full();
      const { uploadOfKind } = await import('../core/content/upload-any');
      const { describeLocalFile } = await import('../core/content/spool');
      const { item } = await uploadOfKind(content, request.type, await describeLocalFile(request.path), importFields(request));
      return toItemView(request.type, item as Document | Presentation | Video);
    },
    records,
    async items(type) {
      const types: ContentType[] = type ? [type] : ['document', 'presentation', 'video'];
      const lists = await Promise.all(types.map(async (t) => (await records(t)).map((r: Document | Presentation | Video) => toItemView(t, r))));
      return lists.flat().sort((a, b) => a.id - b.id);
    },
    content: async () => listContent(catalog()),
    jobs: async () => catalog().jobs.list(),
    images: async () => ({ bot: catalog().botImages.list(), presentation: catalog().presentationImages.list() }),
    async retry(id) {
      const { content } = await full();
      const { retryById } = await import('../core/content/retry');
      const { type, item } = retryById(content, id);
      return toItemView(type, item);
    },
    async retryFailed() {
      const { content } = await full();
      const { retryFailed } = await import('../core/content/retry');
      return retryFailed(content);
    },
    async remove(id) {
      const { content } = await full();
      const { deleteAnyContent } = await import('../core/content/remove');
      await deleteAnyContent(content, id);
    },
    async reindex(onProgress) {
      const { content } = await full();
      const { reindexAll } = await import('../core/ingest/reindex');
      return reindexAll(content, onProgress);
    },
    async search(query, o) {
      return (await full()).search.search(query, { k: o.k, filters: o.type ? { itemType: o.type } : undefined });
    },
    async close() {
      await services?.close();
      lock?.release();
    },
  };
}
