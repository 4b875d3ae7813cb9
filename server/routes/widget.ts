import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/foundation/errors';
import type { Product } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { WIDGET_DIST, WIDGET_FILES } from '../../web/widget/files';
import { WIDGET_SETTINGS } from '../api/organisation';
import { docs, Empty, Html, JavaScript, typed } from './schemas';
import { serveApi } from './serve-api';

/**
 * The embeddable chat widget: /widget.js (the loader a site embeds with one
 * script tag), /widget-frame.js and /widget/frame (the chat panel, framed
 * only by the allowed origins: CSP frame-ancestors), and CORS on the public
 * chat API for the same origins.
 */

const FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Assistant</title></head><body><script src="/${WIDGET_FILES.frame}"></script></body></html>
`;

/** frame-ancestors source list: this server plus the admin's origins ('*' allows any site). */
export function frameAncestors(origins: string[]): string {
  return origins.includes('*') ? '*' : ["'self'", ...origins].join(' ');
}

export function originAllowed(origins: string[], origin: string | undefined): origin is string {
  return !!origin && (origins.includes('*') || origins.includes(origin));
}

type WidgetProduct = Pick<Product, 'widgetConfig' | 'widgetSettings' | 'updateWidgetSettings'>;

const doc = docs('widget');

export default async function widgetRoutes(fastify: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  const { product } = opts.services;
  const app = typed(fastify);

  const sendScript = async (reply: FastifyReply, file: string) => {
    const p = join(WIDGET_DIST, file);
    if (!existsSync(p)) throw new AppError('not_found', 'The chat widget is not built: run `npm run build:web`.');
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await readFile(p));
  };

  app.get('/widget.js', { schema: doc('The embeddable chat widget (one script tag on an allowed site)', { 200: JavaScript }) },
    (_request, reply) => sendScript(reply, WIDGET_FILES.loader));
  app.get(`/${WIDGET_FILES.frame}`, { schema: doc('Script of the widget\'s chat panel', { 200: JavaScript }) },
    (_request, reply) => sendScript(reply, WIDGET_FILES.frame));

  app.get('/widget/frame', {
    config: { embeddable: true },
    schema: doc('The widget\'s chat panel page (framed by allowed origins only)', { 200: Html }),
  }, async (_request, reply) => reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors ${frameAncestors((await product.widgetConfig()).origins)}`)
    .send(FRAME_HTML));

  app.options('/api/bot/*', { schema: doc('CORS preflight for the allowed widget origins (WIDGET_ORIGINS)', { 204: Empty }) }, async (request, reply) => {
    if (!originAllowed((await product.widgetConfig()).origins, request.headers.origin)) {
      throw new AppError('forbidden', 'This site may not use the assistant: ask the admin to allow its origin (Website widget settings or WIDGET_ORIGINS).');
    }
    return reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type, accept-language')
      .header('access-control-max-age', '600')
      .status(204).send();
  });
}

/** onRequest hook (root level): CORS on the public chat API and the widget's config for the allowed origins, so their own scripts may call them too. */
export function widgetCors(product: Pick<Product, 'widgetConfig'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/bot/') && !request.url.startsWith('/api/widget/config')) return;
    const origin = request.headers.origin;
    if (origin && originAllowed((await product.widgetConfig()).origins, origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  };
}

/** The brand defaults the widget uses where its script tag sets nothing (public). */
export async function widgetConfigRoutes(fastify: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  typed(fastify).get('/api/widget/config', {
    schema: doc('The brand\'s widget title, colour and greeting (defaults for the script tag)', { 200: S.WidgetBrand }),
  }, async (_request, reply) => {
    const { title, color, greeting } = await opts.services.product.widgetConfig();
    reply.header('cache-control', 'public, max-age=60');
    return { title, color, greeting };
  });
}

/** The admin's widget settings: allowed sites, title, colour, greeting. */
export async function widgetSettingsRoutes(fastify: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  await serveApi(fastify, opts.services.product, WIDGET_SETTINGS);
}
