/**
 * The front door of core: everything the product can do, as one typed
 * object (`Product`, ./types.ts), one use case per file in this folder.
 * Faces (server/, cli/) import from here, core/foundation/types and core/foundation/errors only.
 */
import type { ProductDeps as Services } from './deps';
import { accounts, accountsNeeds } from './accounts';
import { analytics, analyticsNeeds } from './analytics';
import { ask, askNeeds } from './ask';
import { categories, categoriesNeeds } from './categories';
import { chat, chatNeeds } from './chat';
import { dashboard, dashboardNeeds } from './dashboard';
import { files, filesNeeds } from './files';
import { handoff, handoffNeeds } from './handoff';
import { health, healthNeeds } from './health';
import { images, imagesNeeds } from './images';
import { jobs, jobsNeeds } from './jobs';
import { list, listNeeds } from './list';
import { conversations, conversationsNeeds } from './public';
import { reindex, reindexNeeds } from './reindex';
import { remove, removeNeeds } from './remove';
import { retry, retryNeeds } from './retry';
import { review, reviewNeeds } from './review';
import { search, searchNeeds } from './search';
import { transcript, transcriptNeeds } from './transcript';
import type { Need } from './guard';
import type { Product } from './types';
import { translations, translationsNeeds } from './translations';
import { update, updateNeeds } from './update';
import { upload, uploadNeeds } from './upload';
import { versions, versionsNeeds } from './versions';
import { viewer, viewerNeeds } from './viewer';
import { sites, sitesNeeds } from './sites';
import { widget, widgetNeeds } from './widget';

export type * from './types';
export type { EvalOptions, EvalResult } from './eval';
/** Retrieval evaluation (`cms eval`), loaded on use: it pulls in the whole search stack. */
export const loadEval = () => import('./eval');
export { ask, chat };

/**
 * Every operation with the permission it needs, each declared beside its use case: complete by type
 * (a new operation does not compile without its entry). The composition root hands it to guardProduct.
 */
export const OPERATION_PERMISSIONS: Record<keyof Product, Need> = {
  ...accountsNeeds, ...analyticsNeeds, ...askNeeds, ...categoriesNeeds, ...chatNeeds, ...dashboardNeeds, ...filesNeeds, ...handoffNeeds, ...healthNeeds, ...imagesNeeds, ...jobsNeeds, ...listNeeds, ...conversationsNeeds, ...reindexNeeds, ...removeNeeds, ...retryNeeds, ...reviewNeeds, ...searchNeeds, ...sitesNeeds, ...transcriptNeeds, ...translationsNeeds, ...updateNeeds, ...uploadNeeds, ...versionsNeeds, ...viewerNeeds, ...widgetNeeds,
};

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
export type Edge = Pick<Services, 'auth' | 'config' | 'tmpDir' | 'rateLimits' | 'spool'> & { product: Product };

// What the edges need besides the product (types, the JSON log lines, and the constants their validation and permissions use).
// The composition root (createServices, loadConfig, readLock, ...) is core/composition/root.ts, for bin/ and cli/compose.ts.
export type { Config } from '../foundation/config';
export type { IncomingFile } from '../features/content/spool';
export { createLog, serviceLog, lineLogger, type Logger as JsonLog } from '../foundation/log';
export { parseSince } from '../features/analytics/stats';
/** A refused request with its message code (core/foundation/messages.ts), for refusals made at the edge (an upload's parts). */
export { refusal } from '../foundation/messages';
export { isTransientFailure } from '../engines/jobs/failure-class';
export { isPermanentFailure } from '../foundation/messages';
export { safeEqual } from '../features/auth/secrets';
export type { Auth } from '../features/auth/auth';
export { ROLES, can, type Permission } from '../features/governance/roles';
export { runAs } from '../features/governance/actor-context';
export { CONVERSATION_ID_PATTERN } from '../engines/conversations/ids';
export { createPublicGate, type PublicGate, type PublicRouteGroup } from './public';
export { UPLOADS_FOLDERS } from '../engines/storage/layout';
/** The server starts its metrics at once (elsewhere they start on first use). */
export { httpRequests, startMetrics } from '../engines/metrics';
export { LIST_PAGE_MAX } from '../features/content/views';
