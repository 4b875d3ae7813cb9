import type { FastifyInstance } from 'fastify';
import { Type as T, type Static } from 'typebox';
import type { Edge } from '../../core/product/index';
import { AppError } from '../../core/foundation/errors';
import * as S from '../../core/foundation/schemas/index';
import { bearerOf, SESSION_COOKIE } from '../auth';
import { docs, Empty, typed } from './schemas';

const LoginBody = T.Object({ username: T.String({ maxLength: 200 }), password: T.String({ maxLength: 500 }) });
const doc = docs('auth');

/** The signed-in user as the console shows it (the spec's username, name, title, and the role). */
const shown = (u: Static<typeof S.SignedInUser>) => ({ username: u.username, name: u.name, title: u.title, role: u.role });

export default async function authRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { auth, config } = services;
  const app = typed(fastify);

  app.post('/api/auth/login', { schema: { ...doc('Sign in (sets the httpOnly cms_session cookie)', { 200: S.SignedInUser }), body: LoginBody } }, async (request, reply) => {
    const { username, password } = request.body;
    if (!username.trim() || !password) throw new AppError('validation', 'Username and password are required');
    const session = await auth.login(username.trim(), password, request.ip);
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, path: '/', expires: new Date(session.expiresAt),
    });
    return shown(session.user);
  });

  app.post('/api/auth/logout', { schema: doc('Sign out', { 204: Empty }) }, async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth/me', { schema: doc('The signed-in user', { 200: S.SignedInUser }) }, async (request) => {
    const user = await auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request), clientAddress: request.ip });
    if (!user) throw new AppError('unauthorized', 'Not signed in');
    return shown(user);
  });
}
