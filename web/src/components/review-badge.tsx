import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@core/foundation/types';
import { Badge, type BadgeTone } from './ui/badge';

/** The review state of an item (spec section 4: approved green, rejected red, pending amber), and why it is not public. */
const TONE: Record<string, BadgeTone> = { approved: 'green', rejected: 'red', pending: 'amber' };

export function ReviewBadge({ item }: { item: Pick<ContentItem, 'review' | 'visibility' | 'audience'> }) {
  const { t } = useTranslation();
  const review = item.review ?? 'pending';
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONE[review] ?? 'gray'} data-testid="review-badge" data-review={review}>
        {t(`review.state.${review}`)}
      </Badge>
      {item.audience === 'staff' ? <Badge tone="violet" data-testid="audience-badge">{t('review.staffOnly')}</Badge> : null}
      {item.visibility === 'expired' ? <Badge tone="gray" data-testid="expired-badge">{t('review.expired')}</Badge> : null}
    </span>
  );
}
