import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { sendObject } from '../send-object';
import { readUpload } from '../upload';
import { docs, Download, Empty, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';

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
  app.delete('/api/presentations/:id', {
    schema: { ...doc('Delete a presentation with its files, images and index entries', { 204: Empty }), params: IdParams },
  }, async (request, reply) => {
    await product.remove(request.params.id, 'presentation');
    return reply.status(204).send();
  });
  app.get('/api/presentations/:id/download', { schema: { ...doc('Download the original presentation', Download), params: IdParams } }, async (request, reply) => {
    const p = await product.item('presentation', request.params.id);
    return sendObject(product, p.fileKey, request, reply, { disposition: 'attachment', fileName: p.fileName });
  });
  app.post('/api/presentations/:id/retry', { schema: { ...doc('Retry a failed presentation', { 200: S.Presentation }), params: IdParams } }, async (request) =>
    (await product.retry(request.params.id, 'presentation')).item,
  );
}
