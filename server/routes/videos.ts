import type { FastifyInstance } from 'fastify';
import { deleteItem } from '../../core/content/remove';
import { retryItem } from '../../core/content/retry';
import { uploadOfKind } from '../../core/content/upload-any';
import type { Services } from '../../core/services';
import { receiveUpload } from '../multipart';
import { sendObject } from '../send-object';
import { idParams, type IdParams } from './schemas';

export default async function videoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const deps = services.content;

  app.get<{ Querystring: { subcategory?: string } }>('/api/videos', async (request) => {
    const sub = request.query.subcategory;
    return services.catalog.videos.list((v) => !sub || v.subcategory === sub);
  });

  app.post('/api/videos', async (request, reply) => {
    const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir });
    return reply.status(201).send((await uploadOfKind(deps, 'video', file, fields)).item);
  });

  app.delete<{ Params: IdParams }>('/api/videos/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteItem(deps, 'video', request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: IdParams }>('/api/videos/:id/play', { schema: { params: idParams } }, async (request, reply) => {
    const v = services.catalog.videos.require(request.params.id);
    return sendObject(services.store, v.fileKey, request, reply, { disposition: 'inline', fileName: v.fileName });
  });

  app.get<{ Params: IdParams }>('/api/videos/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const v = services.catalog.videos.require(request.params.id);
    return sendObject(services.store, v.fileKey, request, reply, { disposition: 'attachment', fileName: v.fileName });
  });

  app.post<{ Params: IdParams }>('/api/videos/:id/retry', { schema: { params: idParams } }, async (request) =>
    retryItem(deps, 'video', request.params.id),
  );
}
