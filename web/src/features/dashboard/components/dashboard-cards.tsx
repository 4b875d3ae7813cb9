import { BarChart3, Bot, CheckCircle2, FileText, Film, Image as ImageIcon, MessageSquare, Presentation, Settings, Upload, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DashboardMetrics } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';

const ACTIVITY = [
  { key: 'activity1', icon: FileText, time: 'activityTime1' },
  { key: 'activity2', icon: CheckCircle2, time: 'activityTime2' },
  { key: 'activity3', icon: Film, time: 'activityTime3' },
  { key: 'activity4', icon: MessageSquare, time: 'activityTime4' },
] as const;

/** Upload content, open the assistant, open analytics, settings. */
export function QuickActionsCard({ onUploadContent, onOpenAssistant, onOpenAnalytics }: {
  onUploadContent: () => void; onOpenAssistant: () => void; onOpenAnalytics: () => void;
}) {
  const { t } = useTranslation();
  const quickActions: Array<{ key: 'uploadContent' | 'aiAssistant' | 'analytics' | 'settings'; icon: LucideIcon; onClick?: () => void }> = [
    { key: 'uploadContent', icon: Upload, onClick: onUploadContent },
    { key: 'aiAssistant', icon: Bot, onClick: onOpenAssistant },
    { key: 'analytics', icon: BarChart3, onClick: onOpenAnalytics },
    { key: 'settings', icon: Settings },
  ];
  return (
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
  );
}

/** Files per kind with their shares, the total and the images analysed ("—" until the figures are known). */
export function DistributionCard({ m, known, loading }: { m: Partial<DashboardMetrics>; known: boolean; loading: boolean }) {
  const { t } = useTranslation();
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
  return (
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
  );
}

/** The recent activity list. */
export function ActivityCard() {
  const { t } = useTranslation();
  return (
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
  );
}
