import { meets } from '../../engines/catalog/query';
import type { Catalog, Collection, Cond, WithId } from '../../engines/catalog/types';
import { publicUrlForKey } from '../../engines/storage/layout';
import { AppError } from '../../foundation/errors';
import { isExpired, visibilityOf } from '../governance/visibility';
import { failedInTranslation } from '../../engines/jobs/status';
import type { Coded, ContentItem, ContentType, DashboardMetrics, Document, Governed, Page, Presentation, ReviewFilter, TranslationRecord, Video, Visibility } from '../../foundation/types';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

/** The review, audience and expiry of a record, with what they mean now. */
export const governedView = (r: Governed & { status?: string; fileKey?: string }, now: Date): Governed & { visibility: Visibility } => ({
  review: r.review ?? 'pending', approvedDate: r.approvedDate ?? null, approvedBy: r.approvedBy ?? null, reviewNote: r.reviewNote ?? null,
  reviewedAt: r.reviewedAt ?? null, reviewedBy: r.reviewedBy ?? null, audience: r.audience ?? 'public', validUntil: r.validUntil ?? null,
  visibility: visibilityOf(r, now),
});

const asItem = (type: ContentType, r: Document | Presentation | Video, title: string, description: string, needsTranslation: boolean, now: Date): ContentItem => ({
  id: r.id, type, title, status: r.status, fileName: r.fileName, fileType: r.fileType, fileSize: r.fileSize,
  uploadDate: r.createdAt, needsTranslation, description, progress: r.progress, step: r.step, stepCode: r.stepCode ?? null, error: r.error, errorCode: r.errorCode ?? null,
  ...governedView(r, now), approvedDate: r.approvedDate ?? null, archivedAt: r.archivedAt ?? null,
  pendingVersion: pendingOf(r), versionCount: r.versions?.length ?? 1,
});

/** The new version waiting on an item, as lists show it. */
function pendingOf(r: Document | Presentation | Video): ContentItem['pendingVersion'] {
  const p = r.pendingVersion;
  if (!p) return null;
  const v = r.versions?.find((x) => x.n === p.n);
  return { n: p.n, fileName: v?.fileName ?? '', status: v?.state ?? 'pending' };
}

/**
 * A new version's draft record (core/features/governance/versions.ts): never listed, counted or reviewed by itself.
 * The conditions here are answered by the catalog itself (in SQL in PostgreSQL); the functions are their meaning for one row.
 */
export const LISTED: Cond = { path: 'versionOf', set: false };
export const isDraft = (r: { versionOf?: number | null }) => !meets(r, LISTED);

/**
 * Items waiting for a reviewer: review pending and not failed (a failed upload is retried or deleted, not
 * reviewed; one whose translation failed is), or a new version waiting; never drafts or archived items.
 */
export const AWAITS_REVIEW: Cond = {
  and: [LISTED, { path: 'archivedAt', set: false }, {
    or: [
      { and: [
        { or: [{ path: 'review', set: false }, { path: 'review', eq: 'pending' }] },
        { or: [{ not: { path: 'status', eq: 'failed' } }, { path: 'stepCode.code', eq: 'translate_failed' }] },
      ] },
      { path: 'pendingVersion', set: true },
    ],
  }],
};
export const awaitsReview = (x: Governed & { status?: string; stepCode?: Coded | null; versionOf?: number | null; pendingVersion?: unknown }) =>
  meets(x, AWAITS_REVIEW);

export { LIST_PAGE_MAX } from '../../foundation/types';

/** A page of a list: `limit` rows from `offset` (by id); without a limit, every row (core/foundation/schemas PageQuery). */
export type { Page };

/** One collection's rows as content items, with the query that picks them. */
interface Source<R extends WithId = any> {
  rows: Collection<R>;
  where?: Record<string, unknown>;
  view: (r: R, now: Date) => ContentItem;
}

function sourcesOf(catalog: Catalog, type?: string): Source[] {
  const out: Source[] = [];
  if (!type || type === 'document') out.push({ rows: catalog.documents, view: (d: Document, now) => asItem('document', d, d.title, d.description, d.needsTranslation, now) });
  if (!type || type === 'presentation') {
    out.push({ rows: catalog.presentations, view: (p: Presentation, now) => asItem('presentation', p, p.label, p.description, !!p.languageto, now) });
  }
  if (!type || type === 'video') out.push({ rows: catalog.videos, view: (v: Video, now) => asItem('video', v, v.label, v.description, v.needsTranslation, now) });
  if (!type || !['document', 'presentation', 'video'].includes(type)) {
    out.push({
      rows: catalog.contentItems, where: type ? { type } : undefined,
      view: (c: ContentItem, now) => ({ ...c, ...governedView(c, now), approvedDate: c.approvedDate ?? null }),
    });
  }
  return out;
}

/**
 * The generic content list (documents, presentations, videos and other content as content items, by id),
 * optionally only rows meeting `cond`, one page of it, and how many rows there are in all. Each collection
 * is asked for its first offset + limit rows (in SQL in PostgreSQL), so a page never reads a whole collection.
 */
export async function contentPage(
  catalog: Catalog, options: { type?: string; cond?: Cond; page?: Page; total?: boolean; now?: Date } = {},
): Promise<{ items: ContentItem[]; total: number | null }> {
  const now = options.now ?? new Date();
  const cond: Cond = options.cond ? { and: [LISTED, options.cond] } : LISTED;
  const offset = Math.max(0, options.page?.offset ?? 0);
  const limit = options.page?.limit;
  const sources = sourcesOf(catalog, options.type);
  const [lists, counts] = await Promise.all([
    Promise.all(sources.map(async (s) => (await s.rows.list({ where: s.where, cond, afterId: options.page?.afterId, limit: limit === undefined ? undefined : offset + limit })).map((r) => s.view(r, now)))),
    options.total ? Promise.all(sources.map((s) => s.rows.count({ where: s.where, cond }))) : null,
  ]);
  const all = lists.flat().sort((a, b) => a.id - b.id);
  return { items: all.slice(offset, limit === undefined ? undefined : offset + limit), total: counts ? counts.reduce((a, b) => a + b, 0) : null };
}

/** The generic content list: documents, presentations and videos as content items, by id. */
export async function listContent(catalog: Catalog, type?: string, now: Date = new Date()): Promise<ContentItem[]> {
  return (await contentPage(catalog, { type, now })).items;
}

/** The review list: items by review state, or expired, or staff-only, or all. */
export async function reviewList(catalog: Catalog, filter: ReviewFilter = 'pending', now: Date = new Date()): Promise<ContentItem[]> {
  const page = (cond?: Cond) => contentPage(catalog, { cond, now }).then((p) => p.items);
  switch (filter) {
    case 'all': return page();
    case 'pending': return page(AWAITS_REVIEW);
    case 'approved': case 'rejected': return page({ path: 'review', eq: filter });
    case 'expired': return (await page({ path: 'validUntil', set: true })).filter((x) => isExpired(x, now));
    case 'staff': return page({ path: 'audience', eq: 'staff' });
    case 'archived': return page({ path: 'archivedAt', set: true });
    default: {
      const never: never = filter;
      throw new AppError('validation', `Unknown review filter ${String(never)}`);
    }
  }
}

/** `botResponses`: answers given by both bots (the conversation store's exchange count). */
export async function dashboardMetrics(catalog: Catalog, botResponses: number): Promise<DashboardMetrics> {
  // Counted by the catalog itself (one statement per collection in PostgreSQL), never by reading the rows here.
  const both = { listed: { cond: LISTED }, waiting: { cond: AWAITS_REVIEW } };
  const [documents, presentations, videos, other, botImages, presentationImages] = await Promise.all([
    catalog.documents.counts(both), catalog.presentations.counts(both), catalog.videos.counts(both),
    catalog.contentItems.count({ cond: AWAITS_REVIEW }), catalog.botImages.count(), catalog.presentationImages.count(),
  ]);
  return {
    totalDocuments: documents.listed,
    totalVideos: videos.listed,
    totalPresentations: presentations.listed,
    pendingApprovals: documents.waiting + presentations.waiting + videos.waiting + other,
    botResponses,
    totalImages: botImages + presentationImages,
    botImages,
    presentationImages,
  };
}

export type TranslationRow = Static<typeof S.TranslationRow>;

/**
 * The translations list of spec section 7: for presentations, one row per
 * translation record (item title and description with the record); videos
 * keep the request stored on the item until video translation exists.
 */
export async function translationRows(catalog: Catalog, type: 'presentation' | 'video'): Promise<TranslationRow[]> {
  const rows: TranslationRow[] = [];
  for (const t of await catalog.translations.list({ where: { itemType: type } })) {
    const p = await catalog.items(type).get(t.itemId);
    if (!p || !('label' in p)) continue;
    rows.push({
      id: p.id, title: p.label, description: p.description, targetLanguage: t.targetLanguage, state: t.state, error: t.error,
      fileKey: t.fileKey, translation: { ...t, filePath: t.fileKey ? publicUrlForKey(t.fileKey) : null },
    });
  }
  return rows;
}
