import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_FOLDERS, type Edge } from '../../core/product/index';
import { sendObject } from '../send-object';
import { isSignedIn } from '../auth';

type Wild = { '*': string };

/** Public downloads the chat hands out: files of public items (core's visibility rule), their images, by key. */
export default async function fileRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  // Anyone: files of public items (what the chat hands out). Signed in: any of them, failed and unapproved uploads included.
  const signedIn = (request: FastifyRequest) => isSignedIn(request);
  const serve = (prefix: string) => async (request: FastifyRequest<{ Params: Wild }>, reply: FastifyReply) =>
    sendObject(services.product, prefix + request.params['*'], request, reply, { public: !signedIn(request) });
  app.get<{ Params: Wild }>('/api/files/*', serve(''));
  for (const folder of UPLOADS_FOLDERS) {
    app.get<{ Params: Wild }>(`/uploads/${folder}/*`, serve(`${folder}/`));
  }
}
