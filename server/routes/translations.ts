import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { docs, Empty, IdParams, typed } from './schemas';

const doc = docs('translations');
const ListQuery = T.Object({ itemType: T.Optional(S.ContentType), itemId: T.Optional(T.Integer({ minimum: 1 })) });
const TermParams = T.Object({ term: T.String({ minLength: 1, maxLength: 200 }) });

/** Translation requests on documents, presentations and videos, the translation records, and the glossary. */
export default async function translationRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  for (const [path, type] of [['documents', 'document'], ['presentations', 'presentation'], ['videos', 'video']] as const) {
    app.post(`/api/${path}/:id/translations`, {
      schema: { ...doc(`Request a translation of a ${type} into a language (a job)`, { 202: S.TranslationRecord }), params: IdParams, body: S.TranslationRequest },
    }, async (request, reply) => {
      const { targetLanguage, subtitles, dub } = request.body;
      return reply.status(202).send(await product.translate(type, request.params.id, targetLanguage, { subtitles, dub }));
    });
    app.get(`/api/${path}/:id/translations`, {
      schema: { ...doc(`Translations of a ${type}`, { 200: T.Array(S.TranslationRecord) }), params: IdParams },
    }, (request) => product.translationList({ itemType: type, itemId: request.params.id }));
  }
  app.get('/api/translation-offers', {
    schema: doc('Translation providers offered and the language pairs each serves', { 200: S.TranslationOffers }),
  }, () => product.translationOffers());
  app.get('/api/translations', {
    schema: { ...doc('Translation records, optionally of one item', { 200: T.Array(S.TranslationRecord) }), querystring: ListQuery },
  }, (request) => product.translationList(request.query));
  app.get('/api/translations/:id', { schema: { ...doc('One translation record', { 200: S.TranslationRecord }), params: IdParams } }, (request) =>
    product.translation(request.params.id));
  app.post('/api/translations/:id/retry', { schema: { ...doc('Retry a failed translation', { 200: S.TranslationRecord }), params: IdParams } }, (request) =>
    product.retryTranslation(request.params.id));
  app.delete('/api/translations/:id', { schema: { ...doc('Delete a translation and its file', { 204: Empty }), params: IdParams } }, async (request, reply) => {
    await product.removeTranslation(request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/glossary', { schema: doc('The translation glossary', { 200: S.Glossary }) }, () => product.glossary());
  app.post('/api/glossary/terms', { schema: { ...doc('Add or replace a glossary term', { 200: S.Glossary }), body: S.GlossaryTerm } }, (request) =>
    product.putGlossaryTerm(request.body));
  app.delete('/api/glossary/terms/:term', { schema: { ...doc('Remove a glossary term', { 200: S.Glossary }), params: TermParams } }, (request) =>
    product.removeGlossaryTerm(request.params.term));
  app.post('/api/translation-memory', {
    schema: {
      ...doc('Save known translations of segments into the translation memory (used by the next translation of that text)', { 200: S.MemoryStored }),
      body: S.MemoryInput,
    },
  }, (request) => product.rememberTranslations(request.body));
}
