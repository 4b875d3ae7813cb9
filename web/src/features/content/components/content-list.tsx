import { FileText, Film, Image as ImageIcon, Pencil, Plus, Presentation } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentType } from '@core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { DeleteIconButton, TableHeader } from '../../../components/table-parts';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { formatBytes, formatDate, sortById } from '../../../lib/format';
import { useDeleteContent } from '../api/delete-content';
import { useContent } from '../api/get-content';

type Kind = ContentType | 'other';

function TypeIcon({ type }: { type: string }) {
  const cls = 'size-4 text-muted-foreground';
  if (type === 'presentation') return <Presentation className={cls} aria-hidden />;
  if (type === 'video') return <Film className={cls} aria-hidden />;
  if (type === 'image') return <ImageIcon className={cls} aria-hidden />;
  return <FileText className={cls} aria-hidden />; // unknown types use the document look
}

/** The generic content table; its columns depend on the type (spec section 2). */
/** Translation cells and the row's Translate action, given by the app (features do not import each other). */
export interface TranslationColumns {
  convertedFile: (item: ContentItem) => ReactNode;
  status: (item: ContentItem) => ReactNode;
  action: (item: ContentItem) => ReactNode;
}

export function ContentList({ type, onAdd, translations }: { type?: ContentType; onAdd: () => void; translations?: TranslationColumns }) {
  const { t } = useTranslation();
  const kind: Kind = type ?? 'other';
  const query = useContent(type);
  const del = useDeleteContent();

  const headers: Record<Kind, string[]> = {
    // The columns that matter first, so the table fits 1,280 px in every language: the uploaded file and the
    // creation date sit under the title, the update date beside the status.
    document: [t('content.id'), t('content.contentTitle'), t('content.status'), t('content.convertedFile'), t('content.translationStatus'), t('content.updatedAt'), t('content.action')],
    presentation: [t('content.id'), t('content.status'), t('content.title'), t('content.tags'), t('content.language'), t('content.file'), t('content.createdAt'), t('content.action')],
    video: [t('content.id'), t('content.title'), t('content.status'), t('content.tags'), t('content.description'), t('content.originalFile'), t('content.translatedFile'), t('content.uploadedAt'), t('content.actions')],
    other: [t('content.title'), t('content.type'), t('content.uploadDate'), t('content.status'), t('content.actions')],
  };

  const actions = (item: ContentItem) => (
    <div className="flex items-center gap-1">
      {translations && (item.type === 'document' || item.type === 'presentation' || item.type === 'video') ? translations.action(item) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('content.editNamed', { title: item.title })}
        title={t('common.edit')}
        onClick={() => toast({ title: t('content.editTitle'), description: t('content.editNotImplemented') })}
      >
        <Pencil aria-hidden />
      </Button>
      <DeleteIconButton
        label={t('content.deleteNamed', { title: item.title })}
        disabled={del.isPending && del.variables === item.id}
        onClick={() => {
          if (window.confirm(t('content.confirmDelete', { title: item.title }))) del.mutate(item.id);
        }}
      />
    </div>
  );

  const cells = (item: ContentItem): ReactNode[] => {
    const tags = item.tags && item.tags.length ? item.tags.join(', ') : t('content.noTags');
    switch (kind) {
      case 'document':
        return [
          item.id,
          <div className="grid max-w-64 gap-0.5">
            <span className="truncate font-medium" title={item.title}>{item.title}</span>
            <span className="truncate text-xs text-muted-foreground" title={`${t('content.uploadedFile')}: ${item.fileName}`}>
              <span dir="auto">{item.fileName}</span> · {t('content.createdAt')} {formatDate(item.uploadDate)}
            </span>
          </div>,
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
          translations ? translations.status(item) : item.needsTranslation ? t('content.required') : t('content.notNeeded'),
          item.approvedDate ? formatDate(item.approvedDate) : <span className="text-muted-foreground">{t('content.notUpdated')}</span>,
          actions(item),
        ];
      case 'presentation':
        return [
          item.id,
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          <span className="font-medium">{item.title}</span>,
          <span className="text-muted-foreground">{t('content.noTags')}</span>,
          <span className="text-muted-foreground">{t('common.notSpecified')}</span>,
          <span className="text-muted-foreground">{item.fileName}</span>,
          formatDate(item.uploadDate),
          actions(item),
        ];
      case 'video':
        return [
          item.id,
          <span className="font-medium">{item.title}</span>,
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          <span className="text-muted-foreground">{tags}</span>,
          <span className="line-clamp-2 max-w-56 whitespace-normal text-muted-foreground">{item.description || '—'}</span>,
          <span className="text-muted-foreground">{item.fileName}</span>,
          // The translated MP4s, when there are (the same cell as documents').
          translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
          formatDate(item.uploadDate),
          actions(item),
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
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          actions(item),
        ];
      default: {
        const never: never = kind;
        return never;
      }
    }
  };

  if (query.isPending) return <SkeletonRows />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = sortById(query.data);
  const n = items.length;

  return (
    <div className="grid gap-3" data-testid="content-list">
      <div className="flex justify-end">
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden />
          {t('content.add')}
        </Button>
      </div>
      {n === 0 ? (
        <EmptyState icon={FileText} title={t('content.empty')} hint={t('content.emptyHint')} />
      ) : (
        <Table>
          <TableHeader columns={headers[kind]} />
          <TBody>
            {items.map((item) => (
              <TR key={item.id}>
                {cells(item).map((c, i, all) => (
                  <TD key={i} className="whitespace-nowrap" label={i < all.length - 1 ? headers[kind][i] : undefined} actions={i === all.length - 1}>
                    {c}
                  </TD>
                ))}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <nav aria-label={t('content.pagination')} className="flex items-center justify-between gap-4 px-1 text-sm text-muted-foreground">
        <p>{t('content.showing', { from: n === 0 ? 0 : 1, to: n, total: n })}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled>
            {t('content.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled>
            {t('content.next')}
          </Button>
        </div>
      </nav>
    </div>
  );
}
