import { readFileSync } from 'node:fs';
import type { HealthReport } from './types';
import type { CoreServices } from './services';
import { toolIsolation, toolLimits } from './ingest/sandbox';

const version = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

export async function healthReport(s: Pick<CoreServices, 'store' | 'search' | 'catalog' | 'llm'>): Promise<HealthReport> {
  const [storage, search] = await Promise.all([
    s.store.health().catch((e: Error) => ({ ok: false, detail: e.message })),
    s.search.health().catch((e: Error) => ({ ok: false, detail: e.message })),
  ]);
  const pending = await s.catalog.jobs.count((j) => j.state === 'queued' || j.state === 'running');
  const catalog = { ok: true, detail: `${s.catalog.location}: ${await s.catalog.documents.count()} documents, ${pending} jobs pending` };
  const ok = catalog.ok && storage.ok && search.ok;
  const isolation = toolIsolation();
  return {
    status: ok ? 'ok' : 'degraded',
    version,
    node: process.version,
    services: {
      catalog,
      storage: { ...storage, kind: s.store.kind },
      search,
      llm: { configured: s.llm.configured, model: s.llm.configured ? s.llm.model : null },
      tools: {
        network: isolation.network,
        diesWithParent: isolation.diesWithParent,
        memoryCeilingMb: isolation.memoryCeiling && toolLimits().memoryBytes > 0 ? Math.round(toolLimits().memoryBytes / 1024 ** 2) : null,
      },
    },
  };
}
