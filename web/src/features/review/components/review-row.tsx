import { Check, FileUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@core/foundation/types';
import { ReviewBadge } from '../../../components/review-badge';
import { StatusBadge } from '../../../components/status-badge';
import { STICKY_ACTIONS } from '../../../components/table-parts';
import { Button } from '../../../components/ui/button';
import { TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

export interface ReviewRowProps {
  item: ContentItem;
  columns: string[];
  checked: boolean;
  onToggle: () => void;
  mayReview: boolean;
  mayEdit: boolean;
  onApprove: () => void;
  onReject: () => void;
  onReplace: () => void;
}

/** The item's title, type and id, and what is pending or archived about it. */
function TitleCell({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  return (
    <TD main>
      <span dir="auto" className="block max-w-60 truncate font-medium [text-align:match-parent]" title={item.title} data-testid="review-title">{item.title}</span>
      <span className="block text-xs text-muted-foreground">
        {t(`review.types.${String(item.type)}`, { defaultValue: String(item.type) })} · {t('content.id')} <bdi>{item.id}</bdi>
      </span>
      {item.pendingVersion ? (
        <span className="block text-xs font-medium text-amber-800 dark:text-amber-400" data-testid="pending-version">{t('review.newVersion', { n: item.pendingVersion.n })}</span>
      ) : null}
      {item.archivedAt ? <span className="block text-xs text-muted-foreground">{t('review.archived')}</span> : null}
      {item.reviewNote ? <span dir="auto" className="block max-w-60 truncate text-xs text-muted-foreground [text-align:match-parent]" title={item.reviewNote}>{item.reviewNote}</span> : null}
    </TD>
  );
}

/** A row's Approve, Reject and Replace file buttons, as the role allows. */
function RowActions({ item, mayReview, mayEdit, onApprove, onReject, onReplace }: Omit<ReviewRowProps, 'columns' | 'checked' | 'onToggle'>) {
  const { t } = useTranslation();
  return (
    <TD actions className={STICKY_ACTIONS}>
      <div className="flex justify-end gap-1">
        {mayReview && (item.review !== 'approved' || item.pendingVersion) ? (
          <Button size="sm" variant="outline" onClick={onApprove} aria-label={t('review.approveNamed', { title: item.title })}>
            <Check aria-hidden />
            {t('review.approve')}
          </Button>
        ) : null}
        {mayReview && (item.review !== 'rejected' || item.pendingVersion) ? (
          <Button size="sm" variant="outline" className="text-destructive" onClick={onReject} aria-label={t('review.rejectNamed', { title: item.title })}>
            <X aria-hidden />
            {t('review.reject')}
          </Button>
        ) : null}
        {mayEdit && item.type !== 'content' && !item.archivedAt ? (
          <Button size="sm" variant="outline" onClick={onReplace} aria-label={t('versions.replaceNamed', { title: item.title })} data-testid="replace-file-open">
            <FileUp aria-hidden />
            {t('versions.replace')}
          </Button>
        ) : null}
      </div>
    </TD>
  );
}

/** One row of the review table. */
export function ReviewRow(props: ReviewRowProps) {
  const { item, columns, checked, onToggle } = props;
  const { t } = useTranslation();
  return (
    <TR data-testid="review-row" data-id={item.id} className={cn('group', checked && 'bg-accent/60')}>
      <TD label={columns[0]} className="w-10 pe-0">
        <input
          type="checkbox"
          className="size-4 accent-[hsl(var(--primary))]"
          checked={checked}
          onChange={onToggle}
          aria-label={t('review.selectNamed', { title: item.title })}
        />
      </TD>
      <TitleCell item={item} />
      <TD label={columns[2]}><StatusBadge status={item.status} /></TD>
      <TD label={columns[3]}>
        <ReviewBadge item={item} />
        {item.validUntil ? <span className="mt-0.5 block whitespace-nowrap text-xs text-muted-foreground">{t('review.validUntil')}: {formatDate(item.validUntil)}</span> : null}
      </TD>
      <TD label={columns[4]} className="text-xs text-muted-foreground">
        {item.reviewedBy ? <><bdi className="block" data-user-content="">{item.reviewedBy}</bdi>{item.reviewedAt ? <span className="block whitespace-nowrap">{formatDate(item.reviewedAt)}</span> : null}</> : '—'}
      </TD>
      <RowActions {...props} />
    </TR>
  );
}
