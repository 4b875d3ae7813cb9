import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { readUpload } from '../upload';
import { DOCUMENTS, ITEMS_BY_KIND } from '../api/items';
import { docs, MULTIPART, sendPage, typed, UploadForm } from './schemas';
import { serveApi } from './serve-api';

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
  await serveApi(fastify, product, [...DOCUMENTS, ...ITEMS_BY_KIND.document]);
}
