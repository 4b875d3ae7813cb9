import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/product/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { idParams, type IdParams } from './schemas';

export default async function videoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { product } = services;
  app.get<{ Querystring: { subcategory?: string } }>('/api/videos', (request) => product.items('video', { subcategory: request.query.subcategory }));
  app.post('/api/videos', async (request, reply) =>
    reply.status(201).send((await product.upload(await readUpload(request, services, 'video'))).item),
  );
  app.delete<{ Params: IdParams }>('/api/videos/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.remove(request.params.id, 'video');
    return reply.status(204).send();
  });
  for (const [action, disposition] of [['play', 'inline'], ['download', 'attachment']] as const) {
    app.get<{ Params: IdParams }>(`/api/videos/:id/${action}`, { schema: { params: idParams } }, async (request, reply) => {
      const v = await product.item('video', request.params.id);
      return sendObject(product, v.fileKey, request, reply, { disposition, fileName: v.fileName });
    });
  }
  app.post<{ Params: IdParams }>('/api/videos/:id/retry', { schema: { params: idParams } }, async (request) =>
    (await product.retry(request.params.id, 'video')).item,
  );
}
