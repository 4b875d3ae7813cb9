import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '–');

export function Kpi({ label, value, hint, icon: Icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; testId: string }) {
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

/** A titled card holding a list, or the "none yet" line when the list is empty. */
export function ListCard({ title, hint, empty, children }: { title: string; hint?: string; empty: boolean; children: ReactNode }) {
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

/** The period switch (7, 30, 90 days) in the page header. */
export function PeriodPicker({ days, onChange }: { days: Period; onChange: (n: Period) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('analytics.period')} className="inline-flex rounded-lg border border-border bg-background p-0.5">
      {PERIODS.map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={days === n}
          onClick={() => onChange(n)}
          className={cn('rounded-md px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', days === n ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
        >
          {t('analytics.days', { n })}
        </button>
      ))}
    </div>
  );
}
