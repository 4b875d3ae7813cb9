import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from './auth/auth';
import type { Catalog } from './catalog/types';
import { acquireLock, type DataLock } from './catalog/lock';
import type { Config } from './config';
import type { ContentDeps } from './content/deps';
import { createIngestHandler } from './ingest/pipeline';
import { createTranscribeHandler } from './video/job';
import { createTranscribers } from './video/speech/create';
import { setToolLimits } from './tools/sandbox';
import { createDiskGuard, type DiskGuard } from './disk';
import { explainFailure } from './ingest/failure';
import { createJobQueue, type JobHandlers, type JobQueue } from './jobs/queue';
import { createSearchIndex } from './search/index';
import { superviseChroma, type ChromaSupervisor } from './search/chroma-supervisor';
import { createHashEmbedder } from './search/hash-embedder';
import { createOnnxEmbedder } from './search/onnx-embedder';
import { createOpenAiEmbedder } from './search/openai-embedder';
import { createFeedSearchIndex } from './search/feed';
import type { Embedder, MaintainedSearchIndex, SearchIndex } from './search/types';
import { AppError, isAppError } from './errors';
import { reindexAll } from './ingest/reindex';
import { createLocalStore } from './storage/local';
import { createS3Store } from './storage/s3';
import type { ObjectStore } from './storage/types';
import { createFileQuestionLog, questionLogFile } from './analytics/file-log';
import type { QuestionLog } from './analytics/types';
import { createLlm } from './llm/create';
import { createWidgetSettingsStore, type WidgetSettingsStore } from './widget/settings';
import type { LlmClient } from './llm/types';
import { createRagBot } from './chat/rag';
import { closeSharedOffice } from './tools/office';
import { createAssistant } from './chat/assistant';
import { createChatLimits } from './chat/rate-limit';
import type { ConversationStore } from './conversations/types';
import type { RateLimitStore } from './limits/types';
import { openSharedState } from './shared-state';
import { createProduct } from './product/index';
import { createTranslation, type Translation } from './translate/create';
import { createTranslateHandler } from './translate/job';
import type { Product } from './product/types';

export interface Services {
  config: Config;
  catalog: Catalog;
  store: ObjectStore;
  search: SearchIndex;
  queue: JobQueue;
  auth: Auth;
  llm: LlmClient;
  /** What visitors asked and how they rated the answers (analytics). */
  questions: QuestionLog;
  /** The embeddable widget's allowed sites and brand defaults (admin settings). */
  widgetSettings: WidgetSettingsStore;
  rag: ReturnType<typeof createRagBot>;
  assistant: ReturnType<typeof createAssistant>;
  content: ContentDeps;
  /** Public chat and document-search conversations. */
  conversations: ConversationStore;
  /** Where rate-limit hits are counted (memory, or PostgreSQL shared by every server). */
  rateLimits: RateLimitStore;
  /** Translation providers, memory and glossary. */
  translation: Translation;
  /** The embedded Chroma server's supervisor; null when CHROMA_URL points at an external one. */
  chroma: ChromaSupervisor | null;
  /** The front door: every use case of the product (core/product). */
  product: Product;
  /** Where uploads are spooled before they reach the store. */
  tmpDir: string;
  /** Free space of the data and work folders (MIN_FREE_MB): uploads and job steps check it, health reports it. */
  disk: DiskGuard;
  /** Tells the CLI where this server listens (written into the data-folder lock). */
  announceUrl(url: string): void;
  close(): Promise<void>;
}

/** The built parts, before the front door is put on them. */
export type CoreServices = Omit<Services, 'product'>;

export interface ServiceOptions {
  /** Take the single-writer lock of the data folder (the server and a server-less CLI do). */
  lock?: { url: string | null } | false;
  /** Start the job worker (the server does; `cms import` without a server does too). */
  startWorker?: boolean;
  log?: (msg: string) => void;
  onGeneratedPassword?: (password: string) => void;
}

function createStore(config: Config): ObjectStore {
  const s = config.storage;
  if (s.kind === 'local') return createLocalStore({ root: s.root });
  return createS3Store({
    endpoint: s.endpoint ?? undefined, region: s.region, bucket: s.bucket, accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey, forcePathStyle: s.forcePathStyle, prefix: s.prefix || undefined, createBucket: true,
  });
}

function createEmbedder(s: Config['search']): Embedder {
  switch (s.embedder) {
    case 'hash':
      return createHashEmbedder();
    case 'openai':
      return createOpenAiEmbedder({
        baseUrl: s.embeddingsUrl!, apiKey: s.embeddingsApiKey ?? undefined, model: s.embeddingsModel ?? 'text-embedding-3-small',
        dimension: s.embeddingsDimension ?? undefined,
      });
    case 'onnx':
      return createOnnxEmbedder({ modelDir: s.embeddingsModelDir!, dimension: s.embeddingsDimension ?? undefined });
    default: {
      const never: never = s.embedder;
      throw new AppError('validation', `Unknown embedder ${String(never)}`);
    }
  }
}

/** The composition root: every implementation is chosen here, from config. */
export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = options.log ?? (() => {});
  mkdirSync(config.dataDir, { recursive: true });
  let lock: DataLock | null = null;
  if (options.lock !== false) lock = acquireLock(config.dataDir, options.lock?.url ?? null);
  const cleanups: Array<() => Promise<void> | void> = [() => lock?.release()];
  try {
    setToolLimits(config.tools);
    const tmpDir = path.join(config.dataDir, 'tmp');
    // Holding the lock, nobody else uses the temp folder: what is there was left by a crash (upload spools, job work folders).
    if (lock) rmSync(tmpDir, { recursive: true, force: true });
    mkdirSync(tmpDir, { recursive: true });
    const shared = await openSharedState(config, log);
    cleanups.push(() => shared.close());
    const { catalog, conversations, rateLimits } = shared;
    void conversations.prune().then(
      (r) => r.conversations && log(`Removed ${r.conversations} conversations idle for over ${config.conversations.retentionDays} days`),
      (e: Error) => log(`Removing old conversations failed: ${e.message}`),
    );

    const store = createStore(config);

    let chromaUrl = config.search.chromaUrl;
    let chromaSupervisor: ChromaSupervisor | null = null;
    if (!chromaUrl) {
      if (shared.pool) log('DATABASE_URL is set but CHROMA_URL is not: this process starts its own Chroma, so its vectors are not shared with other servers');
      // Supervised: restarted on the same port when it dies, while writes wait for it (writeWaitMs).
      const chroma = await superviseChroma({ dataDir: path.join(config.dataDir, 'chroma'), port: config.search.chromaPort || undefined, log });
      chromaSupervisor = chroma;
      cleanups.push(() => chroma.stop());
      chromaUrl = chroma.url;
    }
    if (shared.pool && config.storage.kind === 'local') {
      log('DATABASE_URL is set but files are stored on local disk: other servers and workers cannot read them (set S3_ENDPOINT/S3_BUCKET)');
    }
    const embedder = createEmbedder(config.search);
    const searchDir = path.join(config.dataDir, 'search');
    let rebuildIndex = false;
    const writeWaitMs = config.search.chromaWaitMs;
    let search: MaintainedSearchIndex;
    if (shared.pool) {
      // Several processes: each keeps its lexical copy in memory, built from PostgreSQL and kept current by its change feed.
      const local = await createSearchIndex({ dataDir: null, chromaUrl, embedder, writeWaitMs });
      search = await createFeedSearchIndex({ index: local, pool: shared.pool, log });
    } else {
      search = await createSearchIndex({ dataDir: searchDir, chromaUrl, embedder, writeWaitMs }).catch(async (e) => {
        // A damaged lexical index is set aside and rebuilt from the stored text, rather than blocking the start.
        const damaged = isAppError(e) ? (e.details?.damagedFile as string | undefined) : undefined;
        if (!damaged) throw e;
        renameSync(damaged, `${damaged}.damaged-${Date.now()}`);
        log(`${e.message} It was set aside; rebuilding the index from the stored text.`);
        rebuildIndex = true;
        return createSearchIndex({ dataDir: searchDir, chromaUrl, embedder, writeWaitMs });
      });
    }
    cleanups.push(() => search.close());

    // One handler per job kind. Transcription (`transcribe`) registers its own here.
    const records = { catalog, store, search };
    const llm = createLlm(config.llm);
    const translation = createTranslation(config, llm);
    const handlers: JobHandlers = {
      ingest: createIngestHandler(records, { ocrLanguages: config.worker.ocrLanguages, tmpDir, maxVideoSec: config.video.maxMinutes * 60 }),
      transcribe: createTranscribeHandler({ ...records, transcribers: createTranscribers(config.stt), tmpDir, maxDurationSec: config.video.maxMinutes * 60 }),
      translate: createTranslateHandler({ ...records, translation, tmpDir }),
    };
    const disk = createDiskGuard([config.dataDir, tmpDir], config.minFreeBytes);
    const queue = createJobQueue({
      catalog, concurrency: config.worker.concurrency, handlers, claims: shared.claims, leaseMs: config.worker.leaseMs, log,
      // Every step of a job first checks MIN_FREE_MB; the reason names the item's file like any other failure.
      beforeStep: (job) => {
        try {
          disk.assertRoom('There is too little free disk space to go on');
        } catch (e) {
          const fileName = catalog.items(job.itemType).get(job.itemId)?.fileName;
          if (!fileName) throw e;
          const err = explainFailure(e, fileName);
          throw new AppError(err.code, err.message, { cause: e, details: { ...err.details, file: fileName } });
        }
      },
    });
    shared.onRemoteChange(() => queue.poke());
    const content: ContentDeps = { ...records, queue, conversations };
    cleanups.push(() => queue.stop());

    const auth = createAuth({
      dataDir: config.dataDir, username: config.admin.username, password: config.admin.password, apiToken: config.apiToken,
      sessionHours: config.sessionHours, loginPerMinute: config.limits.loginPerMinute, onGeneratedPassword: options.onGeneratedPassword,
      sessions: shared.sessions, rateLimits,
    });
    // One set of public-chat limits for both bots: a visitor's budget is per conversation and address, whichever bot is asked.
    const chatLimits = createChatLimits({ ...config.limits, store: rateLimits });
    const widgetSettings = createWidgetSettingsStore({ file: path.join(config.dataDir, 'widget-settings.json'), envOrigins: config.widget.origins });
    const questions = createFileQuestionLog({ file: questionLogFile(config.dataDir) });
    // Visitor messages are kept as long as conversations (CONVERSATION_RETENTION_DAYS): pruned at start and every 6 hours.
    const pruneQuestions = () => questions.prune(new Date(Date.now() - config.conversations.retentionDays * 86_400_000));
    pruneQuestions();
    const pruneTimer = setInterval(pruneQuestions, 6 * 3_600_000);
    pruneTimer.unref();
    cleanups.push(() => clearInterval(pruneTimer));
    const rag = createRagBot({
      catalog, conversations, search, llm, publicUrl: config.publicUrl, limits: chatLimits, questions,
      onLlmError: (e, step) => log(`LLM failed during ${step}: ${e.message}; answered without it`),
    });
    const assistant = createAssistant({ catalog, conversations, search, llm, rag, limits: chatLimits, questions });

    if (options.startWorker) queue.start();
    if (rebuildIndex) {
      void reindexAll(content).then(
        (r) => log(`Search index rebuilt: ${r.items} items, ${r.chunks} chunks`),
        (e: Error) => log(`Rebuilding the search index failed: ${e.message}; run \`cms reindex\``),
      );
    }

    const core: CoreServices = {
      config, catalog, store, search, queue, auth, llm, questions, widgetSettings, rag, assistant, content, conversations, rateLimits, translation, tmpDir, disk, chroma: chromaSupervisor,
      announceUrl: (url: string) => lock?.setUrl(url),
      async close() {
        // Every part is closed even when one fails (a full disk failing the index's last save); the first failure is reported.
        let failure: unknown;
        for (const c of cleanups.reverse()) {
          try { await c(); } catch (e) { failure ??= e; }
        }
        await closeSharedOffice();
        if (failure) throw failure;
      },
    };
    return { ...core, product: createProduct(core) };
  } catch (e) {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    throw e;
  }
}
