import type { QuestionStats } from '@core/features/analytics/stats';
import { CheckCircle2, HelpCircle, MessageSquare, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Kpi, pct } from './analytics-parts';

/** The four headline figures: questions, answered share, not found, thumbs up. */
export function KpiRow({ s }: { s: QuestionStats }) {
  const { t } = useTranslation();
  const asked = s.answered + s.notFound;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Kpi testId="kpi-questions" label={t('analytics.questions')} value={s.questions} hint={`${s.conversations} ${t('analytics.conversations').toLowerCase()}`} icon={MessageSquare} />
      <Kpi testId="kpi-answered" label={t('analytics.answered')} value={pct(s.answered, asked)} hint={`${s.answered} / ${asked}`} icon={CheckCircle2} />
      <Kpi testId="kpi-not-found" label={t('analytics.notFound')} value={s.notFound} hint={pct(s.notFound, asked)} icon={HelpCircle} />
      <Kpi
        testId="kpi-thumbs"
        label={t('analytics.thumbsUp')}
        value={s.ratings.upRate === null ? '–' : pct(s.ratings.up, s.ratings.rated)}
        hint={s.ratings.rated ? t('analytics.ratedOf', { up: s.ratings.up, down: s.ratings.down }) : t('analytics.noRatings')}
        icon={ThumbsUp}
      />
    </div>
  );
}

/** Questions per day as bars, the not-found share stacked in each. */
export function PerDayCard({ perDay }: { perDay: QuestionStats['perDay'] }) {
  const { t } = useTranslation();
  const maxDay = Math.max(1, ...perDay.map((d) => d.questions));
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t('analytics.perDay')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex h-40 items-end gap-1" data-testid="per-day" dir="ltr">
          {perDay.map((d) => {
            const label = t('analytics.perDayBar', { day: d.day, n: d.questions, nf: d.notFound });
            return (
              <li key={d.day} className="flex h-full flex-1 flex-col justify-end" title={label} aria-label={label}>
                <div className="w-full rounded-t bg-blue-500" style={{ height: `${(d.questions / maxDay) * 100}%` }}>
                  <div className="w-full rounded-t bg-amber-400" style={{ height: d.questions ? `${(d.notFound / d.questions) * 100}%` : 0 }} />
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-1 flex justify-between text-[11px] text-muted-foreground" dir="ltr">
          <span>{perDay[0]?.day}</span>
          <span>{perDay.at(-1)?.day}</span>
        </div>
        <p className="mt-2 flex gap-4 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-blue-500" aria-hidden />{t('analytics.answered')}</span>
          <span className="flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-amber-400" aria-hidden />{t('analytics.notFound')}</span>
        </p>
      </CardContent>
    </Card>
  );
}

/** Questions per language and per channel. */
export function LanguagesCard({ s }: { s: QuestionStats }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('analytics.languages')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-1.5 text-sm" data-testid="languages">
          {s.languages.map((l) => (
            <li key={l.language} className="flex items-center justify-between">
              <Badge tone="blue" className="uppercase">{l.language}</Badge>
              <span className="tabular-nums">{l.questions}</span>
            </li>
          ))}
        </ul>
        <div>
          <p className="mb-1.5 text-sm font-medium">{t('analytics.channels')}</p>
          <ul className="grid gap-1.5 text-sm" data-testid="channels">
            {s.channels.map((c) => (
              <li key={c.channel} className="flex items-center justify-between">
                <span>{t(`analytics.channel.${c.channel}`)}</span>
                <span className="tabular-nums">{c.questions}</span>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
