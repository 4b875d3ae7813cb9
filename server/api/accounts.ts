import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import { Empty, IdParams } from '../routes/schemas';
import { body, param, routes } from './declare';

/** Named users and API tokens (docs/API.md "Users and tokens"): admin only, by core's guard. */
const users = { tag: 'users' } as const;

export const ACCOUNTS = routes(
  { ...users, call: 'users', method: 'GET', url: '/api/users', summary: 'Named users (admin)', args: [], response: T.Array(S.UserView) },
  {
    ...users, call: 'createUser', method: 'POST', url: '/api/users', summary: 'Add a user with a role and a password of 12+ characters (admin)',
    args: [body()], body: S.UserInput, status: 201, response: S.UserView,
  },
  {
    ...users, call: 'updateUser', method: 'PATCH', url: '/api/users/:id', summary: 'Change a user\'s role, password, name, or disable them (their sessions end)',
    args: [param('id'), body()], params: IdParams, body: S.UserPatch, response: S.UserView,
  },
  { ...users, call: 'removeUser', method: 'DELETE', url: '/api/users/:id', summary: 'Remove a user', args: [param('id')], params: IdParams, status: 204, response: Empty },
  { ...users, call: 'tokens', method: 'GET', url: '/api/tokens', summary: 'Named API tokens (never their secret)', args: [], response: T.Array(S.TokenView) },
  {
    ...users, call: 'createToken', method: 'POST', url: '/api/tokens', summary: 'Create a named API token with a role: the token is in this answer only',
    args: [body()], body: S.TokenInput, status: 201, response: S.CreatedToken,
  },
  { ...users, call: 'revokeToken', method: 'DELETE', url: '/api/tokens/:id', summary: 'Revoke a token', args: [param('id')], params: IdParams, response: S.TokenView },
);
