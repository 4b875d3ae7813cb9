import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { TableHeader } from '../../../components/table-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { exportAudit, useAudit } from '../api/get-audit';

const PERIODS = ['24h', '7d', '30d', '365d'] as const;
const TONES: Record<string, 'green' | 'red' | 'amber' | 'blue' | 'gray' | 'violet'> = {
  approve: 'green', reject: 'red', delete: 'red', delete_all: 'red', forbidden: 'red', sign_in_failed: 'red',
  audience: 'violet', expiry: 'amber', expired: 'amber', replace: 'blue', restore: 'blue',
};

/** Short text of a change: the fields that differ before and after. */
function changeOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!after) return '';
  return Object.keys(after).filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${before?.[k] ?? '—'} → ${after[k] ?? '—'}`).join('; ');
}

/** The audit log: every approval, rejection, audience change, deletion, sign-in and token write (who, when, what). */
export function AuditPage() {
  const { t } = useTranslation();
  const [since, setSince] = useState<string>('7d');
  const query = useAudit(since);
  const columns = [t('audit.when'), t('audit.who'), t('audit.action'), t('audit.what'), t('audit.change')];
  return (
    <section data-testid="audit-page">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.subtitle')}
        actions={
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => void exportAudit(since, 'csv')}><Download aria-hidden />CSV</Button>
            <Button variant="outline" onClick={() => void exportAudit(since, 'jsonl')}><Download aria-hidden />JSONL</Button>
          </div>
        }
      />
      <div role="group" aria-label={t('audit.period')} className="mb-4 flex flex-wrap gap-2">
        {PERIODS.map((p) => (
          <Button key={p} size="sm" variant={since === p ? 'default' : 'outline'} aria-pressed={since === p} onClick={() => setSince(p)}>
            {t(`audit.periods.${p}`)}
          </Button>
        ))}
      </div>
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : query.data.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('audit.empty')} />
      ) : (
        <Table>
          <TableHeader columns={columns} />
          <TBody>
            {query.data.map((e) => (
              <TR key={e.id} data-testid="audit-row">
                <TD label={columns[0]} className="whitespace-nowrap tabular-nums" dir="ltr">{e.at.replace('T', ' ').slice(0, 19)}</TD>
                <TD label={columns[1]} main>
                  <span className="font-medium" data-user-content="">{e.actor}</span>
                  {e.role ? <span className="ms-1 text-xs text-muted-foreground">({t(`roles.${e.role}`)})</span> : null}
                </TD>
                <TD label={columns[2]}><Badge tone={TONES[e.action] ?? 'gray'}>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</Badge></TD>
                <TD label={columns[3]}>
                  {/* The record's own names (its target id, a user name, a title): shown as they are. */}
                  <span dir="auto" translate="no">{[e.target, e.title ? `“${e.title}”` : ''].filter(Boolean).join(' ')}</span>
                  {e.note ? <span className="block text-xs text-muted-foreground" dir="auto">{e.note}</span> : null}
                </TD>
                <TD label={columns[4]} className="max-w-md text-xs text-muted-foreground" dir="ltr" translate="no">{changeOf(e.before, e.after)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
