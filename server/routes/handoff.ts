import type { FastifyInstance } from 'fastify';
import { CONVERSATION_ID_PATTERN, type Product } from '../../core/product/index';

/** Hand-off to a person: the visitor's request (public) and the staff's Requests (admin). Thin: core/handoff. */

interface HandoffServices {
  product: Pick<Product, 'requestHandoff' | 'handoffRequests' | 'handoffRequest' | 'markHandoffHandled' | 'removeHandoffRequest'>;
}

type HandoffBody = { referenceId: string; name: string; email?: string | null; phone?: string | null; question?: string | null; consent: boolean; channel?: 'chat' | 'widget'; language?: string | null };
const id = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** Public: registered with the bot routes' per-address limit. */
export async function handoffRequestRoute(app: FastifyInstance, { services }: { services: HandoffServices }) {
  app.post<{ Body: HandoffBody }>('/api/bot/handoff', {
    schema: {
      body: {
        type: 'object', required: ['referenceId', 'name', 'consent'], additionalProperties: false,
        properties: {
          referenceId: { type: 'string', pattern: CONVERSATION_ID_PATTERN }, name: { type: 'string', maxLength: 120 },
          email: nullableText(200), phone: nullableText(40), question: nullableText(2000), consent: { type: 'boolean' },
          channel: { type: 'string', enum: ['chat', 'widget'] }, language: nullableText(12),
        },
      },
    },
  }, async (request, reply) => reply.status(201).send(await services.product.requestHandoff(request.body)));
}

export default async function handoffRoutes(app: FastifyInstance, { services }: { services: HandoffServices }) {
  const { product } = services;
  app.get<{ Querystring: { status?: 'open' | 'handled' } }>('/api/handoff-requests', {
    schema: { querystring: { type: 'object', properties: { status: { type: 'string', enum: ['open', 'handled'] } } } },
  }, (request) => product.handoffRequests({ status: request.query.status }));
  app.get<{ Params: { id: number } }>('/api/handoff-requests/:id', { schema: { params: id } }, (request) => product.handoffRequest(request.params.id));
  app.get<{ Params: { id: number } }>('/api/handoff-requests/:id/export', { schema: { params: id } }, async (request, reply) => {
    const r = await product.handoffRequest(request.params.id);
    return reply.header('content-disposition', `attachment; filename="request-${r.id}.json"`).type('application/json').send(JSON.stringify(r, null, 2));
  });
  app.post<{ Params: { id: number }; Body: { handled?: boolean } }>('/api/handoff-requests/:id/handled', {
    schema: { params: id, body: { type: ['object', 'null'], properties: { handled: { type: 'boolean' } } } },
  }, (request) => product.markHandoffHandled(request.params.id, request.body?.handled ?? true));
  app.delete<{ Params: { id: number } }>('/api/handoff-requests/:id', { schema: { params: id } }, async (request, reply) => {
    await product.removeHandoffRequest(request.params.id);
    return reply.status(204).send();
  });
}
