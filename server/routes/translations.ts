import type { FastifyInstance } from 'fastify';
import type { GlossaryEntry, Edge } from '../../core/product/index';
import type { ContentType } from '../../core/types';
import { idParams, type IdParams } from './schemas';

const requestBody = {
  type: 'object',
  required: ['targetLanguage'],
  properties: {
    targetLanguage: { type: 'string', maxLength: 40 },
    // Videos only: how the translated video is made.
    subtitles: { type: 'string', enum: ['soft', 'burned'] },
    dub: { type: 'boolean' },
  },
} as const;
const listQuery = {
  type: 'object',
  properties: { itemType: { type: 'string', enum: ['document', 'presentation', 'video'] }, itemId: { type: 'integer', minimum: 1 } },
} as const;
const termBody = {
  type: 'object',
  required: ['term'],
  additionalProperties: false,
  properties: {
    term: { type: 'string', minLength: 1, maxLength: 200 },
    translations: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 } },
    ignoreCase: { type: 'boolean' },
  },
} as const;
const memoryBody = {
  type: 'object',
  required: ['source', 'target', 'segments'],
  additionalProperties: false,
  properties: {
    source: { type: 'string', maxLength: 40 },
    target: { type: 'string', maxLength: 40 },
    segments: {
      type: 'array', minItems: 1, maxItems: 1000,
      items: { type: 'object', required: ['text', 'translation'], additionalProperties: false, properties: { text: { type: 'string', maxLength: 10_000 }, translation: { type: 'string', maxLength: 20_000 } } },
    },
  },
} as const;
type MemoryBody = { source: string; target: string; segments: Array<{ text: string; translation: string }> };
const termParams = { type: 'object', required: ['term'], properties: { term: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

/** Translation requests on documents, presentations and videos, the translation records, and the glossary. */
export default async function translationRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  for (const [path, type] of [['documents', 'document'], ['presentations', 'presentation'], ['videos', 'video']] as const) {
    app.post<{ Params: IdParams; Body: { targetLanguage: string; subtitles?: 'soft' | 'burned'; dub?: boolean } }>(`/api/${path}/:id/translations`, { schema: { params: idParams, body: requestBody } },
      async (request, reply) => {
        const { targetLanguage, subtitles, dub } = request.body;
        return reply.status(202).send(await product.translate(type, request.params.id, targetLanguage, { subtitles, dub }));
      });
    app.get<{ Params: IdParams }>(`/api/${path}/:id/translations`, { schema: { params: idParams } }, (request) =>
      product.translationList({ itemType: type, itemId: request.params.id }));
  }
  app.get('/api/translation-offers', () => product.translationOffers());
  app.get<{ Querystring: { itemType?: ContentType; itemId?: number } }>('/api/translations', { schema: { querystring: listQuery } }, (request) =>
    product.translationList(request.query));
  app.get<{ Params: IdParams }>('/api/translations/:id', { schema: { params: idParams } }, (request) => product.translation(request.params.id));
  app.post<{ Params: IdParams }>('/api/translations/:id/retry', { schema: { params: idParams } }, (request) =>
    product.retryTranslation(request.params.id));
  app.delete<{ Params: IdParams }>('/api/translations/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.removeTranslation(request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/glossary', () => product.glossary());
  app.post<{ Body: GlossaryEntry }>('/api/glossary/terms', { schema: { body: termBody } }, (request) => product.putGlossaryTerm(request.body));
  app.delete<{ Params: { term: string } }>('/api/glossary/terms/:term', { schema: { params: termParams } }, (request) =>
    product.removeGlossaryTerm(request.params.term));
  app.post<{ Body: MemoryBody }>('/api/translation-memory', { schema: { body: memoryBody } }, (request) => product.rememberTranslations(request.body));
}
