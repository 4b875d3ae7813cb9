import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Label, Select } from '../../../components/ui/input';
import { PAGE_SIZES } from '../hooks/use-content-page';

/** The table's pagination: "showing from-to of total", rows per page, page n of m, previous and next. */
export function ContentPager({ from, to, total, page, pages, pageSize, onPageSize, onPage }: {
  from: number; to: number; total: number; page: number; pages: number; pageSize: number;
  onPageSize: (size: number) => void;
  onPage: (update: (p: number) => number) => void;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  return (
    <nav aria-label={t('content.pagination')} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-1 text-sm text-muted-foreground">
      <p aria-live="polite" data-testid="content-showing">{t('content.showing', { from, to, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={sizeId} className="font-normal">{t('content.rowsPerPage')}</Label>
        <span className="w-24">
          <Select id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
          </Select>
        </span>
        <span data-testid="content-page">{t('content.pageOf', { page: Math.min(page, pages - 1) + 1, pages })}</span>
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage((p) => Math.max(0, p - 1))}>
          {t('content.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages - 1} onClick={() => onPage((p) => Math.min(pages - 1, p + 1))}>
          {t('content.next')}
        </Button>
      </div>
    </nav>
  );
}
