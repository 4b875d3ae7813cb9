import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import { CONVERSATION_ID_PATTERN, type Product } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { docs, Empty, IdParams, JsonFile, typed } from './schemas';

/** Hand-off to a person: the visitor's request (public) and the staff's Requests (admin). Thin: core/handoff. */

interface HandoffServices {
  product: Pick<Product, 'requestHandoff' | 'handoffRequests' | 'handoffRequest' | 'markHandoffHandled' | 'removeHandoffRequest'>;
}

const nullableText = (max: number) => T.Optional(S.Nullable(T.String({ maxLength: max })));
const HandoffBody = T.Object({
  referenceId: T.String({ pattern: CONVERSATION_ID_PATTERN }), name: T.String({ maxLength: 120 }),
  email: nullableText(200), phone: nullableText(40), question: nullableText(2000), consent: T.Boolean(),
  channel: T.Optional(T.Enum(['chat', 'widget'] as const)), language: nullableText(12),
}, { additionalProperties: false });
const doc = docs('chat');

/** Public: registered with the bot routes' per-address limit. */
export async function handoffRequestRoute(fastify: FastifyInstance, { services }: { services: HandoffServices }) {
  typed(fastify).post('/api/bot/handoff', {
    schema: {
      ...doc('Ask to be contacted by a person: name, e-mail or phone, consent; the conversation is attached', {
        201: T.Object({ id: T.Integer(), createdAt: T.String() }),
      }),
      body: HandoffBody,
    },
  }, async (request, reply) => reply.status(201).send(await services.product.requestHandoff(request.body)));
}

export default async function handoffRoutes(fastify: FastifyInstance, { services }: { services: HandoffServices }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/handoff-requests', {
    schema: {
      ...doc('Visitors\' requests to be contacted (newest first; ?status=open|handled)', { 200: T.Array(S.HandoffRequest) }),
      querystring: T.Object({ status: T.Optional(T.Enum(['open', 'handled'] as const)) }),
    },
  }, (request) => product.handoffRequests({ status: request.query.status }));
  app.get('/api/handoff-requests/:id', { schema: { ...doc('One request with its contact details and conversation', { 200: S.HandoffRequest }), params: IdParams } }, (request) => product.handoffRequest(request.params.id));
  app.get('/api/handoff-requests/:id/export', {
    schema: { ...doc('One request as a JSON file (its contact details and conversation)', { 200: JsonFile(S.HandoffRequest) }), params: IdParams },
  }, async (request, reply) => {
    const r = await product.handoffRequest(request.params.id);
    return reply.header('content-disposition', `attachment; filename="request-${r.id}.json"`).type('application/json').send(JSON.stringify(r, null, 2));
  });
  app.post('/api/handoff-requests/:id/handled', {
    schema: {
      ...doc('Mark a request handled (or open again with {"handled": false})', { 200: S.HandoffRequest }),
      params: IdParams, body: S.Nullable(T.Object({ handled: T.Optional(T.Boolean()) })),
    },
  }, (request) => product.markHandoffHandled(request.params.id, request.body?.handled ?? true));
  app.delete('/api/handoff-requests/:id', { schema: { ...doc('Delete a request and the contact details in it', { 204: Empty }), params: IdParams } }, async (request, reply) => {
    await product.removeHandoffRequest(request.params.id);
    return reply.status(204).send();
  });
}
