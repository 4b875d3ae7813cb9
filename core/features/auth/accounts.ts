import type { Catalog } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { hashPassword, randomToken, sha256 } from './secrets';
import type { StoredApiToken, StoredUser } from '../../foundation/types';
import { ROLES, type Actor, type Role } from '../governance/roles';

/**
 * Named users (besides the bootstrap admin of ADMIN_USERNAME) and named API
 * tokens, each with a role. Passwords are scrypt hashes; a token is shown
 * once when made and only its sha256 is kept. CMS_TOKEN stays an admin token.
 */

export type UserView = Omit<StoredUser, 'passwordHash'>;
export type TokenView = Omit<StoredApiToken, 'tokenHash'>;

const USERNAME = /^[A-Za-z0-9._@-]{2,80}$/;
/** Named tokens start with this, so a leaked one is recognisable in logs and scanners. */
export const TOKEN_PREFIX = 'cms_';

function role(v: unknown): Role {
  if (!(ROLES as readonly string[]).includes(String(v))) throw new AppError('validation', `role must be one of ${ROLES.join(', ')}, not "${String(v)}"`);
  return v as Role;
}

function password(v: unknown): string {
  const p = typeof v === 'string' ? v : '';
  if (p.length < 12) throw refusal('validation', 'refusal.password_short', { min: 12 });
  if (p.length > 500) throw refusal('validation', 'refusal.password_long', { max: 500 });
  return p;
}

const userView = ({ passwordHash: _h, ...u }: StoredUser): UserView => u;
const tokenView = ({ tokenHash: _h, ...t }: StoredApiToken): TokenView => t;

export interface UserInput {
  username: string;
  name?: string;
  role: Role;
  password: string;
}

export function createAccounts(catalog: Catalog, bootstrapUsername: string) {
  return {
    async users(): Promise<UserView[]> {
      return (await catalog.users.list()).map(userView);
    },
    async createUser(input: UserInput, by: Actor): Promise<UserView> {
      const username = String(input.username ?? '').trim();
      if (!USERNAME.test(username)) throw refusal('validation', 'refusal.username_invalid');
      if (username.toLowerCase() === bootstrapUsername.toLowerCase() || (await catalog.users.find((u) => u.username.toLowerCase() === username.toLowerCase()))) {
        throw refusal('conflict', 'refusal.username_taken', { name: username });
      }
      const row = await catalog.users.insert({
        username, name: String(input.name ?? '').trim().slice(0, 120) || username, role: role(input.role), passwordHash: hashPassword(password(input.password)),
        createdAt: new Date().toISOString(), createdBy: by.name, disabled: false,
      });
      return userView(row);
    },
    async updateUser(id: number, patch: { role?: Role; password?: string; disabled?: boolean; name?: string }): Promise<{ before: UserView; after: UserView }> {
      const before = userView(await catalog.users.require(id));
      const changes: Partial<StoredUser> = {};
      if (patch.role !== undefined) changes.role = role(patch.role);
      if (patch.password !== undefined) changes.passwordHash = hashPassword(password(patch.password));
      if (patch.disabled !== undefined) changes.disabled = !!patch.disabled;
      if (patch.name !== undefined) changes.name = String(patch.name).trim().slice(0, 120) || before.username;
      return { before, after: userView(await catalog.users.update(id, changes)) };
    },
    async removeUser(id: number): Promise<UserView> {
      const row = await catalog.users.require(id);
      await catalog.users.remove(id);
      return userView(row);
    },
    /** The user of a name, for sign-in (disabled users cannot sign in). */
    async findUser(username: string): Promise<StoredUser | undefined> {
      return await catalog.users.find((u) => u.username.toLowerCase() === username.toLowerCase() && !u.disabled);
    },
    async userById(id: number): Promise<StoredUser | undefined> {
      const u = await catalog.users.get(id);
      return u && !u.disabled ? u : undefined;
    },

    async tokens(): Promise<TokenView[]> {
      return (await catalog.apiTokens.list()).map(tokenView);
    },
    /** A new named token: the secret is in the answer only (it is stored hashed). */
    async createToken(input: { name: string; role: Role }, by: Actor): Promise<{ token: string; record: TokenView }> {
      const name = String(input.name ?? '').trim();
      if (!name || name.length > 80) throw refusal('validation', 'refusal.token_name_invalid', { max: 80 });
      const token = `${TOKEN_PREFIX}${randomToken(32)}`;
      const row = await catalog.apiTokens.insert({
        name, role: role(input.role), tokenHash: sha256(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6), createdAt: new Date().toISOString(),
        createdBy: by.name, lastUsedAt: null, revokedAt: null,
      });
      return { token, record: tokenView(row) };
    },
    async revokeToken(id: number): Promise<TokenView> {
      const row = await catalog.apiTokens.require(id);
      if (row.revokedAt) return tokenView(row);
      return tokenView(await catalog.apiTokens.update(id, { revokedAt: new Date().toISOString() }));
    },
    /** The live token of a bearer value, or undefined; notes its use (at most once a minute). */
    async tokenFor(bearer: string): Promise<StoredApiToken | undefined> {
      if (!bearer.startsWith(TOKEN_PREFIX)) return undefined;
      const hash = sha256(bearer);
      const row = await catalog.apiTokens.find((t) => t.tokenHash === hash && !t.revokedAt);
      if (row && (!row.lastUsedAt || Date.now() - Date.parse(row.lastUsedAt) > 60_000)) {
        await catalog.apiTokens.update(row.id, { lastUsedAt: new Date().toISOString() });
      }
      return row;
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
