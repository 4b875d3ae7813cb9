import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services';
import { healthReport } from '../../core/health';
import { reindexAll } from '../../core/ingest/reindex';
import { idParams, type IdParams } from './schemas';

/** Public health check: only up or degraded (paths, counts and ports are for admins: /api/health/details). */
export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // 200 while the server can answer; "degraded" when a backing service is down
  // (search then falls back to lexical ranking, uploads wait for it).
  app.get('/api/health', async () => ({ status: (await healthReport(services)).status }));
}

/** Jobs, search and reindex for operators (the CLI uses these when a server is running). */
export default async function systemRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Querystring: { state?: string } }>('/api/jobs', async (request) =>
    services.catalog.jobs.list((j) => !request.query.state || j.state === request.query.state),
  );
  app.post<{ Params: IdParams }>('/api/jobs/:id/retry', { schema: { params: idParams } }, async (request) => services.retryJob(request.params.id));
  app.post('/api/jobs/retry-failed', async () => ({ retried: services.retryFailed() }));
  app.post('/api/reindex', async () => reindexAll(services.content));
  app.get('/api/health/details', async () => healthReport(services));
  app.get<{ Querystring: { q: string; k?: number; type?: 'document' | 'presentation' | 'video' } }>(
    '/api/search',
    {
      schema: {
        querystring: {
          type: 'object', required: ['q'],
          properties: { q: { type: 'string', minLength: 1, maxLength: 2000 }, k: { type: 'integer', minimum: 1, maximum: 100 }, type: { type: 'string', enum: ['document', 'presentation', 'video'] } },
        },
      },
    },
    async (request) => services.search.search(request.query.q, { k: request.query.k ?? 10, filters: request.query.type ? { itemType: request.query.type } : undefined }),
  );
}
