import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_FILE } from '../core/auth/auth';
import { readLock } from '../core/catalog/lock';
import { AppError } from '../core/errors';
import type { SearchHit } from '../core/search/types';
import type { BotImage, Category, ContentItem, ContentType, Document, Job, Presentation, PresentationImage, Video } from '../core/types';
import type { CliContext } from './context';
import type { ItemView } from './item-view';

export type { ItemView } from './item-view';

export interface ImportRequest {
  path: string;
  fileName: string;
  type: ContentType;
  title?: string;
  categoryId?: number | null;
  translateTo?: string | null;
  force?: boolean;
}

/** The upload fields of an import, under the names core's normaliser reads for every kind. */
export function importFields(r: ImportRequest): Record<string, string | number | boolean | undefined> {
  return { title: r.title, categoryId: r.categoryId ?? undefined, needsTranslation: !!r.translateTo, targetLanguage: r.translateTo ?? undefined, force: r.force };
}

export type RecordOf<T extends ContentType> = T extends 'document' ? Document : T extends 'presentation' ? Presentation : Video;

export interface UploadProgress {
  (sentBytes: number, totalBytes: number): void;
}

/**
 * What the CLI can ask of the product. Two implementations: a running
 * server over HTTP, or the data folder directly when no server holds it.
 * Chosen in `openBackend`, never both.
 */
export interface Backend {
  readonly mode: 'http' | 'direct';
  /** Where the work happens, for messages: the server URL or the data folder. */
  readonly target: string;
  /** Whether queued work is processed while this backend is open. */
  readonly processesJobs: boolean;
  categories(): Promise<Category[]>;
  /** Stores the file and queues its ingest; AppError('conflict') for a duplicate. */
  create(request: ImportRequest, onUpload?: UploadProgress): Promise<ItemView>;
  /** The full records of one type, as the product stores them. */
  records<T extends ContentType>(type: T): Promise<RecordOf<T>[]>;
  /** Documents, presentations and videos in the CLI's common shape. */
  items(type?: ContentType): Promise<ItemView[]>;
  content(): Promise<ContentItem[]>;
  jobs(): Promise<Job[]>;
  images(): Promise<{ bot: BotImage[]; presentation: PresentationImage[] }>;
  /** Queues again the item with this id, or the item of the job with this id (core decides which). */
  retry(id: number): Promise<ItemView>;
  retryFailed(): Promise<number>;
  remove(id: number): Promise<void>;
  reindex(onProgress?: (done: number, total: number, title: string) => void): Promise<{ items: number; chunks: number }>;
  search(query: string, options: { k: number; type?: ContentType }): Promise<SearchHit[]>;
  close(): Promise<void>;
}

export interface BackendNeeds {
  /** Run the job worker in direct mode (import, retry, status --follow). */
  worker: boolean;
}

function readTokenFile(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The one place the mode is chosen. HTTP when CMS_URL is set or a live
 * server holds the data folder (one writer owns it); otherwise direct, which
 * takes the data folder's lock itself.
 */
export async function openBackend(ctx: CliContext, needs: BackendNeeds): Promise<Backend> {
  const config = ctx.config();
  const explicitUrl = ctx.env.CMS_URL ? config.cli.serverUrl : null;
  const holder = explicitUrl ? null : readLock(config.dataDir);
  if (holder && !holder.url) {
    throw new AppError(
      'conflict',
      `The data folder ${config.dataDir} is in use by process ${holder.pid}, which is not a server the CLI can talk to ` +
        '(another `cms` run?). Wait for it to finish, or set CMS_URL to a running server.',
    );
  }
  const url = explicitUrl ?? holder?.url ?? null;
  if (url) {
    const { createHttpBackend } = await import('./backend-http');
    const token = config.apiToken ?? readTokenFile(config.dataDir);
    ctx.logger.debug(`mode: http (${url}${explicitUrl ? ', from CMS_URL' : `, server pid ${holder?.pid}`}), token: ${token ? 'yes' : 'none'}`);
    return createHttpBackend({ url, token, tokenHint: path.join(config.dataDir, TOKEN_FILE), signal: ctx.signal });
  }
  ctx.logger.debug(`mode: direct (data folder ${config.dataDir}, worker ${needs.worker ? 'on' : 'off'})`);
  const { createDirectBackend } = await import('./backend-direct');
  return createDirectBackend(config, {
    worker: needs.worker,
    log: ctx.logger.debug,
    onGeneratedPassword: (password) =>
      ctx.logger.warn(
        `This data folder had no admin account, so one was made. Sign in to the web console as "${config.admin.username}" ` +
          `with the password ${password} (shown only this once; set ADMIN_PASSWORD to choose your own).`,
      ),
  });
}

/** Opens a backend for the length of `fn` and always closes it. */
export async function withBackend<T>(ctx: CliContext, needs: BackendNeeds, fn: (backend: Backend) => Promise<T>): Promise<T> {
  const backend = await openBackend(ctx, needs);
  try {
    return await fn(backend);
  } finally {
    await backend.close();
  }
}
