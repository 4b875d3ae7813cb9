import type { FastifyReply, FastifyRequest } from 'fastify';
import { runAs, type Actor, type Auth } from '../core/product/index';
import { AppError } from '../core/foundation/errors';

export const SESSION_COOKIE = 'cms_session';

export function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

/** True when the request carries a valid session cookie or API token (the identify hook ran). */
export const isSignedIn = (request: FastifyRequest): boolean => !!request.actor;

/**
 * onRequest hook of every route: who is calling (a session cookie or an API
 * token, else anonymous), as `request.actor`. Nothing is refused here.
 */
export function identify(auth: Pick<Auth, 'authenticate'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    // The console's own files and the widget scripts are the same for everyone: no sign-in lookup for them.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/uploads/')) return;
    const bearer = bearerOf(request);
    const sessionToken = request.cookies?.[SESSION_COOKIE];
    if (!bearer && !sessionToken) return;
    const user = await auth.authenticate({ sessionToken, bearer, clientAddress: request.ip });
    if (user) request.actor = { name: user.username, role: user.role, via: user.via, token: user.token ?? null };
  };
}

/** onRequest hook after identify: the rest of the request (core included) runs as `request.actor` (core's guard checks roles). */
export function actAs(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  runAs(request.actor ?? null, done);
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

/** onRequest hook for admin routes (after identify): a valid session cookie or API token, else 401. What the role may do is core's guard. */
export async function requireSignIn(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to use this part of the API');
}

/** The caller of an admin route (requireAdmin ran first). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to use this part of the API');
  return request.actor;
}
