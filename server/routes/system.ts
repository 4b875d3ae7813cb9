import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import { bearerOf } from '../auth';
import { SYSTEM } from '../api/system';
import { docs, PlainText, typed } from './schemas';
import { serveApi } from './serve-api';

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

/** Jobs, retries, search and reindex for operators (the CLI uses these when a server is running). */
export default async function systemRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  await serveApi(fastify, services.product, SYSTEM);
}
