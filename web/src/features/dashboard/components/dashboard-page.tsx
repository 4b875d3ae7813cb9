import { Bot, Clock, FileText, Film, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMetrics } from '@core/foundation/types';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { BOT_RESPONSES_FALLBACK } from '../../../config/constants';
import { useDeleteAllData } from '../api/delete-all-data';
import { useMetrics } from '../api/get-metrics';
import { ActivityCard, DistributionCard, QuickActionsCard } from './dashboard-cards';
import { MetricCard, type MetricKey } from './metric-card';

export { metricBarPercent } from './metric-card';

export function DashboardPage({ onUploadContent, onOpenAssistant, onOpenAnalytics, onOpenReview }: {
  onUploadContent: () => void; onOpenAssistant: () => void; onOpenAnalytics: () => void; onOpenReview?: () => void;
}) {
  const { t } = useTranslation();
  const metrics = useMetrics();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const deleteAll = useDeleteAllData(() => setConfirmOpen(false));
  const m: Partial<DashboardMetrics> = metrics.data ?? {};
  const loading = metrics.isPending;
  // Until the figures arrive (or when they could not be read) no card shows a count: a 0 there would be wrong.
  const known = metrics.data !== undefined;
  const figure = (v: number | undefined, fallback = 0): number | null => (known ? (v ?? fallback) : null);

  const cards: Array<{ key: MetricKey; value: number | null; change: string; icon: LucideIcon }> = [
    { key: 'totalDocuments', value: figure(m.totalDocuments), change: '+12%', icon: FileText },
    { key: 'activeVideos', value: figure(m.totalVideos), change: '+5%', icon: Film },
    { key: 'pendingApprovals', value: figure(m.pendingApprovals), change: '-3%', icon: Clock },
    { key: 'aiResponses', value: figure(m.botResponses, BOT_RESPONSES_FALLBACK), change: '+28%', icon: Bot },
  ];

  return (
    <section>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.subtitle')}
        actions={
          <Button variant="destructive" onClick={() => setConfirmOpen(true)}>
            <Trash2 aria-hidden />
            {t('dashboard.deleteAll')}
          </Button>
        }
      />
      {metrics.isError ? (
        <div className="mb-6">
          <ErrorState error={metrics.error} onRetry={() => void metrics.refetch()} />
        </div>
      ) : null}
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <MetricCard
            key={c.key} label={t(`dashboard.${c.key}`)} value={c.value} change={c.change} icon={c.icon} loading={loading}
            {...(c.key === 'pendingApprovals' ? { onOpen: onOpenReview, openLabel: c.value === null ? t('dashboard.openPendingUnknown') : t('dashboard.openPending', { count: c.value }) } : {})}
          />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <QuickActionsCard onUploadContent={onUploadContent} onOpenAssistant={onOpenAssistant} onOpenAnalytics={onOpenAnalytics} />
        <DistributionCard m={m} known={known} loading={loading} />
        <ActivityCard />
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(o) => !deleteAll.isPending && setConfirmOpen(o)}
        title={t('dashboard.deleteAllTitle')}
        description={t('dashboard.deleteAllConfirm')}
        confirmLabel={t('dashboard.deleteAllConfirmButton')}
        pending={deleteAll.isPending}
        onConfirm={() => deleteAll.mutate()}
      />
    </section>
  );
}
