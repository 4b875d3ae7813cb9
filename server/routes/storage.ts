import type { FastifyInstance } from 'fastify';
import { assertValidKey } from '../../core/storage/keys';
import { listAll, storageStats } from '../../core/storage/stats';
import type { Services } from '../../core/services';
import { sendObject } from '../send-object';

type Wild = { '*': string };

/** The file manager: the real bucket, listed, downloaded and deleted by key. */
export default async function storageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { store } = services;
  app.get<{ Querystring: { prefix?: string } }>('/api/object-storage/files', async (request) => listAll(store, request.query.prefix || undefined));
  app.get('/api/object-storage/stats', async () => storageStats(store));
  app.delete<{ Params: Wild }>('/api/object-storage/files/*', async (request, reply) => {
    const key = request.params['*'];
    assertValidKey(key);
    if (!(await store.head(key))) return reply.status(404).send({ error: 'not_found', message: `No stored file "${key}"` });
    await store.delete(key);
    return reply.status(204).send();
  });
  app.get<{ Params: Wild }>('/api/object-storage/download/*', async (request, reply) => {
    const key = request.params['*'];
    assertValidKey(key);
    return sendObject(store, key, request, reply, { disposition: 'attachment' });
  });
}
