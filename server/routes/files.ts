import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_FOLDERS, type Edge } from '../../core/product/index';
import { sendObject } from '../send-object';
import { isSignedIn } from '../auth';
import { docs, Download, KeyParams, typed } from './schemas';

const doc = docs('files');

/** Public downloads the chat hands out: files of public items (core's visibility rule), their images, by key. */
export default async function fileRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const app = typed(fastify);
  // Anyone: files of public items (what the chat hands out). Signed in: any of them, failed and unapproved uploads included.
  const signedIn = (request: FastifyRequest) => isSignedIn(request);
  const serve = (prefix: string) => async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) =>
    sendObject(services.product, prefix + request.params['*'], request, reply, { public: !signedIn(request) });
  app.get('/api/files/*', { schema: { ...doc('Download a public file by key (HTTP ranges)', Download), params: KeyParams } }, serve(''));
  for (const folder of UPLOADS_FOLDERS) {
    app.get(`/uploads/${folder}/*`, { schema: { ...doc(`Download from ${folder} (HTTP ranges)`, Download), params: KeyParams } }, serve(`${folder}/`));
  }
}
