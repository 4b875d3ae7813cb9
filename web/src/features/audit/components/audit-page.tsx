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
import { describeChange, describeNote, describeTarget, OPERATION_TARGETS, type Translate } from '../lib/describe-change';

const PERIODS = ['24h', '7d', '30d', '365d'] as const;
const TONES: Record<string, 'green' | 'red' | 'amber' | 'blue' | 'gray' | 'violet'> = {
  approve: 'green', reject: 'red', delete: 'red', delete_all: 'red', forbidden: 'red', sign_in_failed: 'red',
  audience: 'violet', expiry: 'amber', expired: 'amber', replace: 'blue', restore: 'blue',
};

/** The audit log: every approval, rejection, audience change, deletion, sign-in and token write (who, when, what). */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  // Before → after, pointing the way the page reads.
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  const say = t as unknown as Translate;
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
            {query.data.map((e) => {
              const note = describeNote(e.note, say);
              const changes = describeChange(e.before, e.after, say);
              return (
              <TR key={e.id} data-testid="audit-row">
                <TD label={columns[0]} className="whitespace-nowrap tabular-nums" dir="ltr">{e.at.replace('T', ' ').slice(0, 19)}</TD>
                <TD label={columns[1]} main>
                  <bdi className="font-medium" data-user-content="">{e.actor}</bdi>
                  {e.role ? <span className="ms-1 text-xs text-muted-foreground">({t(`roles.${e.role}`)})</span> : null}
                </TD>
                <TD label={columns[2]}><Badge tone={TONES[e.action] ?? 'gray'}>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</Badge></TD>
                <TD label={columns[3]}>
                  {/* The item in the reader's words ("מסמך 12"); the record's own names (a title, a user, a term) as they are; an API operation as code. */}
                  {OPERATION_TARGETS.has(e.action) ? <code className="text-xs" dir="ltr">{e.target}</code> : <bdi data-user-content="">{describeTarget(e, say)}</bdi>}
                  {e.title ? <bdi className="block" data-user-content="">“{e.title}”</bdi> : null}
                  {note ? <span className="block text-xs text-muted-foreground" {...(note.userText ? { 'data-user-content': '', dir: 'auto' } : {})}>{note.text}</span> : null}
                </TD>
                {/* No change to show (a sign-in): no empty "Change:" line on a phone. */}
                <TD label={changes.length ? columns[4] : undefined} className="max-w-md text-xs text-muted-foreground">
                  <ul className="grid gap-0.5" data-testid="audit-change">
                    {changes.map((c) => (
                      <li key={c.field}>
                        <span className="font-medium text-foreground">{c.field}:</span>{' '}
                        <bdi {...(c.userText ? { 'data-user-content': '' } : {})}>{c.before}</bdi> {arrow} <bdi {...(c.userText ? { 'data-user-content': '' } : {})}>{c.after}</bdi>
                      </li>
                    ))}
                  </ul>
                </TD>
              </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </section>
  );
}
