import { Eye, FileText, Film, Image as ImageIcon, Pencil, Plus, Presentation, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentType } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { Label, Select } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { TableHeader } from '../../../components/table-parts';
import { RowMenu, type RowMenuItem } from '../../../components/ui/row-menu';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { focusAfter } from '../../../lib/focus-after';
import { formatBytes, formatDate, sortById } from '../../../lib/format';
import { useDeleteContent } from '../api/delete-content';
import { useContent } from '../api/get-content';

type Kind = ContentType | 'other';

/** The rows-per-page choices; the server answers at most 1,000 rows a page. */
const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

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

/**
 * `onEdit`: the caller's edit dialog for an item (documents); without it the row menu has no Edit.
 */
/** Where the source viewer shows an item: a PDF from its first page, a deck from its first slide, a video from its start. */
const viewerPath = (type: 'document' | 'presentation' | 'video', item: ContentItem) =>
  `/view/${type}/${item.id}${type === 'document' && /\.pdf$/i.test(item.fileName) ? '?page=1' : type === 'presentation' ? '?slide=1' : ''}`;

export function ContentList({ type, onAdd, translations, onEdit, extraMenu }: {
  type?: ContentType; onAdd: () => void; translations?: TranslationColumns; onEdit?: (item: ContentItem) => void;
  /** More items for a row's menu, given by the app (Versions, Replace file). */
  extraMenu?: (item: ContentItem) => RowMenuItem[];
}) {
  const { t } = useTranslation();
  const kind: Kind = type ?? 'other';
  // The table pages through the server: only the page shown is fetched, the total comes from X-Total-Count.
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [type]);
  const query = useContent(type, pageSize, page * pageSize);
  const sizeId = useId();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A delete can empty the last page: show the new last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages - 1) setPage(pages - 1);
  }, [query.data, query.isPlaceholderData, page, pages]);
  const del = useDeleteContent();
  // After a delete the focus goes to the next row's menu (the deleted row's is gone), not to the page body.
  const pendingFocus = useRef<{ before: number[]; acted: number[]; at: number } | null>(null);
  const listed = query.data ? sortById(query.data.items).map((i) => i.id).join(',') : '';
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p || !query.data || query.dataUpdatedAt < p.at) return;
    pendingFocus.current = null;
    const next = focusAfter(p.before, p.acted, listed ? listed.split(',').map(Number) : []);
    requestAnimationFrame(() => {
      const row = next === null ? null : document.querySelector<HTMLElement>(`[data-testid="content-list"] tr[data-id="${next}"] [aria-haspopup="menu"]`);
      (row ?? document.querySelector<HTMLElement>('[data-testid="content-list"] button'))?.focus();
    });
  }, [listed, query.data, query.dataUpdatedAt]);

  const headers: Record<Kind, string[]> = {
    // The columns that matter first, so the table fits 1,280 px in every language: the uploaded file and its
    // date sit under the title; Edit and Delete are in the row's menu beside Translate.
    document: [t('content.id'), t('content.contentTitle'), t('content.status'), t('content.convertedFile'), t('content.translationStatus'), t('content.updatedAt'), t('content.action')],
    presentation: [t('content.id'), t('content.title'), t('content.status'), t('content.tags'), t('content.language'), t('content.action')],
    video: [t('content.id'), t('content.title'), t('content.status'), t('content.tags'), t('content.translatedFile'), t('content.actions')],
    other: [t('content.title'), t('content.type'), t('content.uploadDate'), t('content.status'), t('content.actions')],
  };

  const actions = (item: ContentItem) => {
    const menu: RowMenuItem[] = [
      ...(onEdit ? [{ label: t('common.edit'), icon: <Pencil aria-hidden />, onSelect: () => onEdit(item) }] : []),
      ...(extraMenu ? extraMenu(item) : []),
      // The item in the source viewer (a PDF at its first page), as a citation opens it.
      ...(type ? [{ label: t('content.openViewer'), icon: <Eye aria-hidden />, onSelect: () => window.open(viewerPath(type, item), '_blank', 'noopener') }] : []),
      {
        label: t('common.delete'), icon: <Trash2 aria-hidden />, destructive: true, disabled: del.isPending && del.variables === item.id,
        onSelect: () => {
          if (!window.confirm(t('content.confirmDelete', { title: item.title }))) return;
          const before = items.map((i) => i.id);
          del.mutate(item.id, { onSuccess: () => { pendingFocus.current = { before, acted: [item.id], at: Date.now() }; } });
        },
      },
    ];
    return (
      <div className="flex items-center gap-1">
        {translations && (item.type === 'document' || item.type === 'presentation' || item.type === 'video') ? translations.action(item) : null}
        <RowMenu label={t('content.actionsNamed', { title: item.title })} items={menu} />
      </div>
    );
  };

  /** The item's title with its file and date under it (one cell, so the table fits). */
  const titleCell = (item: ContentItem, date: string, extra?: ReactNode) => (
    <div className="grid max-w-72 gap-0.5">
      <span dir="auto" className="truncate text-start font-medium" title={item.title}>{item.title}</span>
      <span className="truncate text-xs text-muted-foreground" title={`${t('content.uploadedFile')}: ${item.fileName}`}>
        <span dir="auto">{item.fileName}</span> · {date} {formatDate(item.uploadDate)}
      </span>
      {extra}
    </div>
  );

  const cells = (item: ContentItem): ReactNode[] => {
    const tags = item.tags && item.tags.length ? item.tags.join(', ') : t('content.noTags');
    switch (kind) {
      case 'document':
        return [
          item.id,
          titleCell(item, t('content.createdAt')),
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
          translations ? translations.status(item) : item.needsTranslation ? t('content.required') : t('content.notNeeded'),
          item.approvedDate ? formatDate(item.approvedDate) : <span className="text-muted-foreground">{t('content.notUpdated')}</span>,
          actions(item),
        ];
      case 'presentation':
        return [
          item.id,
          titleCell(item, t('content.createdAt')),
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          <span className="text-muted-foreground">{t('content.noTags')}</span>,
          <span className="text-muted-foreground">{t('common.notSpecified')}</span>,
          actions(item),
        ];
      case 'video':
        return [
          item.id,
          titleCell(item, t('content.uploadedAt'), item.description
            ? <span className="truncate text-xs text-muted-foreground" title={item.description}>{item.description}</span> : null),
          <span className="inline-flex flex-wrap gap-1"><StatusBadge status={item.status} /><ReviewBadge item={item} /></span>,
          <span className="block max-w-48 truncate text-muted-foreground" title={tags}>{tags}</span>,
          // The translated MP4s, when there are (the same cell as documents').
          translations ? translations.convertedFile(item) : <span className="text-muted-foreground">{t('content.notAvailable')}</span>,
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
  const items = sortById(query.data.items);
  const n = items.length;
  const from = n === 0 ? 0 : page * pageSize + 1;
  const to = n === 0 ? 0 : page * pageSize + n;

  return (
    <div className="grid gap-3" data-testid="content-list">
      <div className="flex justify-end">
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden />
          {t('content.add')}
        </Button>
      </div>
      {total === 0 ? (
        <EmptyState icon={FileText} title={t('content.empty')} hint={t('content.emptyHint')} />
      ) : (
        <Table>
          <TableHeader columns={headers[kind]} />
          <TBody>
            {items.map((item) => (
              <TR key={item.id} data-id={item.id}>
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
      <nav aria-label={t('content.pagination')} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-1 text-sm text-muted-foreground">
        <p aria-live="polite" data-testid="content-showing">{t('content.showing', { from, to, total })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={sizeId} className="font-normal">{t('content.rowsPerPage')}</Label>
          <span className="w-24">
            <Select id={sizeId} value={pageSize} onChange={(e) => { setPageSize(Number(e.target.value)); setPage(0); }}>
              {PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
            </Select>
          </span>
          <span data-testid="content-page">{t('content.pageOf', { page: Math.min(page, pages - 1) + 1, pages })}</span>
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>
            {t('content.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages - 1} onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}>
            {t('content.next')}
          </Button>
        </div>
      </nav>
    </div>
  );
}
