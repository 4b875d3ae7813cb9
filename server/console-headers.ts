import type { FastifyReply } from 'fastify';

/**
 * The console's Content-Security-Policy: scripts, styles, fonts and API
 * calls only from this origin; images and media also as data:/blob: URLs
 * (the favicon, previews of files being uploaded). Inline styles stay
 * allowed: the dialog library injects a <style> element. No plugins, no
 * framing, forms post only here.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Vite's hashed build output: the name changes whenever the content does. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Headers for what the console serves: hashed assets are cached for a year
 * as immutable; the HTML page (and anything else not under /api or the
 * download folders) must be revalidated, so a new release shows at once.
 */
export function consoleHeaders(url: string, reply: FastifyReply): void {
  const pathname = url.split('?')[0] ?? url;
  if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) return;
  if (HASHED_ASSET.test(pathname) && reply.statusCode === 200) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return;
  }
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html')) reply.header('content-security-policy', CONSOLE_CSP);
  reply.header('cache-control', 'no-cache');
}
