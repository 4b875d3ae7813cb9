import type { FastifyInstance } from 'fastify';
import type { DocumentPatch, Edge } from '../../core/product/index';
import { readUpload } from '../upload';
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

export default async function documentRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get('/api/documents', () => product.items('document'));
  app.post('/api/documents', async (request, reply) =>
    reply.status(201).send((await product.upload(await readUpload(request, services, 'document'))).item),
  );
  app.patch<{ Params: IdParams; Body: DocumentPatch }>('/api/documents/:id', { schema: { params: idParams, body: patchBody } }, (request) =>
    product.updateDocument(request.params.id, request.body),
  );
  app.delete<{ Params: IdParams }>('/api/documents/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.remove(request.params.id, 'document');
    return reply.status(204).send();
  });
  app.post<{ Params: IdParams }>('/api/documents/:id/retry', { schema: { params: idParams } }, async (request) =>
    (await product.retry(request.params.id, 'document')).item,
  );
}
