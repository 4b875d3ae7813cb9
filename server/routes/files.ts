import type { FastifyInstance } from 'fastify';
import { createPageRenderer, parsePageRenderKey } from '../../core/content/page-render';
import { AppError } from '../../core/errors';
import { isPublicKey } from '../../core/paths';
import { assertValidKey } from '../../core/storage/keys';
import type { Services } from '../../core/services';
import { sendObject } from '../send-object';

type Wild = { '*': string };

/** Public downloads the chat hands out: documents, decks, videos and images, by key. */
export default async function fileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Page renders (source images of answers about PDF pages) are made on first request.
  const pages = createPageRenderer({ catalog: services.catalog, store: services.store, tmpDir: services.tmpDir });
  const serve = (prefix: string) => async (request: import('fastify').FastifyRequest<{ Params: Wild }>, reply: import('fastify').FastifyReply) => {
    const key = prefix + request.params['*'];
    assertValidKey(key);
    if (!isPublicKey(key)) throw new AppError('not_found', `No public file "${request.params['*']}"`);
    if (parsePageRenderKey(key)) await pages.ensure(key);
    return sendObject(services.store, key, request, reply);
  };
  app.get<{ Params: Wild }>('/api/files/*', serve(''));
  for (const folder of ['presentations/original_files/', 'presentations/translated_files/', 'videos/original_files/', 'videos/translated_files/']) {
    app.get<{ Params: Wild }>(`/uploads/${folder}*`, serve(folder));
  }
}
