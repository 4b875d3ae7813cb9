import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { OPERATIONS, type ResponseDoc } from './operations';
import { REFERENCE_HTML, REFERENCE_JS } from './reference-page';
import { ApiError } from './schemas';

/**
 * The OpenAPI 3.1 document, produced by @fastify/swagger from the routes'
 * own schemas (params, bodies, query strings) completed by ./operations
 * (responses, multipart forms, summaries, who may call), served at
 * /api/openapi.json with a reference page at /api/docs.
 * Call before any route is registered: it watches every route.
 */

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();
/** Every route registered after `registerOpenApi` (HEAD twins of GET routes left out). */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => registered.get(app) ?? [];

const TEXT = { type: 'string' };
function response(doc: ResponseDoc): Record<string, unknown> {
  switch (doc) {
    case 'empty':
      return { type: 'null', description: 'No content' };
    case 'binary':
      return { description: 'The file bytes', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    case 'html':
      return { description: 'An HTML page', content: { 'text/html': { schema: TEXT } } };
    case 'text':
      return { description: 'Plain text', content: { 'text/plain': { schema: TEXT } } };
    case 'javascript':
      return { description: 'A script', content: { 'text/javascript': { schema: TEXT } } };
    case 'event-stream':
      return {
        description: 'Server-sent events: `token` {text}, then `done` (the RetrievalReply) or `error` {error, message}',
        content: { 'text/event-stream': { schema: TEXT } },
      };
    case 'csv-or-jsonl':
      return {
        description: 'A file download: one row per visitor message and its answer',
        content: { 'text/csv': { schema: TEXT }, 'application/x-ndjson': { schema: TEXT } },
      };
    default:
      return { description: 'OK', ...doc };
  }
}

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
    transform: ({ schema, url, route }) => {
      const method = [route.method].flat()[0];
      const op = OPERATIONS[`${method} ${route.url}`];
      const own = (schema ?? {}) as Record<string, unknown>;
      if (!op) return { schema: own, url };
      // A trailing wildcard is an object key that may contain slashes: document it as one path parameter.
      const wild = url.endsWith('*');
      const params = wild
        ? { type: 'object', required: ['key'], properties: { key: { type: 'string', description: 'The rest of the path: a stored key, may contain /' } } }
        : own.params;
      const responses: Record<string, unknown> = {};
      for (const [status, doc] of Object.entries(op.responses)) responses[status] = response(doc);
      return {
        url: wild ? `${url.slice(0, -1)}{key}` : url,
        schema: {
          ...own,
          ...(params ? { params } : {}),
          summary: op.summary,
          tags: [op.tag],
          ...(op.public ? {} : { security: [{ session: [] }, { token: [] }] }),
          ...(op.querystring && !own.querystring ? { querystring: op.querystring } : {}),
          ...(op.form ? { consumes: ['multipart/form-data'], body: op.form } : {}),
          response: { ...responses, ...((own.response as object | undefined) ?? {}), default: { description: 'Error', ...ApiError } },
        },
      };
    },
  });
}

/** The document and its reference page (register after `registerOpenApi`). */
export async function openApiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', async () => app.swagger());
  app.get('/api/docs', async (_request, reply) => reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'")
    .send(REFERENCE_HTML));
  app.get('/api/docs/reference.js', async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(REFERENCE_JS));
}
