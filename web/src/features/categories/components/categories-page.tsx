import { Pencil, Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { DeleteIconButton, TableHeader } from '../../../components/table-parts';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { formatDate, sortById } from '../../../lib/format';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { CategoryDialog } from './category-dialog';
import { Ltr } from '../../../components/ltr';

export function CategoriesPage() {
  const { t } = useTranslation();
  const query = useCategories();
  const del = useDeleteCategory();
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null);

  const addButton = (
    <Button onClick={() => setDialog({ category: null })}>
      <Plus aria-hidden />
      {t('categories.add')}
    </Button>
  );

  return (
    <section>
      <PageHeader title={t('categories.title')} description={t('categories.subtitle')} actions={addButton} />
      {query.isPending ? (
        <SkeletonRows />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={Tags} title={t('categories.empty')} hint={t('categories.emptyHint')} action={addButton} />
      ) : (
        <Table data-testid="categories-table">
          <TableHeader columns={[t('categories.name'), t('categories.description'), t('categories.createdDate'), t('categories.status')]} actions={t('categories.actions')} />
          <TBody>
            {sortById(query.data).map((c) => (
              <TR key={c.id}>
                <TD main className="font-medium">{c.name}</TD>
                <TD main className="max-w-md text-muted-foreground">{c.description || '—'}</TD>
                <TD className="whitespace-nowrap" label={t('categories.createdDate')}>
                  <Ltr>{formatDate(c.createdDate)}</Ltr>
                </TD>
                <TD>
                  <Badge tone={c.isActive ? 'green' : 'gray'}>{c.isActive ? t('categories.active') : t('categories.inactive')}</Badge>
                </TD>
                <TD actions>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={t('categories.editNamed', { name: c.name })} title={t('common.edit')} onClick={() => setDialog({ category: c })}>
                      <Pencil aria-hidden />
                    </Button>
                    <DeleteIconButton
                      label={t('categories.deleteNamed', { name: c.name })}
                      disabled={del.isPending && del.variables === c.id}
                      onClick={() => {
                        if (window.confirm(t('categories.confirmDelete', { name: c.name }))) del.mutate(c.id);
                      }}
                    />
                  </div>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {dialog ? <CategoryDialog category={dialog.category} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
