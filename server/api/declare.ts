import type { TSchema } from 'typebox';
import type { Product } from '../../core/product/index';

/**
 * The HTTP API as data: one entry per route that a Product method is called
 * through. The server registers the plain entries from it (server/api/serve.ts),
 * the CLI's HTTP client is generated from it (cli/http/product-client.ts), and
 * cli/http/product-client.test.ts fails on a Product method without an entry
 * or an entry the server does not answer. Pure (no Fastify, no Node): the CLI
 * reads it without loading the server.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where one argument of the Product method travels. The client writes the argument there;
 * the server reads it back from there, so both directions come from one declaration.
 */
export type Slot =
  | { in: 'params'; name: string }
  | { in: 'query' | 'body'; name?: string; blankIsNone?: boolean }
  /** The route stands for this value: the client picks the route by it, the server passes it. */
  | { in: 'fixed'; value: unknown }
  /** An object argument, field by field. */
  | { in: 'fields'; fields: Record<string, Slot> }
  /** The server's default when the request leaves the value out. */
  | { in: 'default'; slot: Slot; value: unknown }
  /** Known only to the server (who calls): the client sends nothing for it. */
  | { in: 'context'; name: 'actor' };

export const param = (name: string): Slot => ({ in: 'params', name });
/** A query-string field, or without a name the whole query string as one object argument. */
export const query = (name?: string, o: { blankIsNone?: boolean } = {}): Slot => ({ in: 'query', name, ...o });
/** A field of the JSON body, or without a name the whole body. */
export const body = (name?: string): Slot => ({ in: 'body', name });
export const fixed = (value: unknown): Slot => ({ in: 'fixed', value });
export const fields = (f: Record<string, Slot>): Slot => ({ in: 'fields', fields: f });
export const orDefault = (slot: Slot, value: unknown): Slot => ({ in: 'default', slot, value });
export const actor: Slot = { in: 'context', name: 'actor' };

/** How the answer's body relates to the method's result, both ways (e.g. `{ deleted }` around a count). */
export interface Reshape {
  toBody(result: unknown): unknown;
  fromBody(body: unknown, args: unknown[]): unknown;
}
/** The result is sent as one field of an object. */
export const inField = (name: string): Reshape => ({
  toBody: (result) => ({ [name]: result }),
  fromBody: (b) => (b as Record<string, unknown>)[name],
});

/**
 * How the client reads an answer that is not one JSON value: a page (rows + X-Total-Count),
 * the whole list page after page, a multipart upload, server-sent events, a file download,
 * or a stored file's bytes. Such routes are registered by their route file (`byHand`).
 */
export type Transport = 'json' | 'page' | 'pages' | 'multipart' | 'events' | 'download' | 'file';

export interface ApiRoute {
  /** The Product method the route calls. */
  call: keyof Product;
  method: HttpMethod;
  url: string;
  /** The OpenAPI tag and summary (a route registered by hand documents itself). */
  tag?: string;
  summary?: string;
  /** One slot per argument of the method, in order (trailing ones left out are not sent). */
  args: readonly Slot[];
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success status and its answer (documentation and the handler's reply). */
  status?: 200 | 201 | 202 | 204;
  response?: TSchema;
  reshape?: Reshape;
  transport?: Transport;
  /**
   * Registered by its route file, not from this entry (uploads, pages, downloads, streams, routes
   * that need the request beyond its fields); the test checks that the server answers it.
   */
  byHand?: true;
}

/** A table of routes, typed so that `call` names a Product method. */
export const routes = (...entries: ApiRoute[]): readonly ApiRoute[] => entries;

/** The entries of one method, and the first whose fixed slots match the arguments. */
export function routeFor(table: readonly ApiRoute[], call: string, args: unknown[]): ApiRoute | undefined {
  return table.find((r) => r.call === call && r.args.every((s, i) => matches(s, args[i])));
}

function matches(slot: Slot, value: unknown): boolean {
  if (slot.in === 'fixed') return value === slot.value;
  if (slot.in === 'params') return value !== undefined && value !== null;
  if (slot.in === 'default') return matches(slot.slot, value ?? slot.value);
  if (slot.in === 'fields') return Object.entries(slot.fields).every(([k, s]) => matches(s, (value as Record<string, unknown> | undefined)?.[k]));
  return true;
}
