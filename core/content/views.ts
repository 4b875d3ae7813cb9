import type { Catalog } from '../catalog/types';
import type { ContentItem, ContentType, DashboardMetrics, Document, Presentation, Video } from '../types';

const asItem = (type: ContentType, r: Document | Presentation | Video, title: string, description: string, approvedDate: string | null, needsTranslation: boolean): ContentItem => ({
  id: r.id, type, title, status: r.status, fileName: r.fileName, fileType: r.fileType, fileSize: r.fileSize,
  uploadDate: r.createdAt, approvedDate, needsTranslation, description, progress: r.progress, step: r.step, stepCode: r.stepCode ?? null, error: r.error, errorCode: r.errorCode ?? null,
});

/** The generic content list: documents, presentations and videos as content items, by id. */
export function listContent(catalog: Catalog, type?: string): ContentItem[] {
  const out: ContentItem[] = [];
  if (!type || type === 'document') {
    out.push(...catalog.documents.list().map((d) => asItem('document', d, d.title, d.description, d.approvedDate, d.needsTranslation)));
  }
  if (!type || type === 'presentation') {
    out.push(...catalog.presentations.list().map((p) => asItem('presentation', p, p.label, p.description, null, !!p.languageto)));
  }
  if (!type || type === 'video') {
    out.push(...catalog.videos.list().map((v) => asItem('video', v, v.label, v.description, null, v.needsTranslation)));
  }
  const known = ['document', 'presentation', 'video'];
  if (!type || !known.includes(type)) out.push(...catalog.contentItems.list((c) => !type || c.type === type));
  return out.sort((a, b) => a.id - b.id);
}

const PENDING = new Set(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

export function dashboardMetrics(catalog: Catalog): DashboardMetrics {
  const running = (x: { status: string }) => PENDING.has(x.status);
  const pendingApprovals = catalog.documents.count(running) + catalog.presentations.count(running) + catalog.videos.count(running) +
    catalog.contentItems.count((x) => x.status === 'pending');
  const botImages = catalog.botImages.count();
  const presentationImages = catalog.presentationImages.count();
  return {
    totalDocuments: catalog.documents.count(),
    totalVideos: catalog.videos.count(),
    totalPresentations: catalog.presentations.count(),
    pendingApprovals,
    botResponses: catalog.counters.get('botResponses'),
    totalImages: botImages + presentationImages,
    botImages,
    presentationImages,
  };
}

export interface TranslationRow {
  id: number;
  title: string;
  description: string;
  targetLanguage: string | null;
  state: string;
  error: string | null;
  fileKey: string | null;
}

/** Items that asked for a translation, with its state. */
export function translationRows(catalog: Catalog, type: 'presentation' | 'video'): TranslationRow[] {
  const rows = type === 'presentation' ? catalog.presentations.list() : catalog.videos.list();
  return rows
    .filter((r) => r.translation.state !== 'none')
    .map((r) => ({
      id: r.id, title: r.label, description: r.description, targetLanguage: r.translation.targetLanguage,
      state: r.translation.state, error: r.translation.error, fileKey: r.translation.fileKey,
    }));
}
