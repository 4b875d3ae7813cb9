import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Product } from '../../core/product/index';
import { actorOf } from '../auth';
import type { ApiRoute, Slot } from '../api/declare';

/**
 * Registers the routes of a table that are not registered by hand: the entry's method, url and
 * schemas, and a handler that reads each argument from its slot, calls the Product method and
 * answers its result with the entry's status. The route files call this for their plain routes.
 */
export async function serveApi(app: FastifyInstance, product: Partial<Product>, table: readonly ApiRoute[]): Promise<void> {
  for (const r of table) {
    if (r.byHand) continue;
    const status = r.status ?? 200;
    const call = product[r.call] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!call) throw new Error(`${r.method} ${r.url}: the product given has no ${r.call}`);
    app.route({
      method: r.method,
      url: r.url,
      schema: {
        summary: r.summary, tags: r.tag ? [r.tag] : undefined, response: r.response ? { [status]: r.response } : undefined,
        ...(r.params && { params: r.params }), ...(r.query && { querystring: r.query }), ...(r.body && { body: r.body }),
      },
      handler: async (request, reply) => {
        const result = await call.apply(product, r.args.map((s) => readSlot(s, request)));
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send(r.reshape ? r.reshape.toBody(result) : result);
      },
    });
  }
}

/** An argument, read from where the table says the client put it. */
function readSlot(slot: Slot, request: FastifyRequest): unknown {
  switch (slot.in) {
    case 'params': return (request.params as Record<string, unknown>)[slot.name];
    case 'query':
    case 'body': {
      const source = (slot.in === 'query' ? request.query : request.body) as Record<string, unknown> | null | undefined;
      const value = slot.name === undefined ? source : source?.[slot.name];
      return slot.blankIsNone && value === '' ? undefined : value;
    }
    case 'fixed': return slot.value;
    case 'default': return readSlot(slot.slot, request) ?? slot.value;
    case 'fields': return Object.fromEntries(Object.entries(slot.fields).map(([k, s]) => [k, readSlot(s, request)]));
    case 'context': return actorOf(request);
  }
}
