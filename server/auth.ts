import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Auth } from '../core/product/index';
import { AppError } from '../core/errors';

export const SESSION_COOKIE = 'cms_session';

export function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

/** True when the request carries a valid session cookie or API token. */
export async function isSignedIn(auth: Pick<Auth, 'authenticate'>, request: FastifyRequest): Promise<boolean> {
  return (await auth.authenticate({ sessionToken: request.cookies?.[SESSION_COOKIE], bearer: bearerOf(request), clientAddress: request.ip })) !== null;
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

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling an admin route (set by requireAdmin). */
    actor: Actor | null;
  }
}

/** onRequest hook for admin routes: a valid session cookie or API token, else 401. Sets `request.actor`. */
export function requireAdmin(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerOf(request);
    const user = await auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer, clientAddress: request.ip });
    if (!user) throw new AppError('unauthorized', 'Sign in to use this part of the API');
    request.actor = { name: user.username, role: 'admin', via: bearer ? 'token' : 'session' };
  };
}

/** The caller of an admin route (requireAdmin ran first). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to use this part of the API');
  return request.actor;
}
