import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { METRIC_BAR_DIVISOR } from '../../../config/constants';

/** Metric bar: value / 50, capped at 100 %. */
export const metricBarPercent = (value: number) => Math.min(100, (value / METRIC_BAR_DIVISOR) * 100);

export type MetricKey = 'totalDocuments' | 'activeVideos' | 'pendingApprovals' | 'aiResponses';

/**
 * One figure. `value` is null until the figures arrive (a pulsing placeholder, the card busy) or when they
 * could not be read ("—"): never a 0 that is not the count.
 */
export function MetricCard({ label, value, change, icon: Icon, loading, onOpen, openLabel }: {
  label: string; value: number | null; change: string; icon: LucideIcon; loading: boolean; onOpen?: () => void; openLabel?: string;
}) {
  const { t } = useTranslation();
  const negative = change.startsWith('-');
  return (
    // The whole card opens its list (Pending Approvals -> the review queue); its title is the button for keyboards.
    <Card className={onOpen ? 'cursor-pointer p-5' : 'p-5'} data-testid="metric-card" aria-busy={loading} onClick={onOpen}>
      <div className="mb-3 flex items-center justify-between">
        {onOpen ? (
          <button
            type="button"
            onClick={(e) => { e.stopPropagation(); onOpen(); }}
            className="-my-3 py-3 text-start text-sm font-medium text-muted-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
          >
            {label}
            {openLabel ? <span className="sr-only"> ({openLabel})</span> : null}
          </button>
        ) : (
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
        )}
        <div className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-brand">
          <Icon className="size-4" aria-hidden />
        </div>
      </div>
      <div className="mb-3 flex items-end justify-between gap-2">
        {loading ? (
          <span role="status" data-testid="metric-loading">
            <Skeleton className="h-9 w-16" />
            <span className="sr-only">{t('common.loading')}</span>
          </span>
        ) : (
          <p className="text-3xl font-bold tabular-nums" data-testid="metric-value">{value ?? '—'}</p>
        )}
        <Badge tone={negative ? 'red' : 'green'} dir="ltr">
          {change}
        </Badge>
      </div>
      {value === null ? <Skeleton className="h-2 w-full rounded-full" /> : <Progress value={metricBarPercent(value)} label={label} />}
    </Card>
  );
}
