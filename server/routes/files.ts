import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors';
import { isPubliclyServed } from '../../core/public-files';
import { assertValidKey } from '../../core/storage/keys';
import type { Services } from '../../core/services';
import { sendObject } from '../send-object';
import { bearerOf, SESSION_COOKIE } from '../auth';

type Wild = { '*': string };

/** Public downloads the chat hands out: files of completed documents, decks and videos, their images, by key. */
export default async function fileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const serve = (prefix: string) => async (request: import('fastify').FastifyRequest<{ Params: Wild }>, reply: import('fastify').FastifyReply) => {
    const key = prefix + request.params['*'];
    assertValidKey(key);
    // Files of items not (yet) completed, failed ones included, only for a signed-in admin.
    if (!isPubliclyServed(services.catalog, key) && !services.auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request) })) {
      throw new AppError('not_found', `No public file "${request.params['*']}"`);
    }
    return sendObject(services.store, key, request, reply);
  };
  app.get<{ Params: Wild }>('/api/files/*', serve(''));
  for (const folder of ['presentations/original_files/', 'presentations/translated_files/', 'videos/original_files/', 'videos/translated_files/']) {
    app.get<{ Params: Wild }>(`/uploads/${folder}*`, serve(folder));
  }
}
