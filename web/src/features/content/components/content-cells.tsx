import type { TFunction } from 'i18next';
import { FileText, Film, Image as ImageIcon, Presentation } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ContentItem, ContentType } from '@core/foundation/types';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { formatBytes, formatDate } from '../../../lib/format';

export type Kind = ContentType | 'other';

/** Translation cells and the row's Translate action, given by the app (features do not import each other). */
export interface TranslationColumns {
  convertedFile: (item: ContentItem) => ReactNode;
  status: (item: ContentItem) => ReactNode;
  action: (item: ContentItem) => ReactNode;
}

function TypeIcon({ type }: { type: string }) {
  const cls = 'size-4 text-muted-foreground';
  if (type === 'presentation') return <Presentation className={cls} aria-hidden />;
  if (type === 'video') return <Film className={cls} aria-hidden />;
  if (type === 'image') return <ImageIcon className={cls} aria-hidden />;
  return <FileText className={cls} aria-hidden />; // unknown types use the document look
}

/** The generic content table's column headers; they depend on the type (spec section 2). */
export const contentHeaders = (t: TFunction): Record<Kind, string[]> => ({
  // The columns that matter first, so the table fits 1,280 px in every language: the uploaded file and its
  // date sit under the title; Edit and Delete are in the row's menu beside Translate.
  document: [t('content.id'), t('content.contentTitle'), t('content.status'), t('content.convertedFile'), t('content.translationStatus'), t('content.updatedAt'), t('content.action')],
  presentation: [t('content.id'), t('content.title'), t('content.status'), t('content.tags'), t('content.language'), t('content.action')],
  video: [t('content.id'), t('content.title'), t('content.status'), t('content.tags'), t('content.translatedFile'), t('content.actions')],
  other: [t('content.title'), t('content.type'), t('content.uploadDate'), t('content.status'), t('content.actions')],
});

/** The item's title with its file and date under it (one cell, so the table fits). */
const titleCell = (t: TFunction, item: ContentItem, date: string, extra?: ReactNode) => (
  <div className="grid max-w-72 gap-0.5">
    <span dir="auto" className="truncate text-start font-medium" title={item.title}>{item.title}</span>
    <span className="truncate text-xs text-muted-foreground" title={`${t('content.uploadedFile')}: ${item.fileName}`}>
      <span dir="auto">{item.fileName}</span> · {date} {formatDate(item.uploadDate)}
    </span>
    {extra}
  </div>
);

const statusCell = (item: ContentItem) => <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>;

/** A row's cells for the type shown; `actions` is the row's last cell. */
export function contentCells(t: TFunction, kind: Kind, item: ContentItem, translations: TranslationColumns | undefined, actions: ReactNode): ReactNode[] {
  const tags = item.tags && item.tags.length ? item.tags.join(', ') : t('content.noTags');
  switch (kind) {
    case 'document':
      return [
        item.id,
        titleCell(t, item, t('content.createdAt')),
        statusCell(item),
        translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
        translations ? translations.status(item) : item.needsTranslation ? t('content.required') : t('content.notNeeded'),
        item.approvedDate ? formatDate(item.approvedDate) : <span className="text-muted-foreground">{t('content.notUpdated')}</span>,
        actions,
      ];
    case 'presentation':
      return [
        item.id,
        titleCell(t, item, t('content.createdAt')),
        statusCell(item),
        <span className="text-muted-foreground">{t('content.noTags')}</span>,
        <span className="text-muted-foreground">{t('common.notSpecified')}</span>,
        actions,
      ];
    case 'video':
      return [
        item.id,
        titleCell(t, item, t('content.uploadedAt'), item.description
          ? <span className="truncate text-xs text-muted-foreground" title={item.description}>{item.description}</span> : null),
        statusCell(item),
        <span className="block max-w-48 truncate text-muted-foreground" title={tags}>{tags}</span>,
        // The translated MP4s, when there are (the same cell as documents').
        translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
        actions,
      ];
    case 'other':
      return [
        <div className="flex items-center gap-3">
          <TypeIcon type={String(item.type)} />
          <div>
            <div className="font-medium">{item.title}</div>
            <div className="text-xs text-muted-foreground">
              {item.fileType || '—'} · {formatBytes(item.fileSize)}
            </div>
          </div>
        </div>,
        <span className="capitalize">{String(item.type)}</span>,
        formatDate(item.uploadDate),
        statusCell(item),
        actions,
      ];
    default: {
      const never: never = kind;
      return never;
    }
  }
}
