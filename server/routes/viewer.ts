import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Product } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { isSignedIn } from '../auth';
import { docs, typed } from './schemas';

const doc = docs('files');

const Params = T.Object({ type: T.Union([T.Literal('document'), T.Literal('presentation'), T.Literal('video')]), id: T.Integer({ minimum: 1 }) });
const Query = T.Object({
  page: T.Optional(T.Integer({ minimum: 1, description: 'PDF page' })),
  slide: T.Optional(T.Integer({ minimum: 1, description: 'Slide' })),
  t: T.Optional(T.Number({ minimum: 0, description: 'Video time (seconds)' })),
  q: T.Optional(T.String({ maxLength: 1000, description: 'The words to light (the quote, or the question\'s words)' })),
});

/** The source viewer's data: a cited place with the quoted words lit (core/features/content/viewer.ts); public items only, anonymously. */
export default async function viewerRoutes(fastify: FastifyInstance, { services }: { services: { product: Pick<Product, 'viewer'> } }) {
  typed(fastify).get('/api/view/:type/:id', {
    schema: { ...doc('A cited page, slide or video time with the quoted words lit (viewer)', { 200: S.ViewerData }), params: Params, querystring: Query },
  }, async (request) => services.product.viewer(request.params.type, request.params.id, request.query, { public: !isSignedIn(request) }));
}
