import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { readUpload } from '../upload';
import { docs, Empty, IdParams, MULTIPART, sendPage, typed, UploadForm } from './schemas';

const doc = docs('documents');

export default async function documentRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/documents', { schema: { ...doc('List documents (a page, by id)', { 200: T.Array(S.Document) }), querystring: S.PageQuery } }, async (request, reply) =>
    sendPage(reply, await product.listPage('document', request.query)),
  );
  app.post('/api/documents', {
    schema: { ...doc('Upload a document (multipart; ingestion runs as a job)', { 201: S.Document }), [MULTIPART]: UploadForm.document },
  }, async (request, reply) => reply.status(201).send((await product.upload(await readUpload(request, services, 'document'))).item));
  app.patch('/api/documents/:id', {
    schema: { ...doc('Edit a document\'s title, description or language', { 200: S.Document }), params: IdParams, body: S.DocumentPatch },
  }, (request) => product.updateDocument(request.params.id, request.body));
  app.delete('/api/documents/:id', {
    schema: { ...doc('Delete a document with its files, images and index entries', { 204: Empty }), params: IdParams },
  }, async (request, reply) => {
    await product.remove(request.params.id, 'document');
    return reply.status(204).send();
  });
  app.post('/api/documents/:id/retry', { schema: { ...doc('Retry a failed document', { 200: S.Document }), params: IdParams } }, async (request) =>
    (await product.retry(request.params.id, 'document')).item,
  );
}
