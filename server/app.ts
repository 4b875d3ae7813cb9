import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { createPublicGate, httpRequests, refusal, startMetrics, type Edge } from '../core/product/index';
import { actAs, identify, requireSameOrigin, requireSignIn } from './auth';
import { bodyDeadline } from './body-deadline';
import { consoleHeaders } from './console-headers';
import { limitPublic } from './public-limit';
import { registerErrorHandler } from './errors';
import { openApiRoutes, registerOpenApi, SIGNED_IN } from './openapi/plugin';
import analyticsRoutes, { feedbackRoutes } from './routes/analytics';
import handoffRoutes, { handoffRequestRoute } from './routes/handoff';
import authRoutes from './routes/auth';
import botRoutes from './routes/bot';
import categoryRoutes from './routes/categories';
import contentRoutes from './routes/content';
import documentRoutes from './routes/documents';
import fileRoutes from './routes/files';
import viewerRoutes from './routes/viewer';
import siteRoutes from './routes/sites';
import presentationRoutes from './routes/presentations';
import reviewRoutes from './routes/review';
import { removeUploadsLeft } from './upload';
import versionRoutes from './routes/versions';
import accountRoutes from './routes/accounts';
import storageRoutes from './routes/storage';
import systemRoutes, { healthRoutes, metricsRoutes } from './routes/system';
import translationRoutes from './routes/translations';
import videoRoutes from './routes/videos';
import widgetRoutes, { widgetConfigRoutes, widgetCors, widgetSettingsRoutes } from './routes/widget';
import type { Logger } from 'pino';
import { requestLogController } from './request-log';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered. */
    routeTable: RouteEntry[];
  }
}

/**
 * Answers over 1 kB in text formats (JSON, HTML, scripts, styles, subtitles) go out
 * brotli- or gzip-compressed as the client accepts; the built console's assets are
 * compressed at build time (web/precompress.ts) and sent as they are. Event streams,
 * ranges and binary files (PDF, images, video) are left alone.
 */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/(html|css|javascript|plain|csv|vtt|xml))\b/;
const COMPRESSION = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  customTypes: (type: string) => COMPRESSIBLE.test(type),
  // Brotli's default (quality 11) costs tens of ms on a 100 kB answer; 5 keeps most of the gain.
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
};

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

type AppOptions = { logger?: FastifyServerOptions['logger']; loggerInstance?: Logger; webDist?: string };

/** Composes the HTTP face: public routes, admin routes behind sign-in, the built console. */
export async function buildApp(services: Edge, options: AppOptions = {}): Promise<FastifyInstance> {
  startMetrics();
  const app = await createServer(services, options);
  await registerRoutes(app, services);
  await registerConsole(app, options.webDist ?? WEB_DIST);
  return app;
}

/** The Fastify instance with what every request goes through: logging, limits, compression, headers, who calls. */
async function createServer(services: Edge, options: AppOptions): Promise<FastifyInstance> {
  const { trustProxy } = services.config;
  // proxy-addr semantics: a number trusts that many hops from the socket, a list trusts those addresses;
  // either way the client is the address the last trusted proxy saw, never a client-written leftmost entry.
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance as FastifyBaseLogger } : { logger: options.logger ?? false }),
    // Health checks and polls are not logged unless LOG_LEVEL is debug (server/request-log.ts).
    logController: requestLogController(services.config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxy.hops > 0 ? (_address: string, hop: number) => hop < trustProxy.hops : trustProxy.addresses.length ? trustProxy.addresses : false,
  });
  app.decorate('uploadIdleTimeoutMs', services.config.uploads.idleTimeoutMs);
  // Every route as registered (method, url): the visibility suite probes each public one (server/visibility.test.ts).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url });
  });
  registerErrorHandler(app);
  removeUploadsLeft(app, services);
  // Every answer counted by route as registered (bounded: no ids or paths of unknown routes) and status: 408s and 5xx show.
  app.addHook('onResponse', async (request, reply) => {
    httpRequests.inc({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
  });
  // Response schemas document the routes and type their handlers; answers are sent as JSON.stringify makes them (fields beyond a schema kept).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(compress, COMPRESSION);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: services.config.uploads.maxBytes, files: 1, fields: 30, fieldSize: 100_000, parts: 40 },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    // The widget's panel is framed by the allowed sites: it sets its own CSP (frame-ancestors) and cache headers.
    if ((request.routeOptions.config as { embeddable?: boolean } | undefined)?.embeddable) return;
    reply.header('x-frame-options', 'DENY');
    consoleHeaders(request.url, reply);
  });
  app.addHook('onRequest', widgetCors(services.product));
  app.decorateRequest('actor', null);
  // Who calls (a user, a named token, or anonymous); the request then runs as them, and core's guard checks every operation.
  app.addHook('onRequest', identify(services.auth));
  app.addHook('onRequest', actAs);
  app.addHook('onRequest', bodyDeadline({ ...services.config.uploads }));
  return app;
}

/** The routes: public ones each under its per-address limit, the rest behind sign-in. */
async function registerRoutes(app: FastifyInstance, services: Edge): Promise<void> {
  await registerOpenApi(app);
  const gate = createPublicGate(services);
  const opts = { services, gate };
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'health'));
    await scope.register(healthRoutes, opts);
    await scope.register(metricsRoutes, opts);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'auth'));
    await scope.register(authRoutes, opts);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'files'));
    await scope.register(fileRoutes, opts);
    await scope.register(viewerRoutes, opts);
  });
  await app.register(botRoutes, opts);
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'bot'));
    await scope.register(feedbackRoutes, opts);
    await scope.register(handoffRequestRoute, opts);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'files'));
    await scope.register(widgetRoutes, opts);
    await scope.register(widgetConfigRoutes, opts);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', limitPublic(gate, 'health'));
    await scope.register(openApiRoutes);
  });
  await app.register(async (admin) => {
    admin.addHook('onRequest', requireSignIn);
    // The document says how to sign in for every route behind requireSignIn.
    admin.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: SIGNED_IN };
    });
    admin.addHook('onRequest', requireSameOrigin);
    for (const routes of [analyticsRoutes, reviewRoutes, versionRoutes, accountRoutes, widgetSettingsRoutes, documentRoutes, presentationRoutes, videoRoutes, categoryRoutes, contentRoutes, storageRoutes, systemRoutes, translationRoutes, handoffRoutes, siteRoutes]) {
      await admin.register(routes, opts);
    }
  });
}

/** The built console (when there is one) and the answer to any other path. */
async function registerConsole(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // Cache headers are set by consoleHeaders: hashed assets immutable, everything else revalidated.
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false, cacheControl: false, preCompressed: true });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || request.method !== 'GET') {
      throw refusal('not_found', 'refusal.no_route', { method: request.method, path: url });
    }
    if (!hasWeb) {
      return reply.status(404).send({ error: 'not_found', message: 'The web console is not built: run `npm run build:web`' });
    }
    // History fallback: the SPA decides (and shows its own 404 page).
    return reply.sendFile('index.html');
  });
}
