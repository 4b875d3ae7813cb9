import type { FastifyInstance } from 'fastify';
import { createContentItem, type ContentFormState } from '../../core/content/create';
import { deleteAnyContent, deleteAllData, deleteImage } from '../../core/content/remove';
import { dashboardMetrics, listContent, translationRows } from '../../core/content/views';
import type { Services } from '../../core/services';
import { uploadAny } from '../../core/content/upload-any';
import { asBool, asOptionalInt, receiveUpload } from '../multipart';
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
export default async function contentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { catalog } = services;
  const deps = services.content;

  app.get<{ Querystring: { type?: string } }>('/api/content', async (request) => listContent(catalog, request.query.type));
  app.post<{ Body: ContentFormState }>('/api/content', { schema: { body: formBody } }, async (request, reply) =>
    reply.status(201).send(createContentItem(deps, request.body ?? {})),
  );
  // A file of any accepted type ("other" in the upload dialog): its content decides what it becomes.
  app.post('/api/content/upload', async (request, reply) => {
    const { fields, file } = await receiveUpload(request, { maxBytes: services.config.uploads.maxBytes, tmpDir: services.tmpDir });
    const result = await uploadAny(deps, file, {
      title: fields.title, description: fields.description, needsTranslation: asBool(fields.needsTranslation),
      targetLanguage: fields.targetLanguage || null, categoryId: asOptionalInt(fields.categoryId, 'categoryId'),
      tags: fields.tags, hasSpeech: fields.hasSpeech === undefined ? undefined : asBool(fields.hasSpeech), force: asBool(fields.force),
    });
    return reply.status(201).send(result);
  });
  app.delete<{ Params: IdParams }>('/api/content/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteAnyContent(deps, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/bot-images', async () => catalog.botImages.list());
  app.delete<{ Params: IdParams }>('/api/bot-images/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteImage(deps, 'bot', request.params.id);
    return reply.status(204).send();
  });
  app.get('/api/presentation-images', async () => catalog.presentationImages.list());
  app.delete<{ Params: IdParams }>('/api/presentation-images/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteImage(deps, 'presentation', request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/presentation-translations', async () => translationRows(catalog, 'presentation'));
  app.get('/api/video-translations', async () => translationRows(catalog, 'video'));

  app.get('/api/dashboard/metrics', async () => dashboardMetrics(catalog, (await services.conversations.stats()).exchanges));
  app.delete('/api/delete-all-data', async () => ({ deleted: await deleteAllData(deps) }));
}
