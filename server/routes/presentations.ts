import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { idParams, type IdParams } from './schemas';

export default async function presentationRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get('/api/presentations', () => product.items('presentation'));
  app.post('/api/presentations', async (request, reply) =>
    reply.status(201).send((await product.upload(await readUpload(request, services, 'presentation'))).item),
  );
  app.delete<{ Params: IdParams }>('/api/presentations/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.remove(request.params.id, 'presentation');
    return reply.status(204).send();
  });
  app.get<{ Params: IdParams }>('/api/presentations/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const p = await product.item('presentation', request.params.id);
    return sendObject(product, p.fileKey, request, reply, { disposition: 'attachment', fileName: p.fileName });
  });
  app.post<{ Params: IdParams }>('/api/presentations/:id/retry', { schema: { params: idParams } }, async (request) =>
    (await product.retry(request.params.id, 'presentation')).item,
  );
}
