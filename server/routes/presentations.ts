import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { ITEMS_BY_KIND } from '../api/items';
import { docs, Download, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';
import { serveApi } from './serve-api';

const doc = docs('presentations');

export default async function presentationRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/presentations', {
    schema: { ...doc('List presentations (a page, by id)', { 200: T.Array(S.Presentation) }), querystring: S.PageQuery },
  }, async (request, reply) => sendPage(reply, await product.listPage('presentation', request.query)));
  app.post('/api/presentations', {
    schema: { ...doc('Upload a presentation (multipart; ingestion runs as a job)', { 201: S.Presentation }), [MULTIPART]: UploadForm.presentation },
  }, async (request, reply) => reply.status(201).send((await product.upload(await readUpload(request, services, 'presentation'))).item));
  await serveApi(fastify, product, ITEMS_BY_KIND.presentation);
  app.get('/api/presentations/:id/download', { schema: { ...doc('Download the original presentation', Download), params: IdParams } }, async (request, reply) => {
    const p = await product.item('presentation', request.params.id);
    return sendObject(product, p.fileKey, request, reply, { disposition: 'attachment', fileName: p.fileName });
  });
}
