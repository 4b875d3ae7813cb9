import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../core/config';
import { AppError } from '../../core/errors';
import { WIDGET_DIST, WIDGET_FILES } from '../../web/widget/build';

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

export default async function widgetRoutes(app: FastifyInstance, opts: { services: { config: Pick<Config, 'widget'> } }) {
  const origins = opts.services.config.widget.origins;

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
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors ${frameAncestors(origins)}`)
    .send(FRAME_HTML));

  app.options('/api/bot/*', async (request, reply) => {
    if (!originAllowed(origins, request.headers.origin)) {
      throw new AppError('forbidden', 'This site may not use the assistant: ask the admin to add its origin to WIDGET_ORIGINS.');
    }
    return reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type, accept-language')
      .header('access-control-max-age', '600')
      .status(204).send();
  });
}

/** onRequest hook (root level): CORS on the public chat API for the allowed origins, so their own scripts may call it too. */
export function widgetCors(origins: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/bot/')) return;
    const origin = request.headers.origin;
    if (originAllowed(origins, origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  };
}
