import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from './auth/auth';
import { createFileCredentialStore, createPgCredentialStore } from './auth/credentials';
import type { Catalog } from './catalog/types';
import { acquireLock, type DataLock } from './catalog/lock';
import type { Config } from './config';
import type { ContentDeps } from './content/deps';
import { createIngestHandler } from './ingest/pipeline';
import { remakeVideoTranslations } from './content/remake-subtitles';
import { createTranscribeHandler } from './video/job';
import { createTranscribers } from './video/speech/create';
import type { SpeechToText } from './video/speech/types';
import { loadTranscript } from './video/transcript-store';
import { probeToolIsolation, setToolLimits } from './tools/sandbox';
import { createDiskGuard, type DiskGuard } from './disk';
import { explainFailure } from './ingest/failure';
import { createJobQueue, type JobHandlers, type JobQueue } from './jobs/queue';
import { createSearchIndex } from './search/index';
import { superviseChroma, type ChromaSupervisor } from './search/chroma-supervisor';
import { createHashEmbedder } from './search/hash-embedder';
import { createOnnxEmbedder } from './search/onnx-embedder';
import { createOpenAiEmbedder } from './search/openai-embedder';
import { createFeedSearchIndex } from './search/feed';
import { rerankerFromConfig } from './search/reranked';
import type { Embedder, MaintainedSearchIndex, SearchIndex } from './search/types';
import { AppError, isAppError } from './errors';
import type { LogLine } from './log';
import { reindexAll } from './content/reindex';
import { createLocalStore } from './storage/local';
import type { ObjectStore } from './storage/types';
import { createFileQuestionLog, questionLogFile } from './analytics/file-log';
import { createPgQuestionLog } from './analytics/pg-log';
import type { QuestionLog } from './analytics/types';
import { createLlm } from './llm/create';
import { createPgWidgetSettingsStore } from './widget/pg-settings';
import { createWidgetSettingsStore, type WidgetSettingsStore } from './widget/settings';
import type { LlmClient } from './llm/types';
import { createTextTranslator } from './chat/question-translation';
import { createRagBot } from './chat/rag';
import { publicSearchIndex } from './governance/visibility';
import { createAuditLog, type AuditLog } from './governance/audit';
import { createAccounts, type Accounts } from './auth/accounts';
import { auditWrites } from './product/audit-writes';
import { guardProduct } from './product/guard';
import { recordExpired } from './governance/expiry';
import { settleAllVersions, settleVersion, type VersionDeps } from './content/versions';
import { closeSharedOffice } from './tools/office';
import { metered, meterLlm, setMetricSources } from './metrics';
import { checkDataFormat } from './catalog/data-format';
import { createAssistant } from './chat/assistant';
import { createHandoff, type Handoff } from './handoff/requests';
import { createChatLimits } from './chat/rate-limit';
import type { ConversationStore } from './conversations/types';
import type { RateLimitStore } from './limits/types';
import { openSharedState } from './shared-state';
import { createProduct, OPERATION_PERMISSIONS } from './product/index';
import { createSiteRuns } from './sync/site-runs';
import { createSiteSyncRunner } from './operations/site-sync-runner';
import { createTranslation, type Translation } from './translate/create';
import { createTranslateHandler } from './translate/job';
import { openVideoTranslation } from './video/translation-job';
import { planVideo } from './video/policy';
import type { Product } from './product/types';
import type { ProductDeps } from './product/deps';
import { discard, spoolToTempFile } from './content/spool';
import type { Job, JobStep } from './types';

export interface Services extends ProductDeps {
  /** The front door: every use case of the product (core/product). */
  product: Product;
}

/** The built parts, before the front door is put on them. */
export type CoreServices = ProductDeps;

export interface ServiceOptions {
  /** Take the single-writer lock of the data folder (the server and a server-less CLI do). */
  lock?: { url: string | null } | false;
  /** Start the job worker (the server does; `cms import` without a server does too). */
  startWorker?: boolean;
  /** `cms migrate` opens the target beside the data folder it copies: no refusal of an empty database there. */
  migrating?: boolean;
  log?: LogLine;
  /** Told what degrades answers without failing them (a reranking endpoint that fails); `log` otherwise. */
  warn?: (msg: string) => void;
  onGeneratedPassword?: (password: string) => void;
  /**
   * Told (synchronously) as a job starts and as each step of it begins (`step`), before its free-space check:
   * tests hold a job at a known point, the ingest benchmark times each step.
   */
  onJobStep?: (job: Job, step?: JobStep) => void;
}

/** The object store; the S3 one (and its SDK, a third of a second to load) only when configured. */
async function createStore(config: Config): Promise<ObjectStore> {
  const s = config.storage;
  if (s.kind === 'local') return createLocalStore({ root: s.root });
  const { createS3Store } = await import('./storage/s3');
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
    // A folder a newer version wrote is refused before anything reads it (core/operations/data-format.ts).
    checkDataFormat(config.dataDir);
    setToolLimits(config.tools);
    // What confinement the machine allows is probed while the rest starts (Chroma takes longer), not by the first job.
    const isolationProbed = probeToolIsolation().catch((e: Error) => log(`Probing tool confinement failed: ${e.message}; the first tool run probes again`));
    const tmpDir = path.join(config.dataDir, 'tmp');
    // Holding the lock, nobody else uses the temp folder: what is there was left by a crash (upload spools, job work folders).
    if (lock) rmSync(tmpDir, { recursive: true, force: true });
    mkdirSync(tmpDir, { recursive: true });
    const shared = await openSharedState(config, log, { migrating: options.migrating });
    cleanups.push(() => shared.close());
    const { catalog, conversations, rateLimits } = shared;
    void conversations.prune().then(
      (r) => r.conversations && log(`Removed ${r.conversations} conversations idle for over ${config.conversations.retentionDays} days`),
      (e: Error) => log(`Removing old conversations failed: ${e.message}`),
    );

    const store = await createStore(config);

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
      // Several processes: each keeps its lexical copy on its own disk (its data folder), built from PostgreSQL
      // and kept current by the change feed; a restart applies the changes since its last run.
      const local = await createSearchIndex({ dataDir: path.join(searchDir, 'from-postgres'), chromaUrl, collection: config.search.chromaCollection, embedder, writeWaitMs, log });
      search = await createFeedSearchIndex({ index: local, pool: shared.pool, log });
    } else {
      search = await createSearchIndex({ dataDir: searchDir, chromaUrl, collection: config.search.chromaCollection, embedder, writeWaitMs, log }).catch(async (e) => {
        // A damaged lexical index is set aside and rebuilt from the stored text, rather than blocking the start.
        const damaged = isAppError(e) ? (e.details?.damagedFile as string | undefined) : undefined;
        if (!damaged) throw e;
        renameSync(damaged, `${damaged}.damaged-${Date.now()}`);
        log(`${e.message} It was set aside; rebuilding the index from the stored text.`);
        rebuildIndex = true;
        return createSearchIndex({ dataDir: searchDir, chromaUrl, collection: config.search.chromaCollection, embedder, writeWaitMs, log });
      });
    }
    cleanups.push(() => search.close());
    // RERANK_URL: retrieve() puts the fused candidates in the reranker's order (core/search/reranked.ts); unset, nothing changes.
    const reranker = rerankerFromConfig(config.search.rerank, { warn: options.warn ?? log });
    if (reranker) search = { ...search, reranker };
    if (!shared.pool && !rebuildIndex && (await search.count()) === 0 && (await hasIndexedItems(catalog))) {
      // A restored backup (the index is left out of it) or a lost index folder: rebuilt from the stored text.
      log('The search index is empty but the catalog has indexed items (a restored backup?): rebuilding it from the stored text.');
      rebuildIndex = true;
    }

    // One handler per job kind. Transcription (`transcribe`) registers its own here.
    const records = { catalog, store, search };
    const llm = meterLlm(createLlm(config.llm));
    const translation = createTranslation(config, llm, { pool: shared.pool });
    const transcribers = createTranscribers(config.stt, { cacheDir: path.join(config.dataDir, 'cache') }).map((t): SpeechToText => ({
      id: t.id, supports: (language) => t.supports(language), transcribe: (wav, opts) => metered('stt', t.id, () => t.transcribe(wav, opts)),
      warm: t.warm && ((o) => {
        const w = t.warm!(o);
        return w && { transcribe: (wav, opts) => metered('stt', t.id, () => w.transcribe(wav, opts)), release: () => w.release() };
      }),
    }));
    const handlers: JobHandlers = {
      ingest: createIngestHandler(records, {
        ocrLanguages: config.worker.ocrLanguages, tmpDir, log,
        checkVideoDuration: (sec) => void planVideo(sec, { transcribe: true, translate: false, burn: false, dub: false }, { maxSec: config.video.maxMinutes * 60 }),
      }),
      transcribe: createTranscribeHandler({
        ...records, transcribers, tmpDir, maxDurationSec: config.video.maxMinutes * 60,
        // A new transcript makes the video's translated subtitles again (the queue exists by the time a job runs).
        onReplaced: async (videoId) => { await remakeVideoTranslations({ ...records, queue, conversations }, videoId); },
      }),
      translate: createTranslateHandler({ ...records, translation, tmpDir, openVideo: openVideoTranslation }),
    };
    const disk = createDiskGuard([config.dataDir, tmpDir], config.minFreeBytes);
    // A new version's draft that finished processing goes live when approved (core/governance/versions.ts); bound below.
    let afterJob: (job: Job) => void = () => {};
    const queue = createJobQueue({
      catalog, concurrency: config.worker.concurrency, handlers, claims: shared.claims, leaseMs: config.worker.leaseMs, log, afterClose: (job) => afterJob(job),
      // Every step of a job first checks MIN_FREE_MB; the reason names the item's file like any other failure.
      beforeStep: (job, step) => {
        options.onJobStep?.(job, step);
        disk.assertRoom('There is too little free disk space to go on');
      },
      explainStartFailure: async (job, e) => {
        const fileName = (await catalog.items(job.itemType).get(job.itemId))?.fileName;
        if (!fileName) return e;
        const err = explainFailure(e, fileName);
        return new AppError(err.code, err.message, { cause: e, details: { ...err.details, file: fileName } });
      },
    });
    shared.onRemoteChange(() => queue.poke());
    const content: ContentDeps = { ...records, queue, conversations, autoApprove: config.autoApprove };
    cleanups.push(() => queue.stop());

    const audit = createAuditLog(catalog);
    const versionDeps: VersionDeps = { ...content, audit: (e) => audit.record(e) };
    afterJob = (job) => void (async () => {
      const draft = await catalog.items(job.itemType).get(job.itemId);
      if (draft?.versionOf != null) await settleVersion(versionDeps, job.itemType, draft.versionOf);
    })().catch((e: Error) => log(`Settling the new version of ${job.itemType} ${job.itemId} failed: ${e.message}`));
    const accounts = createAccounts(catalog, config.admin.username);
    const auth = await createAuth({
      credentials: shared.pool ? createPgCredentialStore({ pool: shared.pool, dataDir: config.dataDir }) : createFileCredentialStore(config.dataDir),
      username: config.admin.username, password: config.admin.password, apiToken: config.apiToken, metricsToken: config.metricsToken,
      sessionHours: config.sessionHours, loginPerMinute: config.limits.loginPerMinute, loginFailuresPerAccount: config.limits.loginFailuresPerAccount, onGeneratedPassword: options.onGeneratedPassword,
      sessions: shared.sessions, rateLimits, accounts,
      onEvent: (e) => void audit.record({
        action: e.action, actor: e.role ? { name: e.username, role: e.role, via: 'session' } : null, target: e.username, note: e.clientAddress,
      }).catch((err: Error) => log(`Recording ${e.action} failed: ${err.message}`)),
    });
    // One set of public-chat limits for both bots: a visitor's budget is per conversation and address, whichever bot is asked.
    const chatLimits = createChatLimits({ ...config.limits, store: rateLimits });
    // Shared by every server with DATABASE_URL (origins saved on one are sent by all); the data folder otherwise.
    const widgetSettings = shared.pool
      ? createPgWidgetSettingsStore({ pool: shared.pool, envOrigins: config.widget.origins })
      : createWidgetSettingsStore({ file: path.join(config.dataDir, 'widget-settings.json'), envOrigins: config.widget.origins });
    // Shared by every server with DATABASE_URL (an answer given by one is rated through another and counted by all).
    const questions = shared.pool ? createPgQuestionLog({ pool: shared.pool }) : createFileQuestionLog({ file: questionLogFile(config.dataDir) });
    // Visitor messages are kept as long as conversations (CONVERSATION_RETENTION_DAYS): pruned at start and every 6 hours.
    const pruneQuestions = () => void questions.prune(new Date(Date.now() - config.conversations.retentionDays * 86_400_000))
      .catch((e: Error) => log(`Pruning the question log failed: ${e.message}`));
    pruneQuestions();
    const pruneTimer = setInterval(pruneQuestions, 6 * 3_600_000);
    pruneTimer.unref();
    cleanups.push(() => clearInterval(pruneTimer));
    // The visibility rule: anonymous callers search only public items; signed-in staff search everything.
    const publicSearch = publicSearchIndex(search, catalog);
    const ragOptions = {
      catalog, conversations, llm, publicUrl: config.publicUrl, limits: chatLimits, questions,
      videoTranscript: (id: number) => loadTranscript(store, id),
      onLlmError: (e: AppError, step: string) => log(`LLM failed during ${step}: ${e.message}; answered without it`),
      // Offline, Spanish, French, Portuguese and Italian questions about English files go through Apertium (when installed and enabled).
      ...(config.translation.apertium ? { translator: createTextTranslator() } : {}),
    };
    const rag = createRagBot({ ...ragOptions, search: publicSearch });
    const staffRag = createRagBot({ ...ragOptions, search });
    const assistant = createAssistant({ catalog, conversations, search: publicSearch, llm, rag, limits: chatLimits, questions });
    // Hand-off requests keep contact details as long as conversations are kept (pruned with the question log).
    const handoff = createHandoff({
      catalog, conversations, retentionDays: config.conversations.retentionDays,
      webhook: config.handoff.webhookUrl ? { url: config.handoff.webhookUrl, secret: config.handoff.webhookSecret } : null,
      onWebhookError: (id, error) => log(`Hand-off request ${id} could not be delivered to HANDOFF_WEBHOOK_URL: ${error}`),
    });
    const pruneHandoff = () => void handoff.prune().catch((e: Error) => log(`Pruning hand-off requests failed: ${e.message}`));
    pruneHandoff();
    const handoffTimer = setInterval(pruneHandoff, 6 * 3_600_000);
    handoffTimer.unref();
    cleanups.push(() => clearInterval(handoffTimer));

    if (options.startWorker) {
      // Items whose validUntil passed get their one `expired` audit entry (the rule itself reads the clock on every request).
      const sweep = () => {
        void recordExpired(catalog, audit).catch((e: Error) => log(`Recording expired items failed: ${e.message}`));
        // A new version approved while another worker ran its processing, or whose promotion a stop interrupted.
        void settleAllVersions(versionDeps).catch((e: Error) => log(`Settling new versions failed: ${e.message}`));
      };
      sweep();
      const expiryTimer = setInterval(sweep, 60_000);
      expiryTimer.unref();
      cleanups.push(() => clearInterval(expiryTimer));
    }
    setMetricSources({
      jobs: async () => (await Promise.all((['queued', 'running'] as const).map((state) => catalog.jobs.list({ where: { state } })))).flat().map((j) => ({ kind: j.kind, state: j.state })),
      indexChunks: () => search.count(),
    });
    cleanups.push(() => setMetricSources(null));
    await isolationProbed;
    if (options.startWorker) queue.start();
    if (rebuildIndex) {
      void reindexAll(content).then(
        (r) => log(`Search index rebuilt: ${r.items} items, ${r.chunks} chunks`),
        (e: Error) => log(`Rebuilding the search index failed: ${e.message}; run \`cms reindex\``),
      );
    }

    // Console-started website syncs run on the front door (checked and audited as the admin who started them).
    let front: Product | undefined;
    const siteSyncs = createSiteSyncRunner({ product: () => front!, list: () => createSiteRuns(catalog).list(), log });
    cleanups.push(() => siteSyncs.close());

    const core: CoreServices = {
      siteSyncs, config, catalog, store, search, queue, auth, llm, questions, widgetSettings, rag, staffRag, assistant, handoff, audit, accounts, content, conversations, rateLimits, translation, transcribers, tmpDir, spool: { toTempFile: spoolToTempFile, discard }, disk, chroma: chromaSupervisor,
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
    front = guardProduct(auditWrites(createProduct(core), audit), audit, OPERATION_PERMISSIONS);
    return { ...core, product: front };
  } catch (e) {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    throw e;
  }
}

/** Whether some completed item has chunks (so an empty index means a lost one). */
async function hasIndexedItems(catalog: Catalog): Promise<boolean> {
  for (const type of ['document', 'presentation', 'video'] as const) {
    if (await catalog.items(type).find({ where: { status: 'completed' }, filter: (i) => (i as { chunkCount?: number }).chunkCount! > 0 })) return true;
  }
  return false;
}
