import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { readUpload } from '../upload';
import { docs, Empty, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';

const doc = docs('content');
const images = docs('images');
const translations = docs('translations');

/** Generic content, images, translations lists and the dashboard. */
export default async function contentRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  const noContent = (reply: FastifyReply) => () => reply.status(204).send();

  app.get('/api/content', {
    schema: { ...doc('All content as list rows (a page, by id)', { 200: T.Array(S.ContentItem) }), querystring: T.Object({ type: T.Optional(T.String()), ...S.PageQuery.properties }) },
  }, async (request, reply) => sendPage(reply, await product.listPage('content', request.query)));
  app.post('/api/content', { schema: { ...doc('Create a content record without a file', { 201: S.ContentItem }), body: S.ContentForm } }, async (request, reply) =>
    reply.status(201).send(await product.createContent(request.body ?? {})),
  );
  // A file of any accepted type ("other" in the upload dialog): its content decides what it becomes.
  app.post('/api/content/upload', {
    schema: { ...doc('Upload a file of any accepted type; its content decides what it becomes', { 201: S.UploadResult }), [MULTIPART]: UploadForm.any },
  }, async (request, reply) => reply.status(201).send(await product.upload(await readUpload(request, services, 'any'))));
  app.delete('/api/content/:id', { schema: { ...doc('Delete a content item of any kind', { 204: Empty }), params: IdParams } }, (request, reply) =>
    product.remove(request.params.id).then(noContent(reply)),
  );

  app.get('/api/bot-images', {
    schema: { ...images('Images found in documents (a page, by id)', { 200: T.Array(S.BotImage) }), querystring: S.PageQuery },
  }, async (request, reply) => sendPage(reply, await product.listPage('bot-images', request.query)));
  app.delete('/api/bot-images/:id', { schema: { ...images('Delete a document image', { 204: Empty }), params: IdParams } }, (request, reply) =>
    product.removeImage('bot', request.params.id).then(noContent(reply)),
  );
  app.get('/api/presentation-images', {
    schema: { ...images('Slide renders and images of presentations (a page, by id)', { 200: T.Array(S.PresentationImage) }), querystring: S.PageQuery },
  }, async (request, reply) => sendPage(reply, await product.listPage('presentation-images', request.query)));
  app.delete('/api/presentation-images/:id', { schema: { ...images('Delete a presentation image', { 204: Empty }), params: IdParams } }, (request, reply) =>
    product.removeImage('presentation', request.params.id).then(noContent(reply)),
  );

  app.get('/api/presentation-translations', {
    schema: translations('Presentations with a translation request', { 200: T.Array(S.TranslationRow) }),
  }, () => product.translationRows('presentation'));
  app.get('/api/video-translations', {
    schema: translations('Videos with a translation request', { 200: T.Array(S.TranslationRow) }),
  }, () => product.translationRows('video'));

  app.get('/api/dashboard/metrics', { schema: doc('Dashboard counters', { 200: S.DashboardMetrics }) }, () => product.dashboard());
  app.delete('/api/delete-all-data', {
    schema: doc('Delete every record, file and index entry', { 200: T.Object({ deleted: T.Object({ records: T.Integer(), objects: T.Integer(), chunks: T.Integer() }) }) }),
  }, async () => ({ deleted: await product.removeAll() }));
}
