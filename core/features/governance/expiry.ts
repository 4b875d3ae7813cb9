import type { Catalog } from '../../engines/catalog/types';
import type { AuditLog } from './audit';
import { findGovernedAll } from './review';
import { SYSTEM_ACTOR } from './roles';
import { isExpired } from './visibility';

/**
 * Expiry leaves a trace: once an item's `validUntil` has passed, one
 * `expired` entry goes into the audit log (the rule itself needs no sweep:
 * every public read asks isPublic with the current time). Run every minute.
 */
export async function recordExpired(catalog: Catalog, audit: AuditLog, now: Date = new Date()): Promise<number> {
  let n = 0;
  for (const { type, collection, row } of await findGovernedAll(catalog, (r) => !!r.validUntil && !r.expiryRecordedAt && isExpired(r, now))) {
    await collection.update(row.id, { expiryRecordedAt: now.toISOString() });
    await audit.record({ action: 'expired', actor: SYSTEM_ACTOR, type, id: row.id, title: row.title ?? row.label ?? null, after: { validUntil: row.validUntil } });
    n++;
  }
  return n;
}
