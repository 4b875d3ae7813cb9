import type { Catalog, Collection } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import { AUDIENCES, type Audience, type ContentItem, type ContentType, type Governed } from '../../foundation/types';
import { ACCESS_CHANGE_PERMISSIONS, accessChangesOf, EDIT_OR_REVIEW, type AccessChange, type AccessPatchValues } from './access-rules';
import { assertCan, assertCanAny, type Actor } from './roles';

/**
 * Review, audience and expiry of items: approve, reject, make staff-only
 * or public, set or clear `validUntil`. Single or bulk by id (ids are unique
 * across documents, presentations, videos and content rows). What is public
 * follows from these fields by the one rule (./visibility.ts).
 */

export type GovernedType = ContentType | 'content';
type Row = Governed & { id: number };

export interface GovernDeps {
  catalog: Catalog;
  /** Told of every change (the audit log). */
  onChange?: (change: GovernChange) => Promise<void> | void;
  now?: () => Date;
  /** Approving or rejecting an item with a new version waiting decides that version (core/features/content/versions.ts, handed in by the front door). */
  versions?: PendingVersions;
}

/** What review does to a new version waiting for it: puts it live, or drops it (the live one stays). */
export interface PendingVersions {
  approve(type: ContentType, id: number, by: string): Promise<void>;
  discard(type: ContentType, id: number, note: string | null): Promise<void>;
}

export interface GovernChange {
  action: 'approve' | 'reject' | 'audience' | 'expiry' | 'archive';
  actor: Actor;
  type: GovernedType;
  id: number;
  title: string;
  before: Governed;
  after: Governed;
}

const TYPES: GovernedType[] = ['document', 'presentation', 'video', 'content'];

function collectionOf(catalog: Catalog, type: GovernedType): Collection<Row & { id: number }> {
  return (type === 'content' ? catalog.contentItems : catalog.items(type)) as unknown as Collection<Row>;
}

/** The record of an id, whichever kind it is. */
export async function findGoverned(catalog: Catalog, id: number): Promise<{ type: GovernedType; row: Row & { title?: string; label?: string } } | null> {
  for (const type of TYPES) {
    const row = await collectionOf(catalog, type).get(id);
    if (row) return { type, row };
  }
  return null;
}

/** Every governed record matching `pred`, with its kind and collection. */
export async function findGovernedAll(catalog: Catalog, pred: (r: Row & { title?: string; label?: string }) => boolean) {
  const out: Array<{ type: GovernedType; collection: Collection<Row>; row: Row & { title?: string; label?: string } }> = [];
  for (const type of TYPES) {
    const collection = collectionOf(catalog, type);
    for (const row of await collection.list((r) => pred(r))) out.push({ type, collection, row });
  }
  return out;
}

const governedFields = (r: Governed): Governed => ({
  review: r.review ?? 'pending', approvedDate: r.approvedDate ?? null, approvedBy: r.approvedBy ?? null, reviewNote: r.reviewNote ?? null,
  audience: r.audience ?? 'public', validUntil: r.validUntil ?? null, ...(r.archivedAt ? { archivedAt: r.archivedAt } : {}),
});

/** Fields of a new item: approved at once (approve on upload, AUTO_APPROVE) or pending. */
export function initialReview(approve: { by: string } | null, access: { audience: Audience; validUntil: string | null }, now: Date): Governed {
  const at = now.toISOString();
  return {
    review: approve ? 'approved' : 'pending', approvedDate: approve ? at : null, approvedBy: approve?.by ?? null, reviewNote: null,
    reviewedAt: approve ? at : null, reviewedBy: approve?.by ?? null, ...access,
  };
}

/** `validUntil` as given (a date or a date-time; a past one is allowed and means expired at once), or null to clear it. */
export function parseValidUntil(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const s = String(v).trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) || Number.isNaN(Date.parse(s))) {
    throw refusal('validation', 'refusal.valid_until_invalid', { value: s });
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : new Date(s).toISOString();
}

export function parseAudience(v: unknown): Audience {
  if (v === undefined || v === null || v === '') return 'public';
  if (!(AUDIENCES as readonly string[]).includes(String(v))) throw refusal('validation', 'refusal.audience_unknown', { value: String(v) }, `audience must be one of ${AUDIENCES.join(', ')}, not "${String(v)}"`);
  return v as Audience;
}

const titleOf = (r: { title?: string; label?: string; id: number }) => r.title ?? r.label ?? `#${r.id}`;

async function change(deps: GovernDeps, ids: number[], action: GovernChange['action'], actor: Actor, patch: (r: Row, at: string) => Partial<Governed>) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError('validation', 'Give at least one item id');
  const found = await Promise.all(unique.map(async (id) => ({ id, hit: await findGoverned(deps.catalog, id) })));
  const missing = found.filter((f) => !f.hit).map((f) => f.id);
  if (missing.length) throw new AppError('not_found', `No item with id ${missing.join(', ')}`, { details: { missing } });
  const at = (deps.now?.() ?? new Date()).toISOString();
  const out: ContentItem[] = [];
  for (const { hit } of found) {
    const { type, row } = hit!;
    const before = governedFields(row);
    const updated = await collectionOf(deps.catalog, type).update(row.id, (r) => Object.assign(r, patch(r, at)));
    const after = governedFields(updated);
    await deps.onChange?.({ action, actor, type, id: row.id, title: titleOf(row), before, after });
    out.push({ id: row.id, type, title: titleOf(row), ...after } as unknown as ContentItem);
  }
  return out;
}

/** Items of `ids` with a new version waiting (by their kind). */
async function withPendingVersion(deps: GovernDeps, ids: number[]) {
  const out: Array<{ type: ContentType; id: number }> = [];
  for (const id of new Set(ids)) {
    const hit = await findGoverned(deps.catalog, id);
    if (hit && hit.type !== 'content' && (hit.row as { pendingVersion?: unknown }).pendingVersion) out.push({ type: hit.type, id });
  }
  return out;
}

/** Approves items; an item with a new version waiting: that version (it goes live once processed). */
export async function approveItems(deps: GovernDeps, ids: number[], actor: Actor) {
  assertCan(actor, 'review', 'approve items');
  const versions = await withPendingVersion(deps, ids);
  const out = await change(deps, ids, 'approve', actor, (_r, at) => ({
    review: 'approved', approvedDate: at, approvedBy: actor.name, reviewNote: null, reviewedAt: at, reviewedBy: actor.name,
  }));
  if (versions.length && !deps.versions) throw new AppError('internal', 'New versions cannot be approved without the content services');
  for (const v of versions) await deps.versions!.approve(v.type, v.id, actor.name);
  return out;
}

/** Rejects items; an item with a new version waiting: only that version (the live one stays as it was). */
export async function rejectItems(deps: GovernDeps, ids: number[], note: string | null, actor: Actor) {
  assertCan(actor, 'review', 'reject items');
  const clean = (note ?? '').trim().slice(0, 2000) || null;
  const versions = await withPendingVersion(deps, ids);
  const rest = ids.filter((id) => !versions.some((v) => v.id === id));
  const out = rest.length ? await change(deps, rest, 'reject', actor, (_r, at) => ({
    review: 'rejected', approvedDate: null, approvedBy: null, reviewNote: clean, reviewedAt: at, reviewedBy: actor.name,
  })) : [];
  for (const v of versions) {
    const row = (await findGoverned(deps.catalog, v.id))!.row as Row & { title?: string; label?: string; pendingVersion?: { n: number } };
    const n = row.pendingVersion?.n;
    await deps.versions!.discard(v.type, v.id, clean);
    const after = governedFields(row);
    await deps.onChange?.({ action: 'reject', actor, type: v.type, id: v.id, title: titleOf(row), before: { ...after, version: n } as Governed, after: { ...after, version: n, versionRejected: true } as Governed });
    out.push({ id: v.id, type: v.type, title: titleOf(row), ...after } as unknown as ContentItem);
  }
  return out;
}

/** What each access change says in a refusal. */
const ACCESS_CHANGE_WORDS: Record<AccessChange, string> = {
  widen_audience: 'make it public', narrow_audience: 'make it staff-only', clear_expiry: 'clear its expiry (validUntil)',
  extend_expiry: 'extend its expiry (validUntil)', set_expiry: 'set its expiry (validUntil)', shorten_expiry: 'shorten its expiry (validUntil)',
  unarchive: 'unarchive it', archive: 'archive it',
};

/** Refuses the whole call (nothing changed) when any item's change needs a permission the actor lacks (core/features/governance/access-rules.ts). */
async function assertAccessChanges(deps: GovernDeps, ids: number[], next: AccessPatchValues, actor: Actor) {
  for (const id of new Set(ids)) {
    const hit = await findGoverned(deps.catalog, id);
    if (!hit) continue; // change() names the missing ids
    for (const c of accessChangesOf(hit.row, next)) {
      assertCanAny(actor, ACCESS_CHANGE_PERMISSIONS[c], `${ACCESS_CHANGE_WORDS[c]} (item ${id}; widening who may see an item is a reviewer's decision)`);
    }
  }
}

/**
 * Audience and/or expiry of items. Narrowing (staff-only, an earlier expiry,
 * archiving) is an editor's change (`edit`, or `review`); widening (public, a
 * later or no expiry, unarchiving) needs `review`, like approving (access-rules.ts).
 */
export async function setAccess(deps: GovernDeps, ids: number[], patch: { audience?: unknown; validUntil?: unknown; archived?: unknown }, actor: Actor) {
  assertCanAny(actor, EDIT_OR_REVIEW, 'change who may see items');
  if (patch.archived !== undefined) {
    // Archived (its file left the synced folder): never public, listed as archived; false brings it back.
    if (patch.audience !== undefined || patch.validUntil !== undefined) throw new AppError('validation', 'Archive or unarchive on its own, without audience or validUntil');
    const archived = patch.archived === true || patch.archived === 'true';
    await assertAccessChanges(deps, ids, { archived }, actor);
    const at = (deps.now?.() ?? new Date()).toISOString();
    return change(deps, ids, 'archive', actor, () => ({ archivedAt: archived ? at : null }));
  }
  const next: Partial<Governed> = {};
  if (patch.audience !== undefined) next.audience = parseAudience(patch.audience);
  if (patch.validUntil !== undefined) {
    next.validUntil = parseValidUntil(patch.validUntil);
    next.expiryRecordedAt = null;
  }
  if (Object.keys(next).length === 0) throw new AppError('validation', 'Give audience and/or validUntil (or archived)');
  await assertAccessChanges(deps, ids, { audience: next.audience, validUntil: next.validUntil }, actor);
  return change(deps, ids, next.audience !== undefined ? 'audience' : 'expiry', actor, () => next);
}
