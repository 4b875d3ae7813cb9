import type { Governed } from '../../foundation/types';
import type { Permission } from './roles';
import { expiryInstant } from './visibility';

/**
 * What a change of an item's access needs (least privilege): what widens who
 * may see an item needs `review`, what narrows it stays an editor's `edit`.
 * The one table: core's setAccess asks it for every item it changes, and
 * server/roles.test.ts drives its role x route test from it.
 */
export const ACCESS_CHANGES = ['widen_audience', 'narrow_audience', 'clear_expiry', 'extend_expiry', 'set_expiry', 'shorten_expiry', 'unarchive', 'archive'] as const;
export type AccessChange = (typeof ACCESS_CHANGES)[number];

/** Who may call setAccess at all (the guard's table); each change is then checked against its own row below. */
export const EDIT_OR_REVIEW: readonly Permission[] = ['edit', 'review'];
const REVIEW: readonly Permission[] = ['review'];

/** Any one of the listed permissions allows the change. */
export const ACCESS_CHANGE_PERMISSIONS: Record<AccessChange, readonly Permission[]> = {
  widen_audience: REVIEW, // staff -> public
  narrow_audience: EDIT_OR_REVIEW, // public -> staff
  clear_expiry: REVIEW, // validUntil removed
  extend_expiry: REVIEW, // validUntil later than it was
  set_expiry: EDIT_OR_REVIEW, // validUntil where there was none
  shorten_expiry: EDIT_OR_REVIEW, // validUntil earlier than it was
  unarchive: REVIEW,
  archive: EDIT_OR_REVIEW,
};

export interface AccessPatchValues {
  audience?: Governed['audience'];
  /** null clears it. */
  validUntil?: string | null;
  archived?: boolean;
}

/** The changes `next` makes to an item as it is (`before`); what stays the same is no change. */
export function accessChangesOf(before: Pick<Governed, 'audience' | 'validUntil'> & { archivedAt?: string | null }, next: AccessPatchValues): AccessChange[] {
  const out: AccessChange[] = [];
  if (next.archived !== undefined) {
    const was = !!before.archivedAt;
    if (was && !next.archived) out.push('unarchive');
    if (!was && next.archived) out.push('archive');
  }
  if (next.audience !== undefined && next.audience !== (before.audience ?? 'public')) {
    out.push(next.audience === 'public' ? 'widen_audience' : 'narrow_audience');
  }
  if (next.validUntil !== undefined) {
    const was = before.validUntil ?? null;
    if (was && next.validUntil === null) out.push('clear_expiry');
    else if (!was && next.validUntil) out.push('set_expiry');
    else if (was && next.validUntil) {
      const a = expiryInstant(was);
      const b = expiryInstant(next.validUntil);
      if (b > a) out.push('extend_expiry');
      else if (b < a) out.push('shorten_expiry');
    }
  }
  return out;
}
