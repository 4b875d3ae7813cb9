import type { Catalog } from '../catalog/types';
import { publicUrlForKey } from '../storage/layout';
import { AppError } from '../errors';
import { isExpired, visibilityOf } from '../governance/visibility';
import { failedInTranslation } from '../jobs/status';
import type { Coded, ContentItem, ContentType, DashboardMetrics, Document, Governed, Presentation, ReviewFilter, TranslationRecord, Video, Visibility } from '../types';
import type { Static } from 'typebox';
import type * as S from '../schemas/index';

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

/** A new version's draft record (core/governance/versions.ts): never listed, counted or reviewed by itself. */
export const isDraft = (r: { versionOf?: number | null }) => r.versionOf != null;
const listed = (r: { versionOf?: number | null }) => !isDraft(r);

/** The generic content list: documents, presentations and videos as content items, by id. */
export async function listContent(catalog: Catalog, type?: string, now: Date = new Date()): Promise<ContentItem[]> {
  const out: ContentItem[] = [];
  if (!type || type === 'document') {
    out.push(...(await catalog.documents.list(listed)).map((d) => asItem('document', d, d.title, d.description, d.needsTranslation, now)));
  }
  if (!type || type === 'presentation') {
    out.push(...(await catalog.presentations.list(listed)).map((p) => asItem('presentation', p, p.label, p.description, !!p.languageto, now)));
  }
  if (!type || type === 'video') {
    out.push(...(await catalog.videos.list(listed)).map((v) => asItem('video', v, v.label, v.description, v.needsTranslation, now)));
  }
  const known = ['document', 'presentation', 'video'];
  if (!type || !known.includes(type)) {
    out.push(...(await catalog.contentItems.list((c) => !type || c.type === type)).map((c) => ({ ...c, ...governedView(c, now), approvedDate: c.approvedDate ?? null })));
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Items waiting for a reviewer: review pending and not failed (a failed upload is retried or deleted, not reviewed). */
export const awaitsReview = (x: Governed & { status?: string; stepCode?: Coded | null; versionOf?: number | null; pendingVersion?: unknown }) =>
  !isDraft(x) && !x.archivedAt && (((x.review ?? 'pending') === 'pending' && (x.status !== 'failed' || failedInTranslation(x))) || !!x.pendingVersion);

/** The review list: items by review state, or expired, or staff-only, or all. */
export async function reviewList(catalog: Catalog, filter: ReviewFilter = 'pending', now: Date = new Date()): Promise<ContentItem[]> {
  const all = await listContent(catalog, undefined, now);
  switch (filter) {
    case 'all': return all;
    case 'pending': return all.filter(awaitsReview);
    case 'approved': case 'rejected': return all.filter((x) => x.review === filter);
    case 'expired': return all.filter((x) => isExpired(x, now));
    case 'staff': return all.filter((x) => x.audience === 'staff');
    case 'archived': return all.filter((x) => !!x.archivedAt);
    default: {
      const never: never = filter;
      throw new AppError('validation', `Unknown review filter ${String(never)}`);
    }
  }
}

/** `botResponses`: answers given by both bots (the conversation store's exchange count). */
export async function dashboardMetrics(catalog: Catalog, botResponses: number): Promise<DashboardMetrics> {
  const pendingApprovals = (await catalog.documents.count(awaitsReview)) + (await catalog.presentations.count(awaitsReview)) +
    (await catalog.videos.count(awaitsReview)) + (await catalog.contentItems.count(awaitsReview));
  const botImages = await catalog.botImages.count();
  const presentationImages = await catalog.presentationImages.count();
  return {
    totalDocuments: await catalog.documents.count(listed),
    totalVideos: await catalog.videos.count(listed),
    totalPresentations: await catalog.presentations.count(listed),
    pendingApprovals,
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
