import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../core/product/index';
import { sendObject } from '../send-object';

type Wild = { '*': string };

/** Public downloads the chat hands out: documents, decks, videos and images, by key. */
export default async function fileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const serve = (prefix: string) => (request: FastifyRequest<{ Params: Wild }>, reply: FastifyReply) =>
    sendObject(services.product, prefix + request.params['*'], request, reply, { public: true });
  app.get<{ Params: Wild }>('/api/files/*', serve(''));
  for (const folder of ['presentations/original_files/', 'presentations/translated_files/', 'videos/original_files/', 'videos/translated_files/']) {
    app.get<{ Params: Wild }>(`/uploads/${folder}*`, serve(folder));
  }
}
