import { CheckCircle2, Download, HelpCircle, MessageSquare, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { TableHeader } from '../../../components/table-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { exportConversations, useQuestionStats } from '../api/get-question-stats';

const PERIODS = [7, 30, 90] as const;
const TYPE_LABEL = { document: 'nav.documents', presentation: 'nav.presentations', video: 'nav.videos' } as const;
const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '–');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function Kpi({ label, value, hint, icon: Icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; testId: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <div className="mb-2 flex items-center justify-between">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-brand">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="text-3xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

/** The admin's Analytics screen (dashboard quick action): what visitors ask, what is missing, how answers are rated. */
/** A titled card holding a list, or the "none yet" line when the list is empty. */
function ListCard({ title, hint, empty, children }: { title: string; hint?: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {hint ? <CardDescription>{hint}</CardDescription> : null}
      </CardHeader>
      <CardContent>{empty ? <p className="text-sm text-muted-foreground">{t('analytics.none')}</p> : children}</CardContent>
    </Card>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(7);
  const stats = useQuestionStats(`${days}d`);
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const s = stats.data;
  const asked = s ? s.answered + s.notFound : 0;
  const maxDay = Math.max(1, ...(s?.perDay.map((d) => d.questions) ?? [1]));
  // The "to" day is included: the server's bound is exclusive.
  const exportRange = (format: 'csv' | 'jsonl') =>
    void exportConversations({ from, to: to ? isoDay(new Date(Date.parse(to) + 86_400_000)) : '', format });

  return (
    <section>
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.subtitle')}
        actions={
          <div role="group" aria-label={t('analytics.period')} className="inline-flex rounded-lg border border-border bg-background p-0.5">
            {PERIODS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={days === n}
                onClick={() => setDays(n)}
                className={cn('rounded-md px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', days === n ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
              >
                {t('analytics.days', { n })}
              </button>
            ))}
          </div>
        }
      />
      {stats.isError ? <ErrorState error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {stats.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {s ? (
        <div className="grid gap-6">
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

          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>{t('analytics.perDay')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="flex h-40 items-end gap-1" data-testid="per-day" dir="ltr">
                  {s.perDay.map((d) => {
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
                  <span>{s.perDay[0]?.day}</span>
                  <span>{s.perDay.at(-1)?.day}</span>
                </div>
                <p className="mt-2 flex gap-4 text-xs text-muted-foreground">
                  <span className="flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-blue-500" aria-hidden />{t('analytics.answered')}</span>
                  <span className="flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-amber-400" aria-hidden />{t('analytics.notFound')}</span>
                </p>
              </CardContent>
            </Card>
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
          </div>

          <ListCard title={t('analytics.unanswered')} hint={t('analytics.unansweredHint')} empty={!s.topUnanswered.length}>
            <Table data-testid="unanswered">
              <TableHeader columns={[t('analytics.times'), t('analytics.question'), t('analytics.alsoAsked'), t('analytics.language')]} />
              <TBody>
                {s.topUnanswered.map((g) => (
                  <TR key={g.question}>
                    <TD className="tabular-nums">{g.count}</TD>
                    <TD dir="auto" className="font-medium">{g.question}</TD>
                    <TD dir="auto" className="text-muted-foreground">{g.examples.join(' · ')}</TD>
                    <TD className="uppercase">{g.language}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </ListCard>

          <div className="grid gap-6 lg:grid-cols-2">
            <ListCard title={t('analytics.sources')} empty={!s.topSources.length}>
              <Table data-testid="sources">
                <TableHeader columns={[t('analytics.times'), t('analytics.title_'), t('analytics.type')]} />
                <TBody>
                  {s.topSources.map((d) => (
                    <TR key={`${d.itemType}-${d.itemId}`}>
                      <TD className="tabular-nums">{d.count}</TD>
                      <TD dir="auto">{d.title}</TD>
                      <TD>{t(TYPE_LABEL[d.itemType as keyof typeof TYPE_LABEL] ?? 'nav.documents')}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </ListCard>
            <ListCard title={t('analytics.comments')} empty={!s.comments.length}>
              <ul className="grid gap-3" data-testid="comments">
                {s.comments.map((c) => (
                  <li key={c.at} className="rounded-lg border border-border p-3 text-sm">
                    <p dir="auto" className="font-medium">
                      {c.value === 'up' ? '👍' : '👎'} {c.comment}
                    </p>
                    <p dir="auto" className="mt-1 text-xs text-muted-foreground">
                      {c.question} · {t(`analytics.channel.${c.channel}`)} · <Ltr>{c.at.slice(0, 16).replace('T', ' ')}</Ltr>
                    </p>
                  </li>
                ))}
              </ul>
            </ListCard>
          </div>

          <Card>
            <CardHeader>
              <CardTitle>{t('analytics.export')}</CardTitle>
              <CardDescription>{t('analytics.exportHint')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm">
                {t('analytics.from')}
                <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="rounded-md border border-input bg-background px-2 py-1.5" />
              </label>
              <label className="grid gap-1 text-sm">
                {t('analytics.to')}
                <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className="rounded-md border border-input bg-background px-2 py-1.5" />
              </label>
              <Button variant="outline" onClick={() => exportRange('csv')}>
                <Download aria-hidden />
                {t('analytics.csv')}
              </Button>
              <Button variant="outline" onClick={() => exportRange('jsonl')}>
                <Download aria-hidden />
                {t('analytics.jsonl')}
              </Button>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </section>
  );
}
