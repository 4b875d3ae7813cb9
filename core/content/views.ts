import type { Catalog } from '../catalog/types';
import { publicUrlForKey } from '../storage/layout';
import type { ContentItem, ContentType, DashboardMetrics, Document, Presentation, TranslationRecord, Video } from '../types';

const asItem = (type: ContentType, r: Document | Presentation | Video, title: string, description: string, approvedDate: string | null, needsTranslation: boolean): ContentItem => ({
  id: r.id, type, title, status: r.status, fileName: r.fileName, fileType: r.fileType, fileSize: r.fileSize,
  uploadDate: r.createdAt, approvedDate, needsTranslation, description, progress: r.progress, step: r.step, stepCode: r.stepCode ?? null, error: r.error, errorCode: r.errorCode ?? null,
});

/** The generic content list: documents, presentations and videos as content items, by id. */
export async function listContent(catalog: Catalog, type?: string): Promise<ContentItem[]> {
  const out: ContentItem[] = [];
  if (!type || type === 'document') {
    out.push(...(await catalog.documents.list()).map((d) => asItem('document', d, d.title, d.description, d.approvedDate, d.needsTranslation)));
  }
  if (!type || type === 'presentation') {
    out.push(...(await catalog.presentations.list()).map((p) => asItem('presentation', p, p.label, p.description, null, !!p.languageto)));
  }
  if (!type || type === 'video') {
    out.push(...(await catalog.videos.list()).map((v) => asItem('video', v, v.label, v.description, null, v.needsTranslation)));
  }
  const known = ['document', 'presentation', 'video'];
  if (!type || !known.includes(type)) out.push(...await catalog.contentItems.list((c) => !type || c.type === type));
  return out.sort((a, b) => a.id - b.id);
}

const PENDING = new Set(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

/** `botResponses`: answers given by both bots (the conversation store's exchange count). */
export async function dashboardMetrics(catalog: Catalog, botResponses: number): Promise<DashboardMetrics> {
  const running = (x: { status: string }) => PENDING.has(x.status);
  const pendingApprovals = await catalog.documents.count(running) + await catalog.presentations.count(running) + await catalog.videos.count(running) +
    await catalog.contentItems.count((x) => x.status === 'pending');
  const botImages = await catalog.botImages.count();
  const presentationImages = await catalog.presentationImages.count();
  return {
    totalDocuments: await catalog.documents.count(),
    totalVideos: await catalog.videos.count(),
    totalPresentations: await catalog.presentations.count(),
    pendingApprovals,
    botResponses,
    totalImages: botImages + presentationImages,
    botImages,
    presentationImages,
  };
}

export interface TranslationRow {
  /** The item's id. */
  id: number;
  title: string;
  description: string;
  targetLanguage: string | null;
  state: string;
  error: string | null;
  fileKey: string | null;
  /** The translation record (presentations and documents; absent for video rows). */
  translation?: TranslationRecord;
}

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
