import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { ApiErrorBody } from '../../core/foundation/schemas/index';
import { Html, JavaScript, MULTIPART, docs } from '../routes/schemas';
import { REFERENCE_HTML, REFERENCE_JS } from './reference-page';

/**
 * The OpenAPI 3.1 document, produced by @fastify/swagger from the routes'
 * own schemas alone: each route declares its params, body, query string,
 * summary, tag and responses (server/routes/schemas.ts) from the TypeBox
 * definitions in core/foundation/schemas; the admin scope marks its routes as needing
 * sign-in (server/app.ts). Served at /api/openapi.json with a reference
 * page at /api/docs. Call before any route is registered: it watches every route.
 */

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();
/** Every route registered after `registerOpenApi` (HEAD twins of GET routes left out). */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => registered.get(app) ?? [];

/** How a signed-in caller authenticates: the session cookie or a bearer token. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ session: [] }, { token: [] }];

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Smart-home content platform API',
        version: '1.0.0',
        description: 'Content (documents, presentations, videos), the public assistant and the document-search assistant. '
          + 'Errors are always `{ "error": code, "message": text }`. Admin routes need the `cms_session` cookie or `Authorization: Bearer $CMS_TOKEN`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'cms_session' },
          token: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: ({ schema, url }) => {
      const own: Record<string, unknown> = { ...((schema ?? {}) as Record<string, unknown>) };
      // A trailing wildcard is an object key that may contain slashes: document it as one path parameter.
      const wild = url.endsWith('*');
      if (wild) own.params = { type: 'object', required: ['key'], properties: { key: { type: 'string', description: 'The rest of the path: a stored key, may contain /' } } };
      // A multipart upload is read as a stream (no body schema to validate): its form is documented only.
      const form = own[MULTIPART];
      delete own[MULTIPART];
      if (form) Object.assign(own, { consumes: ['multipart/form-data'], body: form });
      if (own.summary) own.response = { ...((own.response as object | undefined) ?? {}), default: { ...ApiErrorBody, description: 'Error' } };
      return { url: wild ? `${url.slice(0, -1)}{key}` : url, schema: own };
    },
  });
}

/** The document and its reference page (register after `registerOpenApi`). */
export async function openApiRoutes(app: FastifyInstance) {
  const doc = docs('system');
  app.get('/api/openapi.json', { schema: doc('This document (OpenAPI 3.1)', { 200: { type: 'object' } }) }, async () => app.swagger());
  app.get('/api/docs', { schema: doc('API reference page', { 200: Html }) }, async (_request, reply) => reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'")
    .send(REFERENCE_HTML));
  app.get('/api/docs/reference.js', { schema: doc('Script of the API reference page', { 200: JavaScript }) }, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(REFERENCE_JS));
}
