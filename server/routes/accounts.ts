import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { docs, Empty, IdParams, typed } from './schemas';

/** Named users and API tokens (docs/API.md "Users and tokens"): admin only, by core's guard. */

const doc = docs('users');

export default async function accountRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  app.get('/api/users', { schema: doc('Named users (admin)', { 200: T.Array(S.UserView) }) }, () => product.users());
  app.post('/api/users', {
    schema: { ...doc('Add a user with a role and a password of 12+ characters (admin)', { 201: S.UserView }), body: S.UserInput },
  }, async (request, reply) => reply.status(201).send(await product.createUser(request.body)));
  app.patch('/api/users/:id', {
    schema: { ...doc('Change a user\'s role, password, name, or disable them (their sessions end)', { 200: S.UserView }), params: IdParams, body: S.UserPatch },
  }, (request) => product.updateUser(request.params.id, request.body));
  app.delete('/api/users/:id', { schema: { ...doc('Remove a user', { 204: Empty }), params: IdParams } }, async (request, reply) => {
    await product.removeUser(request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/tokens', { schema: doc('Named API tokens (never their secret)', { 200: T.Array(S.TokenView) }) }, () => product.tokens());
  app.post('/api/tokens', {
    schema: { ...doc('Create a named API token with a role: the token is in this answer only', { 201: S.CreatedToken }), body: S.TokenInput },
  }, async (request, reply) => reply.status(201).send(await product.createToken(request.body)));
  app.delete('/api/tokens/:id', { schema: { ...doc('Revoke a token', { 200: S.TokenView }), params: IdParams } }, (request) => product.revokeToken(request.params.id));
}
