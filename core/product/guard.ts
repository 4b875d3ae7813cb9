import { isAppError } from '../foundation/errors';
import type { Product } from './types';
import { currentActor } from '../features/governance/actor-context';
import type { AuditLog } from '../features/governance/audit';
import { assertCanAny, LOCAL_ACTOR, type Permission } from '../features/governance/roles';
import { AppError } from '../foundation/errors';

/**
 * The permission an operation needs. Each use case declares its operations' needs beside it
 * (core/product/<area>.ts), and core/product/index.ts gathers them into one table, complete by
 * type (a new operation does not compile without its entry). `public` operations are what
 * anonymous callers may use (the assistants, public downloads through the visibility rule, the
 * widget's settings). A list means any one of its permissions (setAccess: editors narrow who may
 * see an item, reviewers also widen it; each change is checked in core against
 * ACCESS_CHANGE_PERMISSIONS, ./access-rules.ts).
 */
export type Need = Permission | 'public' | readonly Permission[] | ((args: unknown[]) => Permission | 'public');
/** The needs of some operations of the product. */
export type Needs = { readonly [K in keyof Product]?: Need };

/** The metrics: admins (manage), or a caller presenting a token, which the operation itself checks against METRICS_TOKEN. */
export const metricsNeed = (args: unknown[]) => ((args[0] as { token?: string | null } | undefined)?.token ? 'public' : 'manage');
export const fileNeed = (args: unknown[]) => ((args[1] as { public?: boolean } | undefined)?.public ? 'public' : 'read');
/** The source viewer: anyone through the visibility rule (`public`), or a reader for every item. */
export const viewerNeed = (args: unknown[]) => ((args[3] as { public?: boolean } | undefined)?.public ? 'public' : 'read');

/** Operations that change something: a named token using one is recorded (token use for writes). */
const WRITES = new Set<Permission>(['upload', 'edit', 'translate', 'review', 'delete', 'manage']);

/**
 * The product with every call checked against the caller's role (the
 * server's user or token; anonymous on public routes; the local operator
 * outside a request). A refusal is AppError('forbidden') and is audited.
 */
export function guardProduct(product: Product, audit: AuditLog, needs: Record<keyof Product, Need>): Product {
  const guarded = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(product) as Array<[keyof Product, (...a: unknown[]) => unknown]>) {
    if (typeof fn !== 'function') {
      guarded[name] = fn;
      continue;
    }
    const need = needs[name];
    guarded[name] = (...args: unknown[]) => {
      const permission = typeof need === 'function' ? need(args) : need;
      const ctx = currentActor();
      const actor = ctx === undefined ? LOCAL_ACTOR : ctx;
      if (permission !== 'public') {
        try {
          if (actor === null) throw new AppError('unauthorized', 'Sign in to use this part of the API');
          assertCanAny(actor, typeof permission === 'string' ? [permission] : permission, `use ${name}`);
        } catch (e) {
          if (actor && isAppError(e) && e.code === 'forbidden') {
            // A refusal leaves a trace; the call is refused either way.
            return audit.record({ action: 'forbidden', actor, target: name, note: e.message }).then(() => { throw e; }, () => { throw e; });
          }
          return name === 'askStream' ? (async function* () { throw e; })() : Promise.reject(e);
        }
        if (actor?.via === 'token' && (typeof permission === 'string' ? [permission] : permission).some((p) => WRITES.has(p))) {
          void audit.record({ action: 'token_write', actor, target: name, note: actor.token ?? null }).catch(() => {});
        }
      }
      const result = fn.apply(product, args);
      // A refusal from inside the operation (approve on upload without the review permission) is audited too.
      if (actor && result instanceof Promise) {
        return result.catch(async (e: unknown) => {
          if (isAppError(e) && e.code === 'forbidden') await audit.record({ action: 'forbidden', actor, target: name, note: e.message }).catch(() => {});
          throw e;
        });
      }
      return result;
    };
  }
  return guarded as unknown as Product;
}
