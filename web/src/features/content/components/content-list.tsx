import { FileText, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentType } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { TableHeader } from '../../../components/table-parts';
import type { RowMenuItem } from '../../../components/ui/row-menu';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { sortById } from '../../../lib/format';
import { useDeleteContent } from '../api/delete-content';
import { useContentPage, useFocusAfterDelete } from '../hooks/use-content-page';
import { contentCells, contentHeaders, type Kind, type TranslationColumns } from './content-cells';
import { ContentPager } from './content-pager';
import { ContentRowActions } from './content-row-actions';

export type { TranslationColumns } from './content-cells';

/**
 * The generic content table; its columns depend on the type (spec section 2).
 * `onEdit`: the caller's edit dialog for an item (documents); without it the row menu has no Edit.
 */
export function ContentList({ type, onAdd, translations, onEdit, extraMenu }: {
  type?: ContentType; onAdd: () => void; translations?: TranslationColumns; onEdit?: (item: ContentItem) => void;
  /** More items for a row's menu, given by the app (Versions, Replace file). */
  extraMenu?: (item: ContentItem) => RowMenuItem[];
}) {
  const { t } = useTranslation();
  const kind: Kind = type ?? 'other';
  const { query, total, pages, page, setPage, pageSize, setPageSize } = useContentPage(type);
  const del = useDeleteContent();
  const rememberDelete = useFocusAfterDelete(query.data, query.dataUpdatedAt);
  const headers = contentHeaders(t);

  if (query.isPending) return <SkeletonRows />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = sortById(query.data.items);
  const n = items.length;
  const from = n === 0 ? 0 : page * pageSize + 1;
  const to = n === 0 ? 0 : page * pageSize + n;
  const rowActions = { type, translations, onEdit, extraMenu, del, listedIds: () => items.map((i) => i.id), onDeleted: rememberDelete };

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
                {contentCells(t, kind, item, translations, <ContentRowActions item={item} {...rowActions} />).map((c, i, all) => (
                  <TD key={i} className="whitespace-nowrap" label={i < all.length - 1 ? headers[kind][i] : undefined} actions={i === all.length - 1}>
                    {c}
                  </TD>
                ))}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <ContentPager
        from={from} to={to} total={total} page={page} pages={pages} pageSize={pageSize}
        onPageSize={(size) => { setPageSize(size); setPage(0); }}
        onPage={setPage}
      />
    </div>
  );
}
