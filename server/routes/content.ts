import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { CONTENT } from '../api/items';
import { readUpload } from '../upload';
import { docs, MULTIPART, sendPage, typed, UploadForm } from './schemas';
import { serveApi } from './serve-api';

const doc = docs('content');
const images = docs('images');

/** Generic content, images, translations lists and the dashboard. */
export default async function contentRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);

  app.get('/api/content', {
    schema: { ...doc('All content as list rows (a page, by id)', { 200: T.Array(S.ContentItem) }), querystring: T.Object({ type: T.Optional(T.String()), ...S.PageQuery.properties }) },
  }, async (request, reply) => sendPage(reply, await product.listPage('content', request.query)));
  // A file of any accepted type ("other" in the upload dialog): its content decides what it becomes.
  app.post('/api/content/upload', {
    schema: { ...doc('Upload a file of any accepted type; its content decides what it becomes', { 201: S.UploadResult }), [MULTIPART]: UploadForm.any },
  }, async (request, reply) => reply.status(201).send(await product.upload(await readUpload(request, services, 'any'))));
  app.get('/api/bot-images', {
    schema: { ...images('Images found in documents (a page, by id)', { 200: T.Array(S.BotImage) }), querystring: S.PageQuery },
  }, async (request, reply) => sendPage(reply, await product.listPage('bot-images', request.query)));
  app.get('/api/presentation-images', {
    schema: { ...images('Slide renders and images of presentations (a page, by id)', { 200: T.Array(S.PresentationImage) }), querystring: S.PageQuery },
  }, async (request, reply) => sendPage(reply, await product.listPage('presentation-images', request.query)));
  await serveApi(fastify, product, CONTENT);
}
