import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../../../core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
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
          <THead>
            <tr>
              <TH>{t('categories.name')}</TH>
              <TH>{t('categories.description')}</TH>
              <TH>{t('categories.createdDate')}</TH>
              <TH>{t('categories.status')}</TH>
              <TH className="text-end">{t('categories.actions')}</TH>
            </tr>
          </THead>
          <TBody>
            {sortById(query.data).map((c) => (
              <TR key={c.id}>
                <TD className="font-medium">{c.name}</TD>
                <TD className="max-w-md text-muted-foreground">{c.description || '—'}</TD>
                <TD className="whitespace-nowrap">
                  <Ltr>{formatDate(c.createdDate)}</Ltr>
                </TD>
                <TD>
                  <Badge tone={c.isActive ? 'green' : 'gray'}>{c.isActive ? t('categories.active') : t('categories.inactive')}</Badge>
                </TD>
                <TD>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={t('categories.editNamed', { name: c.name })} title={t('common.edit')} onClick={() => setDialog({ category: c })}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:bg-red-50 hover:text-destructive"
                      aria-label={t('categories.deleteNamed', { name: c.name })}
                      title={t('common.delete')}
                      disabled={del.isPending && del.variables === c.id}
                      onClick={() => {
                        if (window.confirm(t('categories.confirmDelete', { name: c.name }))) del.mutate(c.id);
                      }}
                    >
                      <Trash2 aria-hidden />
                    </Button>
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
