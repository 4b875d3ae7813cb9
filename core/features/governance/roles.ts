import { AppError } from '../../foundation/errors';

/**
 * Who may do what. `admin`: everything; `editor`: upload, edit, replace,
 * request translations, not approve or delete; `reviewer`: approve and
 * reject (and read), not upload or delete. The one table of permissions:
 * the server asks it for every admin route, core for every governed change.
 */
export { ROLES, type Role } from '../../foundation/schemas/values';
import type { Role } from '../../foundation/schemas/values';

export const PERMISSIONS = ['read', 'upload', 'edit', 'translate', 'review', 'delete', 'manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['read', 'upload', 'edit', 'translate'],
  reviewer: ['read', 'review'],
};

/** Who made a change: a signed-in user, a named API token, the local CLI, or the product itself (AUTO_APPROVE, expiry). */
export interface Actor {
  name: string;
  role: Role;
  via: 'session' | 'token' | 'cli' | 'system';
  /** The API token's name when `via` is token. */
  token?: string | null;
}

/** The local operator (a CLI running on the server's machine with the data folder: already trusted with everything). */
export const LOCAL_ACTOR: Actor = { name: 'cli', role: 'admin', via: 'cli' };
/** Changes the product makes by itself. */
export const SYSTEM_ACTOR: Actor = { name: 'system', role: 'admin', via: 'system' };

export const can = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/** AppError('forbidden') unless the actor's role grants `permission`. */
export function assertCan(actor: Actor, permission: Permission, what: string): void {
  if (!can(actor.role, permission)) {
    throw new AppError('forbidden', `${actor.name} (${actor.role}) may not ${what}: that needs a role with the "${permission}" permission`, {
      details: { permission, role: actor.role },
    });
  }
}

/** AppError('forbidden') unless the actor's role grants at least one of `permissions`. */
export function assertCanAny(actor: Actor, permissions: readonly Permission[], what: string): void {
  if (permissions.some((p) => can(actor.role, p))) return;
  if (permissions.length === 1) return assertCan(actor, permissions[0], what);
  throw new AppError('forbidden', `${actor.name} (${actor.role}) may not ${what}: that needs a role with the ${permissions.map((p) => `"${p}"`).join(' or ')} permission`, {
    details: { permission: permissions.join('|'), role: actor.role },
  });
}
