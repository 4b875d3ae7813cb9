import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import type { ContentType, JobState } from '../../core/types';
import { idParams, type IdParams } from './schemas';

/** Public health check: only up or degraded (paths, counts and ports are for admins: /api/health/details). */
export async function healthRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  // 200 while the server can answer; "degraded" when a backing service is down
  // (search then falls back to lexical ranking, uploads wait for it).
  app.get('/api/health', async () => ({ status: (await services.product.health()).status }));
}

const searchQuery = {
  type: 'object', required: ['q'],
  properties: { q: { type: 'string', minLength: 1, maxLength: 2000 }, k: { type: 'integer', minimum: 1, maximum: 100 }, type: { type: 'string', enum: ['document', 'presentation', 'video'] } },
} as const;

/** Jobs, retries, search and reindex for operators (the CLI uses these when a server is running). */
export default async function systemRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get<{ Querystring: { state?: JobState } }>('/api/jobs', (request) => product.jobs(request.query.state || undefined));
  app.post<{ Params: IdParams }>('/api/jobs/:id/retry', { schema: { params: idParams } }, (request) => product.retryJob(request.params.id));
  app.post('/api/jobs/retry-failed', async () => ({ retried: await product.retryFailed() }));
  // An item's id, or one of its jobs' ids: core decides which.
  app.post<{ Params: IdParams }>('/api/retry/:id', { schema: { params: idParams } }, (request) => product.retry(request.params.id));
  app.post('/api/reindex', () => product.reindex());
  app.get('/api/health/details', () => product.health());
  app.get<{ Querystring: { q: string; k?: number; type?: ContentType } }>('/api/search', { schema: { querystring: searchQuery } }, (request) =>
    product.search(request.query.q, { k: request.query.k ?? 10, type: request.query.type }),
  );
}
