import { AppError } from '../../core/foundation/errors';
import { routeFor, type ApiRoute, type Slot } from '../../server/api/index';

/** A route's request, filled from a Product method's arguments as its table entry says (server/api/declare.ts). */
export interface ApiRequest {
  route: ApiRoute;
  /** The url with its parameters filled and encoded (no query string). */
  path: string;
  query: Record<string, string | number | undefined>;
  /** The JSON body, or undefined when the route takes none. */
  body: Record<string, unknown> | undefined;
}

/** An object key as a url tail: each segment encoded, the slashes kept. */
const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function apiRequest(table: readonly ApiRoute[], call: string, args: unknown[]): ApiRequest {
  const route = routeFor(table, call, args);
  if (!route) throw new AppError('validation', `The API has no route for ${call} with these arguments`);
  const params: Record<string, unknown> = {};
  const query: Record<string, string | number | undefined> = {};
  let body: Record<string, unknown> | undefined;
  const write = (slot: Slot, value: unknown): void => {
    switch (slot.in) {
      case 'params': params[slot.name] = value; return;
      case 'query':
        if (slot.name === undefined) for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) setQuery(query, k, v);
        else setQuery(query, slot.name, value);
        return;
      case 'body':
        if (slot.name === undefined) body = value === undefined ? body : { ...body, ...(value as Record<string, unknown>) };
        else body = { ...body, [slot.name]: value };
        return;
      case 'default': write(slot.slot, value); return;
      case 'fields': for (const [k, s] of Object.entries(slot.fields)) write(s, (value as Record<string, unknown> | undefined)?.[k]); return;
      case 'fixed': case 'context': return; // the route stands for it, or the server knows it
    }
  };
  route.args.forEach((slot, i) => write(slot, args[i]));
  if (route.method !== 'GET' && route.method !== 'DELETE' && body === undefined && route.args.some(takesBody)) body = {};
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name]))).replace(/\*$/, () => keyPath(String(params['*'])));
  return { route, path, query, body };
}

function setQuery(query: Record<string, string | number | undefined>, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  query[name] = Array.isArray(value) ? value.join(',') : typeof value === 'number' ? value : String(value);
}

const takesBody = (slot: Slot): boolean =>
  slot.in === 'body' || (slot.in === 'default' && takesBody(slot.slot)) || (slot.in === 'fields' && Object.values(slot.fields).some(takesBody));

/** `?a=1&b=2` of the defined values, or ''. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)]));
  return q.size ? `?${q}` : '';
}
