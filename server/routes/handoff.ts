import type { FastifyInstance } from 'fastify';
import type { Product } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { HANDOFF, HANDOFF_REQUEST } from '../api/chat';
import { docs, IdParams, JsonFile, typed } from './schemas';
import { serveApi } from './serve-api';

/** Hand-off to a person: the visitor's request (public) and the staff's Requests (admin). Thin: core/features/handoff. */

interface HandoffServices {
  product: Pick<Product, 'requestHandoff' | 'handoffRequests' | 'handoffRequest' | 'markHandoffHandled' | 'removeHandoffRequest'>;
}

const doc = docs('chat');

/** Public: registered with the bot routes' per-address limit . */
export async function handoffRequestRoute(fastify: FastifyInstance, { services }: { services: HandoffServices }) {
  await serveApi(fastify, services.product, HANDOFF_REQUEST);
}

export default async function handoffRoutes(fastify: FastifyInstance, { services }: { services: HandoffServices }) {
  const { product } = services;
  await serveApi(fastify, product, HANDOFF);
  typed(fastify).get('/api/handoff-requests/:id/export', {
    schema: { ...doc('One request as a JSON file (its contact details and conversation)', { 200: JsonFile(S.HandoffRequest) }), params: IdParams },
  }, async (request, reply) => {
    const r = await product.handoffRequest(request.params.id);
    return reply.header('content-disposition', `attachment; filename="request-${r.id}.json"`).type('application/json').send(JSON.stringify(r, null, 2));
  });
}
