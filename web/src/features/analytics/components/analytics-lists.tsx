import type { QuestionStats } from '@core/features/analytics/stats';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { TableHeader } from '../../../components/table-parts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { ListCard } from './analytics-parts';

const TYPE_LABEL = { document: 'nav.documents', presentation: 'nav.presentations', video: 'nav.videos' } as const;

/** The questions most often left without an answer. */
export function UnansweredCard({ s }: { s: QuestionStats }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The items cited most often, and the visitors' rating comments. */
export function SourcesAndComments({ s }: { s: QuestionStats }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The export card: a date range and the CSV / JSON lines downloads (the range lives in the page, kept across periods). */
export function ExportCard({ from, to, onFrom, onTo, onExport }: {
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  onExport: (format: 'csv' | 'jsonl') => void;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('analytics.export')}</CardTitle>
        <CardDescription>{t('analytics.exportHint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          {t('analytics.from')}
          <input type="date" value={from} onChange={(e) => onFrom(e.target.value)} className="rounded-md border border-input bg-background px-2 py-1.5" />
        </label>
        <label className="grid gap-1 text-sm">
          {t('analytics.to')}
          <input type="date" value={to} onChange={(e) => onTo(e.target.value)} className="rounded-md border border-input bg-background px-2 py-1.5" />
        </label>
        <Button variant="outline" onClick={() => onExport('csv')}>
          <Download aria-hidden />
          {t('analytics.csv')}
        </Button>
        <Button variant="outline" onClick={() => onExport('jsonl')}>
          <Download aria-hidden />
          {t('analytics.jsonl')}
        </Button>
      </CardContent>
    </Card>
  );
}
