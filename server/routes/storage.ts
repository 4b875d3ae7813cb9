import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { sendObject } from '../send-object';
import { docs, Download, Empty, KeyParams, typed } from './schemas';

const doc = docs('storage');

/** The file manager: the real bucket, listed, downloaded and deleted by key. */
export default async function storageRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/object-storage/files', {
    schema: { ...doc('Stored objects (file manager)', { 200: T.Array(S.StoredObject) }), querystring: T.Object({ prefix: T.Optional(T.String()) }) },
  }, (request) => product.files(request.query.prefix || undefined));
  app.get('/api/object-storage/stats', { schema: doc('Object counts and sizes per folder', { 200: S.StorageStats }) }, () => product.fileStats());
  app.delete('/api/object-storage/files/*', { schema: { ...doc('Delete a stored object by key', { 204: Empty }), params: KeyParams } }, async (request, reply) => {
    await product.removeFile(request.params['*']);
    return reply.status(204).send();
  });
  app.get('/api/object-storage/download/*', { schema: { ...doc('Download a stored object by key', Download), params: KeyParams } }, (request, reply) =>
    sendObject(product, request.params['*'], request, reply, { disposition: 'attachment' }),
  );
}
