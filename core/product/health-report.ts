import { PRODUCT_VERSION } from '../foundation/version';
import type { HealthReport } from '../foundation/types';
import type { ProductDeps as CoreServices } from './deps';
import { toolIsolation, toolLimits } from '../foundation/tools/sandbox';
import { withDeadline } from '../foundation/deadline';

/** How long health waits for each service. */
const HEALTH_DEADLINE_MS = 6_000;

const version = PRODUCT_VERSION;

export async function healthReport(s: Pick<CoreServices, 'store' | 'search' | 'catalog' | 'llm'> & Partial<Pick<CoreServices, 'disk'>>): Promise<HealthReport> {
  // Each service answers within its deadline or the report says degraded (a hung Chroma or S3 never holds it).
  const [storage, search] = await Promise.all([
    withDeadline(s.store.health(), HEALTH_DEADLINE_MS, 'The file storage').catch((e: Error) => ({ ok: false, detail: e.message })),
    withDeadline(s.search.health(), HEALTH_DEADLINE_MS, 'The search index').catch((e: Error) => ({ ok: false, detail: e.message })),
  ]);
  const pending = (await s.catalog.jobs.count({ where: { state: 'queued' } })) + (await s.catalog.jobs.count({ where: { state: 'running' } }));
  const catalog = { ok: true, detail: `${s.catalog.location}: ${await s.catalog.documents.count()} documents, ${pending} jobs pending` };
  const low = s.disk?.lowest();
  const disk = s.disk && low
    ? { ok: low.freeBytes >= s.disk.minFreeBytes, detail: `${low.folder}: ${Math.floor(low.freeBytes / 1024 ** 2)} MB free (at least ${Math.floor(s.disk.minFreeBytes / 1024 ** 2)} MB must stay free, MIN_FREE_MB)` }
    : undefined;
  const ok = catalog.ok && storage.ok && search.ok && (disk?.ok ?? true);
  const isolation = toolIsolation();
  return {
    status: ok ? 'ok' : 'degraded',
    version,
    node: process.version,
    services: {
      catalog,
      storage: { ...storage, kind: s.store.kind },
      search,
      ...(disk ? { disk } : {}),
      llm: { configured: s.llm.configured, model: s.llm.configured ? s.llm.model : null },
      tools: {
        network: isolation.network,
        diesWithParent: isolation.diesWithParent,
        memoryCeilingMb: isolation.memoryCeiling && toolLimits().memoryBytes > 0 ? Math.round(toolLimits().memoryBytes / 1024 ** 2) : null,
      },
    },
  };
}
