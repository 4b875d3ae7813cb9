import type { FastifyInstance } from 'fastify';
import type { Edge } from '../../core/product/index';
import { AppError } from '../../core/errors';
import { bearerOf, SESSION_COOKIE } from '../auth';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 500 } },
} as const;

/** The signed-in user as the console shows it (the spec's username, name, title, and the role). */
const shown = (u: { username: string; name: string; title: string; role: string }) => ({ username: u.username, name: u.name, title: u.title, role: u.role });

export default async function authRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { auth, config } = services;

  app.post<{ Body: { username: string; password: string } }>('/api/auth/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { username, password } = request.body;
    if (!username.trim() || !password) throw new AppError('validation', 'Username and password are required');
    const session = await auth.login(username.trim(), password, request.ip);
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, path: '/', expires: new Date(session.expiresAt),
    });
    return shown(session.user);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request) => {
    const user = await auth.authenticate({ sessionToken: request.cookies[SESSION_COOKIE], bearer: bearerOf(request), clientAddress: request.ip });
    if (!user) throw new AppError('unauthorized', 'Not signed in');
    return shown(user);
  });
}
