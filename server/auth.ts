import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../core/product/index';
import { AppError } from '../core/errors';

export const SESSION_COOKIE = 'cms_session';

export function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest hook for state-changing admin routes, besides the SameSite
 * cookie: a browser request must come from this origin (Fetch Metadata
 * `Sec-Fetch-Site`, else the `Origin` header). Calls with a bearer token
 * (the CLI, scripts) carry no ambient credential and pass.
 */
export async function requireSameOrigin(request: FastifyRequest, _reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method) || bearerOf(request)) return;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return;
    throw new AppError('forbidden', 'This change must be made from the console itself (the request came from another site)');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return; // not a browser: no ambient-cookie forgery possible
  let host: string | null = null;
  try { host = new URL(origin).host; } catch { /* "null" or garbage */ }
  if (host === null || host !== request.headers.host) {
    throw new AppError('forbidden', 'This change must be made from the console itself (the request came from another origin)');
  }
}

/** onRequest hook for admin routes: a valid session cookie or API token, else 401. */
export function requireAdmin(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request), clientAddress: request.ip });
    if (!user) throw new AppError('unauthorized', 'Sign in to use this part of the API');
  };
}
