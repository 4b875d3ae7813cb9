import type { FastifyInstance } from 'fastify';
import { deleteItem } from '../../core/content/remove';
import { retryItem } from '../../core/content/retry';
import { updateDocument, type DocumentPatch } from '../../core/content/update';
import { uploadOfKind } from '../../core/content/upload-any';
import type { Services } from '../../core/services';
import { receiveUpload } from '../multipart';
import { idParams, type IdParams } from './schemas';

const patchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 300 },
    description: { type: 'string', maxLength: 5000 },
    sourceLanguage: { type: ['string', 'null'], maxLength: 40 },
  },
} as const;

export default async function documentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const deps = services.content;

  app.get('/api/documents', async () => services.catalog.documents.list());

  app.post('/api/documents', async (request, reply) => {
    const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir });
    return reply.status(201).send((await uploadOfKind(deps, 'document', file, fields)).item);
  });

  app.patch<{ Params: IdParams; Body: DocumentPatch }>(
    '/api/documents/:id', { schema: { params: idParams, body: patchBody } },
    async (request) => updateDocument(deps, request.params.id, request.body),
  );

  app.delete<{ Params: IdParams }>('/api/documents/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteItem(deps, 'document', request.params.id);
    return reply.status(204).send();
  });

  app.post<{ Params: IdParams }>('/api/documents/:id/retry', { schema: { params: idParams } }, async (request) =>
    retryItem(deps, 'document', request.params.id),
  );
}
