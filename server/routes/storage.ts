import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { sendObject } from '../send-object';
import { STORAGE } from '../api/system';
import { docs, Download, KeyParams, typed } from './schemas';
import { serveApi } from './serve-api';

const doc = docs('storage');

/** The file manager: the real bucket, listed, downloaded and deleted by key. */
export default async function storageRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  await serveApi(fastify, product, STORAGE);
  app.get('/api/object-storage/download/*', { schema: { ...doc('Download a stored object by key', Download), params: KeyParams } }, (request, reply) =>
    sendObject(product, request.params['*'], request, reply, { disposition: 'attachment' }),
  );
}
