import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from '../features/auth/auth';
import { createAccounts, type Accounts } from '../features/auth/accounts';
import { createFileCredentialStore, createPgCredentialStore } from '../features/auth/credentials';
import { acquireLock, type DataLock } from '../engines/catalog/lock';
import { checkDataFormat } from '../engines/catalog/data-format';
import { createChatPart } from './chat';
import { runCleanups, type Cleanups } from './cleanups';
import { createJobsPart } from './jobs';
import { openSearch } from './search';
import type { Config } from '../foundation/config';
import type { ContentDeps } from '../features/content/deps';
import { reindexAll } from '../features/content/reindex';
import { discard, spoolToTempFile } from '../features/content/spool';
import { settleAllVersions, settleVersion, type VersionDeps } from '../features/content/versions';
import { createAuditLog, type AuditLog } from '../features/governance/audit';
import { recordExpired } from '../features/governance/expiry';
import type { Catalog } from '../engines/catalog/types';
import type { LogLine } from '../foundation/log';
import { setMetricSources } from '../engines/metrics';
import { createSiteSyncRunner } from '../operations/site-sync-runner';
import { auditWrites } from '../product/audit-writes';
import type { ProductDeps } from '../product/deps';
import { guardProduct } from '../product/guard';
import { createProduct, OPERATION_PERMISSIONS } from '../product/index';
import type { Product } from '../product/types';
import { openSharedState, type SharedState } from './shared-state';
import { createLocalStore } from '../engines/storage/local';
import type { ObjectStore } from '../engines/storage/types';
import { createSiteRuns } from '../features/sync/site-runs';
import { closeSharedOffice } from '../foundation/tools/office';
import { probeToolIsolation, setToolLimits } from '../foundation/tools/sandbox';
import type { Job, JobStep } from '../foundation/types';

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
  const { createS3Store } = await import('../engines/storage/s3');
  return createS3Store({
    endpoint: s.endpoint ?? undefined, region: s.region, bucket: s.bucket, accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey, forcePathStyle: s.forcePathStyle, prefix: s.prefix || undefined, createBucket: true,
  });
}

/**
 * The composition root: every implementation is chosen here, from config. The parts, each with what it needs:
 * the data folder (lock, format check, temp folder), the shared state (./shared-state.ts), the store, search
 * (./composition/search.ts), jobs (./composition/jobs.ts), governance and sign-in (`governAndAuth`), chat
 * (./composition/chat.ts), the worker's sweeps, then the front door on them all.
 */
export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = options.log ?? (() => {});
  mkdirSync(config.dataDir, { recursive: true });
  let lock: DataLock | null = null;
  if (options.lock !== false) lock = acquireLock(config.dataDir, options.lock?.url ?? null);
  const cleanups: Cleanups = [() => lock?.release()];
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
    const { search, chroma, rebuildIndex } = await openSearch(config, shared, { log, warn: options.warn, cleanups });
    const records = { catalog, store, search };
    const jobs = createJobsPart(config, { shared, records, tmpDir, log, onJobStep: options.onJobStep });
    const { queue } = jobs;
    const content: ContentDeps = { ...records, queue, conversations, autoApprove: config.autoApprove };
    cleanups.push(() => queue.stop());
    const { audit, accounts, auth, versionDeps } = await governAndAuth(config, shared, content, options, log);
    jobs.setAfterJob((job) => void (async () => {
      const draft = await catalog.items(job.itemType).get(job.itemId);
      if (draft?.versionOf != null) await settleVersion(versionDeps, job.itemType, draft.versionOf);
    })().catch((e: Error) => log(`Settling the new version of ${job.itemType} ${job.itemId} failed: ${e.message}`)));
    const chat = createChatPart(config, { shared, store, search, llm: jobs.llm, log, cleanups });
    if (options.startWorker) startSweeps(catalog, audit, versionDeps, log, cleanups);
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
      siteSyncs, config, catalog, store, search, queue, auth, llm: jobs.llm, ...chat, audit, accounts, content, conversations, rateLimits,
      translation: jobs.translation, transcribers: jobs.transcribers, tmpDir, spool: { toTempFile: spoolToTempFile, discard }, disk: jobs.disk, chroma,
      announceUrl: (url: string) => lock?.setUrl(url),
      async close() {
        // Every part is closed even when one fails (a full disk failing the index's last save); the first failure is reported.
        try {
          await runCleanups(cleanups);
        } finally {
          await closeSharedOffice();
        }
      },
    };
    front = guardProduct(auditWrites(createProduct(core), audit), audit, OPERATION_PERMISSIONS);
    return { ...core, product: front };
  } catch (e) {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    throw e;
  }
}

/** The audit log, accounts and sign-in (its events audited), and what settling a new version needs. */
async function governAndAuth(config: Config, shared: SharedState, content: ContentDeps, options: ServiceOptions, log: LogLine):
  Promise<{ audit: AuditLog; accounts: Accounts; auth: Auth; versionDeps: VersionDeps }> {
  const { catalog } = shared;
  const audit = createAuditLog(catalog);
  const versionDeps: VersionDeps = { ...content, audit: (e) => audit.record(e) };
  const accounts = createAccounts(catalog, config.admin.username);
  const auth = await createAuth({
    credentials: shared.pool ? createPgCredentialStore({ pool: shared.pool, dataDir: config.dataDir }) : createFileCredentialStore(config.dataDir),
    username: config.admin.username, password: config.admin.password, apiToken: config.apiToken, metricsToken: config.metricsToken,
    sessionHours: config.sessionHours, loginPerMinute: config.limits.loginPerMinute, loginFailuresPerAccount: config.limits.loginFailuresPerAccount, onGeneratedPassword: options.onGeneratedPassword,
    sessions: shared.sessions, rateLimits: shared.rateLimits, accounts,
    onEvent: (e) => void audit.record({
      action: e.action, actor: e.role ? { name: e.username, role: e.role, via: 'session' } : null, target: e.username, note: e.clientAddress,
    }).catch((err: Error) => log(`Recording ${e.action} failed: ${err.message}`)),
  });
  return { audit, accounts, auth, versionDeps };
}

/** The worker's sweeps, every minute: expired items get their one `expired` audit entry; approved new versions go live. */
function startSweeps(catalog: Catalog, audit: AuditLog, versionDeps: VersionDeps, log: LogLine, cleanups: Cleanups) {
  const sweep = () => {
    // Items whose validUntil passed get their one `expired` audit entry (the rule itself reads the clock on every request).
    void recordExpired(catalog, audit).catch((e: Error) => log(`Recording expired items failed: ${e.message}`));
    // A new version approved while another worker ran its processing, or whose promotion a stop interrupted.
    void settleAllVersions(versionDeps).catch((e: Error) => log(`Settling new versions failed: ${e.message}`));
  };
  sweep();
  const expiryTimer = setInterval(sweep, 60_000);
  expiryTimer.unref();
  cleanups.push(() => clearInterval(expiryTimer));
}
