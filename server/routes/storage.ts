import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { sendObject } from '../send-object';

type Wild = { '*': string };

/** The file manager: the real bucket, listed, downloaded and deleted by key. */
export default async function storageRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get<{ Querystring: { prefix?: string } }>('/api/object-storage/files', (request) => product.files(request.query.prefix || undefined));
  app.get('/api/object-storage/stats', () => product.fileStats());
  app.delete<{ Params: Wild }>('/api/object-storage/files/*', async (request, reply) => {
    await product.removeFile(request.params['*']);
    return reply.status(204).send();
  });
  app.get<{ Params: Wild }>('/api/object-storage/download/*', (request, reply) =>
    sendObject(product, request.params['*'], request, reply, { disposition: 'attachment' }),
  );
}
