import { isAppError } from '../errors';
import type { Product } from '../product/types';
import { currentActor } from './actor-context';
import type { AuditLog } from './audit';
import { EDIT_OR_REVIEW } from './access-rules';
import { assertCanAny, LOCAL_ACTOR, type Permission } from './roles';
import { AppError } from '../errors';

/**
 * Every operation of the product with the permission it needs: one table,
 * complete by type (a new operation does not compile without its entry).
 * `public` operations are what anonymous callers may use (the assistants,
 * public downloads through the visibility rule, the widget's settings).
 * A list means any one of its permissions (setAccess: editors narrow who may
 * see an item, reviewers also widen it; each change is checked in core
 * against ACCESS_CHANGE_PERMISSIONS, ./access-rules.ts).
 */
type Need = Permission | 'public' | readonly Permission[] | ((args: unknown[]) => Permission | 'public');

/** The metrics: admins (manage), or a caller presenting a token, which the operation itself checks against METRICS_TOKEN. */
const metricsNeed = (args: unknown[]) => ((args[0] as { token?: string | null } | undefined)?.token ? 'public' : 'manage');
const fileNeed = (args: unknown[]) => ((args[1] as { public?: boolean } | undefined)?.public ? 'public' : 'read');
/** The source viewer: anyone through the visibility rule (`public`), or a reader for every item. */
const viewerNeed = (args: unknown[]) => ((args[3] as { public?: boolean } | undefined)?.public ? 'public' : 'read');

export const OPERATION_PERMISSIONS: Record<keyof Product, Need> = {
  upload: 'upload', items: 'read', item: 'read', content: 'read', listPage: 'read', createContent: 'upload', updateDocument: 'edit', remove: 'delete',
  removeAll: 'manage', translationRows: 'read', transcript: 'read',
  users: 'manage', createUser: 'manage', updateUser: 'manage', removeUser: 'manage', tokens: 'manage', createToken: 'manage', revokeToken: 'manage',
  approve: 'review', reject: 'review', replace: 'edit', versions: 'read', restoreVersion: 'edit', setAccess: EDIT_OR_REVIEW, reviewQueue: 'read', auditLog: 'manage', exportAudit: 'manage',
  transcribe: 'upload', saveTranscript: 'edit', translationOffers: 'read',
  translate: 'translate', translationList: 'read', translation: 'read', retryTranslation: 'translate', removeTranslation: 'delete',
  glossary: 'read', putGlossaryTerm: 'translate', removeGlossaryTerm: 'translate', rememberTranslations: 'translate',
  retry: 'upload', retryJob: 'upload', retryFailed: 'upload', jobs: 'read', reindex: 'manage',
  search: 'read', ask: 'public', askStream: 'public', chat: 'public', messages: 'public', clearSession: 'public', newConversation: 'public',
  categories: 'read', createCategory: 'edit', updateCategory: 'edit', removeCategory: 'delete', images: 'read', removeImage: 'delete',
  files: 'read', fileStats: 'read', removeFile: 'delete', readFile: fileNeed, statFile: fileNeed, viewer: viewerNeed,
  sites: 'read', recordSiteRun: 'upload', startSiteSync: 'manage',
  dashboard: 'read', health: 'public', metrics: metricsNeed, rate: 'public', questionStats: 'read', exportConversations: 'manage',
  widgetSettings: 'read', updateWidgetSettings: 'manage', widgetConfig: 'public',
  requestHandoff: 'public', handoffRequests: 'read', handoffRequest: 'read', markHandoffHandled: 'edit', removeHandoffRequest: 'delete',
};

/** Operations that change something: a named token using one is recorded (token use for writes). */
const WRITES = new Set<Permission>(['upload', 'edit', 'translate', 'review', 'delete', 'manage']);

/**
 * The product with every call checked against the caller's role (the
 * server's user or token; anonymous on public routes; the local operator
 * outside a request). A refusal is AppError('forbidden') and is audited.
 */
export function guardProduct(product: Product, audit: AuditLog): Product {
  const guarded = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(product) as Array<[keyof Product, (...a: unknown[]) => unknown]>) {
    if (typeof fn !== 'function') {
      guarded[name] = fn;
      continue;
    }
    const need = OPERATION_PERMISSIONS[name];
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
