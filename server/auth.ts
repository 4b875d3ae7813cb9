import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../core/product/index';
import { AppError } from '../core/errors';

export const SESSION_COOKIE = 'cms_session';

export function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

/** onRequest hook for admin routes: a valid session cookie or API token, else 401. */
export function requireAdmin(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request) });
    if (!user) throw new AppError('unauthorized', 'Sign in to use this part of the API');
  };
}
