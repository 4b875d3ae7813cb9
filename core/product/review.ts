import { parseSince } from '../features/analytics/stats';
import { reviewList } from '../features/content/views';
import { exportAudit } from '../features/governance/audit';
import { approveItems, rejectItems, setAccess, type GovernDeps, type PendingVersions } from '../features/governance/review';
import { approvePending, discardPending, type VersionDeps } from '../features/content/versions';
import { actingActor } from '../features/governance/actor-context';
import type { ProductDeps as Services } from './deps';
import { AppError } from '../foundation/errors';
import type { Product } from './types';
import type { Needs } from './guard';
import { EDIT_OR_REVIEW } from '../features/governance/access-rules';

/** "7d", "24h", "30m" or an ISO date; everything when absent. */
function since(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = parseSince(value, new Date());
  if (Number.isNaN(d.getTime())) throw new AppError('validation', `since must be a period like 7d, 24h or 30m, or a date (got "${value}")`);
  return d;
}

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const reviewNeeds = {
  approve: 'review', reject: 'review', setAccess: EDIT_OR_REVIEW, reviewQueue: 'read', auditLog: 'manage',
  exportAudit: 'manage',
} satisfies Needs;

/** Review, audience and expiry: approve or reject items (single or bulk), make them staff-only, set when they expire. */
export const review = (s: Services): Pick<Product, 'approve' | 'reject' | 'setAccess' | 'reviewQueue' | 'auditLog' | 'exportAudit'> => {
  const versionDeps: VersionDeps = { ...s.content, audit: (e) => s.audit.record(e) };
  const versions: PendingVersions = {
    approve: async (type, id, by) => { await approvePending(versionDeps, type, id, by); },
    discard: async (type, id, note) => { await discardPending(versionDeps, type, id, note); },
  };
  const deps: GovernDeps = { catalog: s.catalog, onChange: async (c) => { await s.audit.record(c); }, versions };
  return {
    approve: (ids, o = {}) => approveItems(deps, ids, actingActor(o.actor)),
    reject: (ids, o = {}) => rejectItems(deps, ids, o.note ?? null, actingActor(o.actor)),
    setAccess: (ids, patch, o = {}) => setAccess(deps, ids, patch, actingActor(o.actor)),
    reviewQueue: (filter) => reviewList(s.catalog, filter ?? 'pending'),
    auditLog: (q = {}) => s.audit.list({ since: since(q.since), action: q.action, limit: q.limit }),
    async exportAudit(q) {
      return exportAudit(await s.audit.list({ since: since(q.since) }), q.format);
    },
  };
};
