import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_FOLDERS, type Services } from '../../core/product/index';
import { sendObject } from '../send-object';
import { bearerOf, SESSION_COOKIE } from '../auth';

type Wild = { '*': string };

/** Public downloads the chat hands out: files of completed documents, decks and videos, their images, by key. */
export default async function fileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Anyone: files of completed items (what the chat hands out). A signed-in admin: any of them, failed uploads included.
  const signedIn = async (request: FastifyRequest) =>
    (await services.auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request), clientAddress: request.ip })) !== null;
  const serve = (prefix: string) => async (request: FastifyRequest<{ Params: Wild }>, reply: FastifyReply) =>
    sendObject(services.product, prefix + request.params['*'], request, reply, { public: !(await signedIn(request)) });
  app.get<{ Params: Wild }>('/api/files/*', serve(''));
  for (const folder of UPLOADS_FOLDERS) {
    app.get<{ Params: Wild }>(`/uploads/${folder}/*`, serve(`${folder}/`));
  }
}
