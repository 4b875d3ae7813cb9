import { BarChart3, Bot, CheckCircle2, Clock, FileText, Film, Image as ImageIcon, MessageSquare, Presentation, Settings, Trash2, Upload, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMetrics } from '@core/foundation/types';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { BOT_RESPONSES_FALLBACK, METRIC_BAR_DIVISOR } from '../../../config/constants';
import { useDeleteAllData } from '../api/delete-all-data';
import { useMetrics } from '../api/get-metrics';
import { Ltr } from '../../../components/ltr';

/** Metric bar: value / 50, capped at 100 %. */
export const metricBarPercent = (value: number) => Math.min(100, (value / METRIC_BAR_DIVISOR) * 100);

type MetricKey = 'totalDocuments' | 'activeVideos' | 'pendingApprovals' | 'aiResponses';

/**
 * One figure. `value` is null until the figures arrive (a pulsing placeholder, the card busy) or when they
 * could not be read ("—"): never a 0 that is not the count.
 */
function MetricCard({ label, value, change, icon: Icon, loading, onOpen, openLabel }: {
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

const ACTIVITY = [
  { key: 'activity1', icon: FileText, time: 'activityTime1' },
  { key: 'activity2', icon: CheckCircle2, time: 'activityTime2' },
  { key: 'activity3', icon: Film, time: 'activityTime3' },
  { key: 'activity4', icon: MessageSquare, time: 'activityTime4' },
] as const;

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

  const images = m.totalImages ?? (m.botImages ?? 0) + (m.presentationImages ?? 0);
  const distribution = [
    { key: 'documents', value: m.totalDocuments ?? 0, icon: FileText, color: 'bg-blue-500' },
    { key: 'videos', value: m.totalVideos ?? 0, icon: Film, color: 'bg-violet-500' },
    { key: 'presentations', value: m.totalPresentations ?? 0, icon: Presentation, color: 'bg-orange-500' },
    { key: 'images', value: images, icon: ImageIcon, color: 'bg-emerald-500' },
  ] as const;
  const totalFiles = distribution.reduce((s, d) => s + d.value, 0);
  const aiAnalyzed = (m.botImages ?? 0) + (m.presentationImages ?? 0);
  const pct = (v: number) => (totalFiles > 0 ? Math.round((v / totalFiles) * 100) : 0);

  const quickActions: Array<{ key: 'uploadContent' | 'aiAssistant' | 'analytics' | 'settings'; icon: LucideIcon; onClick?: () => void }> = [
    { key: 'uploadContent', icon: Upload, onClick: onUploadContent },
    { key: 'aiAssistant', icon: Bot, onClick: onOpenAssistant },
    { key: 'analytics', icon: BarChart3, onClick: onOpenAnalytics },
    { key: 'settings', icon: Settings },
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
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('dashboard.quickActions')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2">
            {quickActions.map((a) => (
              <button
                key={a.key}
                type="button"
                onClick={a.onClick}
                className="flex items-center gap-3 rounded-lg border border-border bg-background p-4 text-start transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <a.icon className="size-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-medium">{t(`dashboard.${a.key}`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`dashboard.${a.key}Hint`)}</span>
                </span>
              </button>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard.contentDistribution')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {distribution.map((d) => (
              <div key={d.key} className="grid gap-1.5">
                <div className="flex items-center justify-between text-sm">
                  <span className="flex items-center gap-2">
                    <d.icon className="size-4 text-muted-foreground" aria-hidden />
                    {t(`dashboard.dist.${d.key}`)}
                  </span>
                  <Ltr className="tabular-nums text-muted-foreground">{known ? `${d.value} (${pct(d.value)}%)` : '—'}</Ltr>
                </div>
                {known ? <Progress value={pct(d.value)} label={t(`dashboard.dist.${d.key}`)} barClassName={d.color} /> : <Skeleton className="h-2 w-full rounded-full" />}
              </div>
            ))}
            <dl className="mt-2 grid grid-cols-2 gap-3 border-t border-border pt-4 text-center">
              <div>
                <dt className="text-xs text-muted-foreground">{t('dashboard.totalFiles')}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid="total-files" aria-busy={loading}>{known ? totalFiles : '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('dashboard.aiAnalyzed')}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid="ai-analyzed" aria-busy={loading}>{known ? aiAnalyzed : '—'}</dd>
              </div>
            </dl>
            <p className="mt-2 text-center text-xs text-muted-foreground" data-testid="total-files-hint">{t('dashboard.totalFilesHint')}</p>
          </CardContent>
        </Card>
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{t('dashboard.recentActivity')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border">
              {ACTIVITY.map((a) => (
                <li key={a.key} className="flex items-center gap-3 py-3">
                  <span className="flex size-8 items-center justify-center rounded-full bg-muted">
                    <a.icon className="size-4 text-muted-foreground" aria-hidden />
                  </span>
                  <span className="flex-1 text-sm">{t(`dashboard.${a.key}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`dashboard.${a.time}`)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
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
