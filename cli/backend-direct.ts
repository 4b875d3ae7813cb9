import type { Config } from '../core/config';
import { createDocument, createPresentation, createVideo } from '../core/content/create';
import { deleteAnyContent } from '../core/content/remove';
import { describeLocalFile } from '../core/content/spool';
import { retryItem } from '../core/content/update';
import { listContent } from '../core/content/views';
import { reindexAll } from '../core/ingest/reindex';
import { createServices } from '../core/services';
import type { ContentType, Document, Presentation, Video } from '../core/types';
import type { Backend, ImportRequest, RecordOf } from './backend';
import { toItemView } from './item-view';

export interface DirectBackendOptions {
  /** Start the job worker so imports and retries are processed in this process. */
  worker: boolean;
  log?: (message: string) => void;
}

/**
 * Works on the data folder in this process, holding its single-writer lock
 * (only when no server does). With the worker on, queued jobs run here;
 * closing stops the worker and leaves unfinished jobs queued for next time.
 */
export async function createDirectBackend(config: Config, options: DirectBackendOptions): Promise<Backend> {
  const services = await createServices(config, { lock: { url: null }, startWorker: options.worker, log: options.log });
  const { catalog, content } = services;
  const records = async <T extends ContentType>(type: T) =>
    (type === 'document' ? catalog.documents.list() : type === 'presentation' ? catalog.presentations.list() : catalog.videos.list()) as RecordOf<T>[];

  return {
    mode: 'direct',
    target: config.dataDir,
    processesJobs: options.worker,
    categories: async () => catalog.categories.list(),
    async create(request: ImportRequest) {
      const file = await describeLocalFile(request.path);
      const common = { categoryId: request.categoryId ?? null, force: request.force };
      const translate = { needsTranslation: !!request.translateTo, targetLanguage: request.translateTo ?? null };
      switch (request.type) {
        case 'document':
          return toItemView('document', await createDocument(content, file, { ...common, ...translate, title: request.title }));
        case 'presentation':
          return toItemView('presentation', await createPresentation(content, file, { ...common, title: request.title, languageto: request.translateTo ?? null }));
        case 'video':
          return toItemView('video', await createVideo(content, file, { ...translate, label: request.title, force: request.force }));
        default: {
          const never: never = request.type;
          throw new Error(`unknown type ${String(never)}`);
        }
      }
    },
    records,
    async items(type) {
      const types: ContentType[] = type ? [type] : ['document', 'presentation', 'video'];
      const lists = await Promise.all(types.map(async (t) => (await records(t)).map((r: Document | Presentation | Video) => toItemView(t, r))));
      return lists.flat().sort((a, b) => a.id - b.id);
    },
    content: async () => listContent(catalog),
    jobs: async () => catalog.jobs.list(),
    images: async () => ({ bot: catalog.botImages.list(), presentation: catalog.presentationImages.list() }),
    retryItem: async (type, id) => toItemView(type, retryItem(content, type, id)),
    retryJob: async (id) => services.retryJob(id),
    retryFailed: async () => services.retryFailed(),
    remove: (id) => deleteAnyContent(content, id),
    reindex: (onProgress) => reindexAll(content, onProgress),
    search: (query, o) => services.search.search(query, { k: o.k, filters: o.type ? { itemType: o.type } : undefined }),
    close: () => services.close(),
  };
}
