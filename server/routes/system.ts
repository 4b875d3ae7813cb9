import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import type { JobState } from '../../core/types';
import { bearerOf } from '../auth';
import { docs, IdParams, PlainText, typed } from './schemas';

const doc = docs('system');

/** Public health check: only up or degraded (paths, counts and ports are for admins: /api/health/details). */
export async function healthRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  // 200 while the server can answer; "degraded" when a backing service is down
  // (search then falls back to lexical ranking, uploads wait for it).
  typed(fastify).get('/api/health', {
    schema: doc('Whether the server is up (details need sign-in)', { 200: T.Object({ status: T.Enum(['ok', 'degraded'] as const) }) }),
  }, async () => ({ status: (await services.product.health()).status }));
}

/**
 * Prometheus metrics: for admins, or a scraper presenting METRICS_TOKEN as its
 * bearer token (it signs in as nobody; core checks the token).
 */
export async function metricsRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  typed(fastify).get('/api/metrics', {
    schema: doc('Prometheus metrics (text format): jobs, answer latency, providers, rate limits, index size, process; admins or METRICS_TOKEN as bearer', { 200: PlainText }),
  }, async (request, reply) => {
    const bearer = request.actor ? null : bearerOf(request);
    const { contentType, body } = await services.product.metrics({ token: bearer ?? null });
    return reply.type(contentType).send(body);
  });
}

const SearchQuery = T.Object({
  q: T.String({ minLength: 1, maxLength: 2000 }),
  k: T.Optional(T.Integer({ minimum: 1, maximum: 100 })),
  type: T.Optional(S.ContentType),
});
const JobsQuery = T.Object({ state: T.Optional(T.String({ description: 'queued, running, done or failed' })) });

/** Jobs, retries, search and reindex for operators (the CLI uses these when a server is running). */
export default async function systemRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/jobs', { schema: { ...doc('Jobs, optionally of one state', { 200: T.Array(S.Job) }), querystring: JobsQuery } }, (request) =>
    product.jobs((request.query.state || undefined) as JobState | undefined));
  app.post('/api/jobs/:id/retry', { schema: { ...doc('Retry the item of a failed job', { 200: S.Job }), params: IdParams } }, (request) => product.retryJob(request.params.id));
  app.post('/api/jobs/retry-failed', { schema: doc('Retry every failed item', { 200: T.Object({ retried: T.Integer() }) }) }, async () => ({ retried: await product.retryFailed() }));
  // An item's id, or one of its jobs' ids: core decides which.
  app.post('/api/retry/:id', {
    schema: {
      ...doc('Queue an item again, by its id or by the id of one of its jobs', { 200: T.Object({ type: S.ContentType, item: T.Object({}) }) }),
      params: IdParams,
    },
  }, (request) => product.retry(request.params.id));
  app.post('/api/reindex', { schema: doc('Rebuild the search index from stored text', { 200: T.Object({ items: T.Integer(), chunks: T.Integer() }) }) }, () => product.reindex());
  app.get('/api/health/details', { schema: doc('Health of the server and its backing services', { 200: S.HealthReport }) }, () => product.health());
  app.get('/api/search', { schema: { ...doc('Hybrid search over the indexed chunks', { 200: T.Array(S.SearchHit) }), querystring: SearchQuery } }, (request) =>
    product.search(request.query.q, { k: request.query.k ?? 10, type: request.query.type }));
}
