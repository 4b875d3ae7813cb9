import { actingActor } from '../features/governance/actor-context';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const accountsNeeds = {
  users: 'manage', createUser: 'manage', updateUser: 'manage', removeUser: 'manage', tokens: 'manage',
  createToken: 'manage', revokeToken: 'manage',
} satisfies Needs;

/** Named users and API tokens with roles (admin only: the guard's "manage"); every change is audited. */
export const accounts = (s: Services): Pick<Product, 'users' | 'createUser' | 'updateUser' | 'removeUser' | 'tokens' | 'createToken' | 'revokeToken'> => ({
  users: () => s.accounts.users(),
  async createUser(input) {
    const by = actingActor();
    const user = await s.accounts.createUser(input, by);
    await s.audit.record({ action: 'user', actor: by, target: user.username, note: 'created', after: { role: user.role } });
    return user;
  },
  async updateUser(id, patch) {
    const { before, after } = await s.accounts.updateUser(id, patch);
    await s.audit.record({
      action: 'user', actor: actingActor(), target: after.username, note: patch.password !== undefined ? 'password changed' : 'changed',
      before: { role: before.role, disabled: before.disabled }, after: { role: after.role, disabled: after.disabled },
    });
    return after;
  },
  async removeUser(id) {
    const user = await s.accounts.removeUser(id);
    await s.audit.record({ action: 'user', actor: actingActor(), target: user.username, note: 'removed', before: { role: user.role } });
  },
  tokens: () => s.accounts.tokens(),
  async createToken(input) {
    const by = actingActor();
    const made = await s.accounts.createToken(input, by);
    await s.audit.record({ action: 'token', actor: by, target: made.record.name, note: 'created', after: { role: made.record.role } });
    return made;
  },
  async revokeToken(id) {
    const t = await s.accounts.revokeToken(id);
    await s.audit.record({ action: 'token', actor: actingActor(), target: t.name, note: 'revoked' });
    return t;
  },
});
