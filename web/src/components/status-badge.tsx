import type { ItemStatus } from '@core/foundation/types';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './ui/badge';
import { Spinner } from './ui/spinner';

/** Spec section 4: pending amber + spinner; running statuses spin; rejected red; approved green; others gray. */
const TONE: Partial<Record<ItemStatus, BadgeTone>> = {
  pending: 'amber',
  processing: 'blue',
  extracting: 'blue',
  analyzing: 'blue',
  converting: 'blue',
  rejected: 'red',
  approved: 'green',
};
const SPINS = new Set<string>(['pending', 'processing', 'extracting', 'analyzing', 'converting']);
const KNOWN = new Set<string>(['pending', 'processing', 'extracting', 'analyzing', 'converting', 'completed', 'failed', 'rejected', 'approved']);

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = TONE[status as ItemStatus] ?? 'gray';
  const label = KNOWN.has(status) ? t(`status.${status as ItemStatus}`) : status;
  return (
    <Badge tone={tone} data-testid="status-badge" data-status={status}>
      {SPINS.has(status) ? <Spinner className="size-3" /> : null}
      {label}
    </Badge>
  );
}
