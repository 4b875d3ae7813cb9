import type { FastifyInstance } from 'fastify';
import { createDocument } from '../../core/content/create';
import { deleteItem } from '../../core/content/remove';
import { retryItem, updateDocument } from '../../core/content/update';
import type { Services } from '../../core/services';
import { asBool, asOptionalInt, receiveUpload } from '../multipart';
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
    const doc = await createDocument(deps, file, {
      title: fields.title, description: fields.description, status: fields.status,
      needsTranslation: asBool(fields.needsTranslation), targetLanguage: fields.targetLanguage || null,
      categoryId: asOptionalInt(fields.categoryId, 'categoryId'), force: asBool(fields.force),
    });
    return reply.status(201).send(doc);
  });

  app.patch<{ Params: IdParams; Body: { title?: string; description?: string; sourceLanguage?: string | null } }>(
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
