import type { FastifyInstance } from 'fastify';
import type { ContentFormState, Edge } from '../../core/product/index';
import { readUpload } from '../upload';
import { idParams, type IdParams } from './schemas';

const formBody = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 1000 },
    description: { type: ['string', 'null'], maxLength: 10000 },
    type: { type: 'string', maxLength: 40 },
    category: { type: ['string', 'null'], maxLength: 200 },
    needsTranslation: { type: 'boolean' },
    targetLanguage: { type: ['string', 'null'], maxLength: 40 },
    tags: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 50 }] },
    language: { type: ['string', 'null'], maxLength: 40 },
    hasSpeech: { type: 'boolean' },
  },
} as const;

/** Generic content, images, translations lists and the dashboard. */
export default async function contentRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const noContent = (reply: import('fastify').FastifyReply) => () => reply.status(204).send();

  app.get<{ Querystring: { type?: string } }>('/api/content', (request) => product.content(request.query.type));
  app.post<{ Body: ContentFormState }>('/api/content', { schema: { body: formBody } }, async (request, reply) =>
    reply.status(201).send(await product.createContent(request.body ?? {})),
  );
  // A file of any accepted type ("other" in the upload dialog): its content decides what it becomes.
  app.post('/api/content/upload', async (request, reply) => reply.status(201).send(await product.upload(await readUpload(request, services, 'any'))));
  app.delete<{ Params: IdParams }>('/api/content/:id', { schema: { params: idParams } }, (request, reply) =>
    product.remove(request.params.id).then(noContent(reply)),
  );

  app.get('/api/bot-images', () => product.images('bot'));
  app.delete<{ Params: IdParams }>('/api/bot-images/:id', { schema: { params: idParams } }, (request, reply) =>
    product.removeImage('bot', request.params.id).then(noContent(reply)),
  );
  app.get('/api/presentation-images', () => product.images('presentation'));
  app.delete<{ Params: IdParams }>('/api/presentation-images/:id', { schema: { params: idParams } }, (request, reply) =>
    product.removeImage('presentation', request.params.id).then(noContent(reply)),
  );

  app.get('/api/presentation-translations', () => product.translations('presentation'));
  app.get('/api/video-translations', () => product.translations('video'));

  app.get('/api/dashboard/metrics', () => product.dashboard());
  app.delete('/api/delete-all-data', async () => ({ deleted: await product.removeAll() }));
}
