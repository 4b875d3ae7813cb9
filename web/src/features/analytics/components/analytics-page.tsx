import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { exportConversations, useQuestionStats } from '../api/get-question-stats';
import { KpiRow, LanguagesCard, PerDayCard } from './analytics-charts';
import { ExportCard, SourcesAndComments, UnansweredCard } from './analytics-lists';
import { PeriodPicker, type Period } from './analytics-parts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The admin's Analytics screen (dashboard quick action): what visitors ask, what is missing, how answers are rated. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<Period>(7);
  const stats = useQuestionStats(`${days}d`);
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const s = stats.data;
  // The "to" day is included: the server's bound is exclusive.
  const exportRange = (format: 'csv' | 'jsonl') =>
    void exportConversations({ from, to: to ? isoDay(new Date(Date.parse(to) + 86_400_000)) : '', format });

  return (
    <section>
      <PageHeader title={t('analytics.title')} description={t('analytics.subtitle')} actions={<PeriodPicker days={days} onChange={setDays} />} />
      {stats.isError ? <ErrorState error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {stats.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {s ? (
        <div className="grid gap-6">
          <KpiRow s={s} />
          <div className="grid gap-6 lg:grid-cols-3">
            <PerDayCard perDay={s.perDay} />
            <LanguagesCard s={s} />
          </div>
          <UnansweredCard s={s} />
          <SourcesAndComments s={s} />
          <ExportCard from={from} to={to} onFrom={setFrom} onTo={setTo} onExport={exportRange} />
        </div>
      ) : null}
    </section>
  );
}
