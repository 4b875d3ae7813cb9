import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_FILTERS, type ReviewFilter } from '@core/foundation/types';
import { Button } from '../../../components/ui/button';

/** The review states to list (pending, approved, ...), one pressed. */
export function ReviewFilters({ filter, onChange }: { filter: ReviewFilter; onChange: (f: ReviewFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('review.filter')} className="mb-4 flex flex-wrap gap-2" data-testid="review-filters">
      {REVIEW_FILTERS.map((f) => (
        <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => onChange(f)}>
          {t(`review.filters.${f}`)}
        </Button>
      ))}
    </div>
  );
}

/** Select all and the bulk actions (Approve, Reject, staff-only, public) on the rows ticked. */
export function ReviewBulkBar({ listed, chosen, allChosen, mayReview, approving, settingAccess, onSelectAll, onApprove, onReject, onAudience }: {
  listed: number; chosen: number; allChosen: boolean; mayReview: boolean; approving: boolean; settingAccess: boolean;
  onSelectAll: () => void; onApprove: () => void; onReject: () => void; onAudience: (audience: 'staff' | 'public') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex min-h-9 flex-wrap items-center gap-2" role="group" aria-label={t('review.bulk')}>
      <Button size="sm" variant="outline" disabled={listed === 0} aria-pressed={allChosen} onClick={onSelectAll} data-testid="select-all">
        {allChosen ? t('review.selectNone') : t('review.selectAll')}
      </Button>
      {mayReview ? (
        <>
          <Button size="sm" disabled={chosen === 0 || approving} onClick={onApprove} data-testid="bulk-approve">
            <Check aria-hidden />
            {t('review.approveSelected')}
          </Button>
          <Button size="sm" variant="destructive" disabled={chosen === 0} onClick={onReject} data-testid="bulk-reject">
            <X aria-hidden />
            {t('review.rejectSelected')}
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="outline" disabled={chosen === 0 || settingAccess} onClick={() => onAudience('staff')}>
        {t('review.makeStaff')}
      </Button>
      <Button size="sm" variant="outline" disabled={chosen === 0 || settingAccess} onClick={() => onAudience('public')}>
        {t('review.makePublic')}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="review-selected">{t('review.selected', { count: chosen })}</span>
    </div>
  );
}
