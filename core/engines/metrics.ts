/**
 * What the product counts for operators, in Prometheus' text format
 * (`GET /api/metrics`, prom-client): jobs (queued and running per kind,
 * durations, failures per reason code), answer latency per bot, requests
 * to the model, speech and translation providers and their errors,
 * rate-limited requests, reranking requests, the search index's size, and the process's own
 * figures (memory, event loop, handles); HTTP requests by route and status;
 * whether each backing service is up (PostgreSQL or the catalog file, Chroma,
 * S3 or the local store) and the disk's free bytes, from the health checks
 * at each scrape; the version (cms_build_info). One registry per process:
 * every figure is this process's; a scraper adds them up across servers and
 * workers (`cms worker --metrics-port P` serves a worker's).
 */
import { createRequire } from 'node:module';
import { PRODUCT_VERSION } from '../foundation/version';
import type * as Prom from 'prom-client';
import type { LlmClient } from './llm/types';
import type { HealthReport } from '../foundation/types';

const SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

export interface MetricSources {
  /** Jobs waiting or running, by kind and state. */
  jobs(): Promise<Array<{ kind: string; state: string }>>;
  /** Chunks in the search index. */
  indexChunks(): number | Promise<number>;
}

/** What a scrape reads at its moment: the health checks (up gauges) and free space. */
export interface ScrapeSources {
  health?: () => Promise<HealthReport>;
  /** The catalog's backend, for the up gauge's name (postgres, or the data folder's file). */
  catalogKind?: 'postgres' | 'file';
  disk?: () => Array<{ folder: string; freeBytes: number }>;
}

let sources: MetricSources | null = null;
/** The composition root tells where queue depth and index size are read. */
export function setMetricSources(next: MetricSources | null): void {
  sources = next;
}

/** The registry and its figures, made on first use: a CLI run that counts nothing never loads prom-client. */
function make() {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = createRequire(import.meta.url)('prom-client') as typeof Prom;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cms_' });
  new Gauge({
    name: 'cms_jobs', help: 'Jobs queued or running, by kind and state', labelNames: ['kind', 'state'] as const, registers: [registry],
    async collect() {
      this.reset();
      if (!sources) return;
      const counts = new Map<string, number>();
      for (const j of await sources.jobs()) counts.set(`${j.kind}\u0000${j.state}`, (counts.get(`${j.kind}\u0000${j.state}`) ?? 0) + 1);
      for (const [key, n] of counts) {
        const [kind, state] = key.split('\u0000');
        this.set({ kind, state }, n);
      }
    },
  });
  new Gauge({
    name: 'cms_index_chunks', help: 'Chunks in the search index', registers: [registry],
    async collect() {
      if (sources) this.set(await sources.indexChunks());
    },
  });
  const version = PRODUCT_VERSION;
  new Gauge({ name: 'cms_build_info', help: 'Always 1: the product version and Node.js version as labels', labelNames: ['version', 'node'] as const, registers: [registry] })
    .set({ version, node: process.version }, 1);
  return {
    registry,
    serviceUp: new Gauge({
      name: 'cms_dependency_up', help: 'Whether a backing service answered its health check at this scrape (1) or not (0): postgres or catalog_file, chroma, s3 or local_storage',
      labelNames: ['dependency'] as const, registers: [registry],
    }),
    diskFree: new Gauge({
      name: 'cms_disk_free_bytes', help: 'Free bytes of each watched folder (DATA_DIR, the job work folder); below MIN_FREE_MB uploads are refused',
      labelNames: ['folder'] as const, registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'cms_http_requests_total', help: 'HTTP requests answered, by method, route (as registered; unmatched for none) and status code',
      labelNames: ['method', 'route', 'status'] as const, registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'cms_job_duration_seconds', help: 'Time a job ran, by kind and outcome (done, failed)',
      labelNames: ['kind', 'outcome'] as const, buckets: SECONDS, registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'cms_job_failures_total', help: 'Jobs that failed, by kind and reason code',
      labelNames: ['kind', 'reason'] as const, registers: [registry],
    }),
    answerDuration: new Histogram({
      name: 'cms_answer_duration_seconds', help: 'Time to answer a question, by bot (rag: document search, chat: public assistant)',
      labelNames: ['bot'] as const, buckets: SECONDS, registers: [registry],
    }),
    providerRequests: new Counter({
      name: 'cms_provider_requests_total', help: 'Requests to external providers, by service (llm, stt, translation) and outcome (ok, error)',
      labelNames: ['service', 'provider', 'outcome'] as const, registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'cms_rate_limited_total', help: 'Requests refused with 429, by group of routes',
      labelNames: ['group'] as const, registers: [registry],
    }),
    rerankRequests: new Counter({
      name: 'cms_rerank_requests_total', help: 'Requests to the reranking endpoint (RERANK_URL), by outcome (ok; error, timeout, rate_limited: answered in the fused order)',
      labelNames: ['outcome'] as const, registers: [registry],
    }),
  };
}
let made: ReturnType<typeof make> | null = null;
const figures = () => (made ??= make());

/** Starts counting now (the server, so that the process's own figures cover its whole run). */
export function startMetrics(): void {
  figures();
}

export const jobDuration = { observe: (labels: { kind: string; outcome: string }, seconds: number) => figures().jobDuration.observe(labels, seconds) };
export const jobFailures = { inc: (labels: { kind: string; reason: string }) => figures().jobFailures.inc(labels) };
export const rateLimited = { inc: (labels: { group: string }) => figures().rateLimited.inc(labels) };
export const rerankRequests = { inc: (labels: { outcome: string }) => figures().rerankRequests.inc(labels) };
export const httpRequests = { inc: (labels: { method: string; route: string; status: string }) => figures().httpRequests.inc(labels) };

/** Sets the up gauges and free space from the health checks made now (each within its deadline). */
async function readDependencies(scrape: ScrapeSources) {
  const f = figures();
  if (scrape.disk) {
    f.diskFree.reset();
    for (const d of scrape.disk()) if (Number.isFinite(d.freeBytes)) f.diskFree.set({ folder: d.folder }, d.freeBytes);
  }
  if (!scrape.health) return;
  const catalog = scrape.catalogKind === 'postgres' ? 'postgres' : 'catalog_file';
  f.serviceUp.reset();
  const report = await scrape.health().catch(() => null);
  if (!report) {
    // The health report itself failed: its catalog query (PostgreSQL down) is what it cannot do without.
    f.serviceUp.set({ dependency: catalog }, 0);
    return;
  }
  const { services } = report;
  f.serviceUp.set({ dependency: catalog }, services.catalog.ok ? 1 : 0);
  f.serviceUp.set({ dependency: 'chroma' }, services.search.ok ? 1 : 0);
  f.serviceUp.set({ dependency: services.storage.kind === 's3' ? 's3' : 'local_storage' }, services.storage.ok ? 1 : 0);
}

/** The metrics as Prometheus text; with `scrape`, the up gauges and free space are read first. */
export async function metricsText(scrape: ScrapeSources = {}): Promise<{ contentType: string; body: string }> {
  const { registry } = figures();
  await readDependencies(scrape);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Counts a provider call's outcome. */
export async function metered<T>(service: string, provider: string, call: () => Promise<T>): Promise<T> {
  try {
    const out = await call();
    figures().providerRequests.inc({ service, provider, outcome: 'ok' });
    return out;
  } catch (e) {
    figures().providerRequests.inc({ service, provider, outcome: 'error' });
    throw e;
  }
}

/** The model client with every request counted (a stream counts once, when it ends). */
export function meterLlm(llm: LlmClient): LlmClient {
  if (!llm.configured) return llm;
  const provider = llm.model ?? 'model';
  return {
    configured: llm.configured,
    model: llm.model,
    complete: (messages, options) => metered('llm', provider, () => llm.complete(messages, options)),
    async *stream(messages, options) {
      try {
        yield* llm.stream(messages, options);
        figures().providerRequests.inc({ service: 'llm', provider, outcome: 'ok' });
      } catch (e) {
        figures().providerRequests.inc({ service: 'llm', provider, outcome: 'error' });
        throw e;
      }
    },
  };
}

/** Times an answer. */
export async function timedAnswer<T>(bot: 'rag' | 'chat', work: () => Promise<T>): Promise<T> {
  const end = figures().answerDuration.startTimer({ bot });
  try {
    return await work();
  } finally {
    end();
  }
}
