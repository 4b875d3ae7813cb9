import type { FastifyInstance } from 'fastify';
import { deleteItem } from '../../core/content/remove';
import { retryItem } from '../../core/content/retry';
import { uploadOfKind } from '../../core/content/upload-any';
import type { Services } from '../../core/services';
import { receiveUpload } from '../multipart';
import { sendObject } from '../send-object';
import { idParams, type IdParams } from './schemas';

export default async function presentationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const deps = services.content;

  app.get('/api/presentations', async () => services.catalog.presentations.list());

  app.post('/api/presentations', async (request, reply) => {
    const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir });
    return reply.status(201).send((await uploadOfKind(deps, 'presentation', file, fields)).item);
  });

  app.delete<{ Params: IdParams }>('/api/presentations/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteItem(deps, 'presentation', request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: IdParams }>('/api/presentations/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const p = services.catalog.presentations.require(request.params.id);
    return sendObject(services.store, p.fileKey, request, reply, { disposition: 'attachment', fileName: p.fileName });
  });

  app.post<{ Params: IdParams }>('/api/presentations/:id/retry', { schema: { params: idParams } }, async (request) =>
    retryItem(deps, 'presentation', request.params.id),
  );
}
