import type { FastifyInstance } from 'fastify';
import type { Role, Edge } from '../../core/product/index';
import { ROLES } from '../../core/product/index';
import { idParams, type IdParams } from './schemas';

/** Named users and API tokens (docs/API.md "Users and tokens"): admin only, by core's guard. */

const role = { type: 'string', enum: [...ROLES] } as const;
type UserBody = { username: string; name?: string; role: Role; password: string };
type UserPatch = { role?: Role; password?: string; disabled?: boolean; name?: string };

export default async function accountRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get('/api/users', () => product.users());
  app.post<{ Body: UserBody }>('/api/users', {
    schema: {
      body: {
        type: 'object', required: ['username', 'role', 'password'], additionalProperties: false,
        properties: { username: { type: 'string', maxLength: 80 }, name: { type: 'string', maxLength: 120 }, role, password: { type: 'string', maxLength: 500 } },
      },
    },
  }, async (request, reply) => reply.status(201).send(await product.createUser(request.body)));
  app.patch<{ Params: IdParams; Body: UserPatch }>('/api/users/:id', {
    schema: {
      params: idParams,
      body: { type: 'object', additionalProperties: false, properties: { role, password: { type: 'string', maxLength: 500 }, disabled: { type: 'boolean' }, name: { type: 'string', maxLength: 120 } } },
    },
  }, (request) => product.updateUser(request.params.id, request.body));
  app.delete<{ Params: IdParams }>('/api/users/:id', { schema: { params: idParams } }, async (request, reply) => {
    await product.removeUser(request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/tokens', () => product.tokens());
  app.post<{ Body: { name: string; role: Role } }>('/api/tokens', {
    schema: { body: { type: 'object', required: ['name', 'role'], additionalProperties: false, properties: { name: { type: 'string', maxLength: 80 }, role } } },
  }, async (request, reply) => reply.status(201).send(await product.createToken(request.body)));
  app.delete<{ Params: IdParams }>('/api/tokens/:id', { schema: { params: idParams } }, (request) => product.revokeToken(request.params.id));
}
