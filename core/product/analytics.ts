import { toCsv, toJsonl } from '../features/analytics/export';
import { parseSince, questionStats } from '../features/analytics/stats';
import { AppError } from '../foundation/errors';
import type { ProductDeps as Services } from './deps';
import type { Product } from './types';
import type { Needs } from './guard';

function dateParam(value: string | null | undefined, name: string, now: Date): Date | null {
  if (!value) return null;
  const d = parseSince(value, now);
  if (Number.isNaN(d.getTime())) throw new AppError('validation', `${name} must be an ISO date or a period like 7d, 24h (got "${value}")`);
  return d;
}

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const analyticsNeeds = { rate: 'public', questionStats: 'read', exportConversations: 'manage' } satisfies Needs;

/** Visitors rate answers; the admin reads what visitors asked and exports the conversations. */
export const analytics = (s: Pick<Services, 'questions'>): Pick<Product, 'rate' | 'questionStats' | 'exportConversations'> => ({
  async rate({ referenceId, answerId, rating, comment }) {
    const a = await s.questions.rate({ answerId, referenceId, value: rating, comment });
    return { answerId: a.id, rating: a.rating! };
  },
  async questionStats(since) {
    const now = new Date();
    const from = dateParam(since || '7d', 'since', now)!;
    // Everything since `from`, with no upper bound: an answer recorded in the same millisecond as this call counts
    // (an exclusive `to: now` dropped it, so stats read right after an answer could count 0).
    return questionStats(await s.questions.list({ from }), { from, to: now });
  },
  async exportConversations({ from, to, format }) {
    const now = new Date();
    const start = dateParam(from, 'from', now);
    const end = dateParam(to, 'to', now);
    const rows = await s.questions.list({ from: start, to: end });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    return {
      fileName: `conversations-${day(start ?? new Date(0))}-${day(end ?? now)}.${format}`,
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      body: format === 'csv' ? toCsv(rows) : toJsonl(rows),
    };
  },
});
