import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import type { Product, WidgetSettings } from '../../core/product/index';
import { WIDGET_DIST, WIDGET_FILES } from '../../web/widget/files';

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

export default async function widgetRoutes(app: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  const { product } = opts.services;

  const sendScript = async (reply: FastifyReply, file: string) => {
    const p = join(WIDGET_DIST, file);
    if (!existsSync(p)) throw new AppError('not_found', 'The chat widget is not built: run `npm run build:web`.');
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await readFile(p));
  };

  const script = { produces: ['text/javascript'], response: { 200: { type: 'string' } } };
  app.get('/widget.js', { schema: { ...script, summary: 'The embeddable chat widget (loader script for other sites)', tags: ['widget'] } },
    (_request, reply) => sendScript(reply, WIDGET_FILES.loader));
  app.get(`/${WIDGET_FILES.frame}`, { schema: { ...script, summary: 'The widget chat panel script', tags: ['widget'] } },
    (_request, reply) => sendScript(reply, WIDGET_FILES.frame));

  app.get('/widget/frame', {
    config: { embeddable: true },
    schema: { produces: ['text/html'], summary: 'The widget chat panel page (framed by allowed origins only)', tags: ['widget'], response: { 200: { type: 'string' } } },
  }, async (_request, reply) => reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors ${frameAncestors((await product.widgetConfig()).origins)}`)
    .send(FRAME_HTML));

  app.options('/api/bot/*', async (request, reply) => {
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
export async function widgetConfigRoutes(app: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  app.get('/api/widget/config', async (_request, reply) => {
    const { title, color, greeting } = await opts.services.product.widgetConfig();
    reply.header('cache-control', 'public, max-age=60');
    return { title, color, greeting };
  });
}

type SettingsBody = Partial<WidgetSettings>;

/** The admin's widget settings: allowed sites, title, colour, greeting. */
export async function widgetSettingsRoutes(app: FastifyInstance, opts: { services: { product: WidgetProduct } }) {
  const { product } = opts.services;
  app.get('/api/widget/settings', () => product.widgetSettings());
  app.patch<{ Body: SettingsBody }>('/api/widget/settings', {
    schema: {
      body: {
        type: 'object', additionalProperties: false,
        properties: {
          origins: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
          title: { type: ['string', 'null'], maxLength: 80 },
          color: { type: ['string', 'null'], maxLength: 7 },
          greeting: { type: ['string', 'null'], maxLength: 500 },
        },
      },
    },
  }, (request) => product.updateWidgetSettings(request.body ?? {}));
}
