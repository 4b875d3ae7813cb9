/**
 * The front door of core: everything the product can do, as one typed
 * object (`Product`, ./types.ts), one use case per file in this folder.
 * Faces (server/, cli/) import from here, core/types and core/errors only.
 */
import type { CoreServices as Services } from '../services';
import { accounts } from './accounts';
import { analytics } from './analytics';
import { ask } from './ask';
import { categories } from './categories';
import { chat } from './chat';
import { dashboard } from './dashboard';
import { files } from './files';
import { handoff } from './handoff';
import { health } from './health';
import { images } from './images';
import { jobs } from './jobs';
import { list } from './list';
import { conversations } from './public';
import { reindex } from './reindex';
import { remove } from './remove';
import { retry } from './retry';
import { review } from './review';
import { search } from './search';
import { transcript } from './transcript';
import type { Product } from './types';
import { translations } from './translations';
import { update } from './update';
import { upload } from './upload';
import { versions } from './versions';
import { viewer } from './viewer';
import { sites } from './sites';
import { widget } from './widget';

export type * from './types';
export type { EvalOptions, EvalResult } from './eval';
/** Retrieval evaluation (`cms eval`), loaded on use: it pulls in the whole search stack. */
export const loadEval = () => import('./eval');
export { ask, chat };

/** The product over built services (the composition root calls this once). */
export function createProduct(s: Services): Product {
  return {
    ...upload(s), ...list(s), ...update(s), ...remove(s), ...retry(s), ...jobs(s), ...reindex(s), ...search(s),
    ...transcript(s), ...viewer(s), ...sites(s), ...ask(s), ...chat(s), ...categories(s), ...images(s), ...files(s), ...dashboard(s), ...health(s), ...conversations(),
    ...translations(s), ...analytics(s), ...widget(s), ...review(s), ...accounts(s), ...handoff(s), ...versions(s),
  };
}

/**
 * What the server's routes get besides the product: sign-in, the config the
 * process started with, its temp folder, the public rate limits. Routes
 * never see the rest of the composition (catalog, store, queue, ...).
 */
export type Edge = Pick<import('../services').Services, 'product' | 'auth' | 'config' | 'tmpDir' | 'rateLimits' | 'spool'>;

// What the edges need besides the product (types, the JSON log lines, and the constants their validation and permissions use).
// The composition root (createServices, loadConfig, readLock, ...) is core/root.ts, for bin/ and cli/compose.ts.
export type { Config } from '../config';
export type { IncomingFile } from '../content/spool';
export { createLog, serviceLog, lineLogger, type Logger as JsonLog } from '../log';
export { parseSince } from '../analytics/stats';
/** A refused request with its message code (core/messages.ts), for refusals made at the edge (an upload's parts). */
export { refusal } from '../messages';
export { isTransientFailure } from '../jobs/failure-class';
export { isPermanentFailure } from '../messages';
export { safeEqual } from '../auth/secrets';
export type { Auth } from '../auth/auth';
export { ROLES, can, type Permission } from '../governance/roles';
export { runAs } from '../governance/actor-context';
export { CONVERSATION_ID_PATTERN } from '../conversations/ids';
export { createPublicGate, type PublicGate, type PublicRouteGroup } from './public';
export { UPLOADS_FOLDERS } from '../storage/layout';
/** The server starts its metrics at once (elsewhere they start on first use). */
export { httpRequests, startMetrics } from '../metrics';
export { LIST_PAGE_MAX } from '../content/views';
export { syncFolder, syncSummary, type SyncOptions, type SyncReport } from '../sync/folder-sync';
export { syncSite, siteSyncSummary, type SiteSyncOptions, type SiteSyncReport } from '../sync/site-sync';
// Operator commands on a whole installation (`cms migrate`, `cms backup`, `cms restore`).
export { migrateDataFolder, type MigrateReport } from '../operations/migrate';
export { backupDataFolder, restoreBackup, type BackupReport, type RestoreReport } from '../operations/backup';
