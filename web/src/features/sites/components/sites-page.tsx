import { Globe, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSummary } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { TableHeader } from '../../../components/table-parts';
import { Badge } from '../../../components/ui/badge';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { Button } from '../../../components/ui/button';
import { canManage } from '../../auth/api/get-me';
import { useAuth } from '../../auth/auth-provider';
import { useSites, useStartSiteSync } from '../api/sites';
import { cronLine, syncCommand } from '../lib/command';

const EXAMPLE = 'cms sync https://www.example.com/sitemap.xml --allow-host www.example.com';

/** A command line: left to right in both languages, wrapped on a phone. */
function Command({ text, label }: { text: string; label?: string }) {
  return (
    <pre dir="ltr" aria-label={label} className="mt-2 whitespace-pre-wrap break-all rounded-lg bg-muted px-3 py-2 text-start font-mono text-xs" data-testid="sites-command">{text}</pre>
  );
}

/** "Sync now" (admins) and, while a run goes, how far it is; the site's address describes the button. */
function SyncNow({ s, describedBy }: { s: SiteSummary; describedBy: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const start = useStartSiteSync();
  const busy = !!s.running || (start.isPending && start.variables === s.site);
  return (
    <span className="mt-1.5 flex flex-wrap items-center gap-2">
      {canManage(user) ? (
        <Button variant="outline" size="sm" className="min-h-11 sm:min-h-8" disabled={busy} aria-describedby={describedBy} onClick={() => start.mutate(s.site)} data-testid="site-sync-now">
          <RefreshCw aria-hidden className={busy ? 'size-3.5 animate-spin motion-reduce:animate-none' : 'size-3.5'} />
          {t('sites.syncNow')}
        </Button>
      ) : null}
      {s.running ? (
        <span role="status" className="text-xs text-muted-foreground" data-testid="site-running">
          {s.running.found ? t('sites.running', { done: s.running.done, found: s.running.found }) : t('sites.runningStart')}
        </span>
      ) : null}
    </span>
  );
}

function SiteRow({ s, columns }: { s: SiteSummary; columns: string[] }) {
  const { t } = useTranslation();
  const siteId = useId();
  const r = s.lastRun;
  const num = (label: string, n: number | undefined) => <TD label={label} className="tabular-nums">{r ? n : '–'}</TD>;
  return (
    <TR data-testid="site-row">
      <TD label={columns[0]} main>
        <bdi id={siteId} className="break-all font-medium" dir="ltr" data-user-content="">{s.site}</bdi>
        {/* The server's own words for why it stopped. */}
        {r?.error ? <span className="mt-1 block text-xs text-red-700">{t('sites.stopped')} <bdi dir="auto" data-user-content="">{r.error}</bdi></span> : null}
        <SyncNow s={s} describedBy={siteId} />
      </TD>
      <TD label={columns[1]} className="tabular-nums">
        {s.pages}
        {s.archived ? <span className="ms-1 text-xs text-muted-foreground">({t('sites.archived', { count: s.archived })})</span> : null}
      </TD>
      <TD label={columns[2]} className="whitespace-nowrap tabular-nums">
        {r ? <span dir="ltr">{r.finishedAt.replace('T', ' ').slice(0, 16)}</span> : <Badge tone="gray">{t('sites.never')}</Badge>}
      </TD>
      {num(columns[3]!, r?.found)}
      {num(columns[4]!, r?.new)}
      {num(columns[5]!, r?.changed)}
      {num(columns[6]!, r?.removed)}
      <TD label={columns[7]} className="tabular-nums">{r ? (r.failed ? <Badge tone="red">{r.failed}</Badge> : 0) : '–'}</TD>
    </TR>
  );
}

/** Website sources: the sites `cms sync <URL>` imports pages from, their last run, and the line to schedule it. */
export function SitesPage() {
  const { t } = useTranslation();
  const query = useSites();
  const columns = [t('sites.columns.site'), t('sites.columns.pages'), t('sites.columns.lastRun'), t('sites.columns.found'), t('sites.columns.new'), t('sites.columns.changed'), t('sites.columns.removed'), t('sites.columns.failed')];
  return (
    <section data-testid="sites-page">
      <PageHeader title={t('sites.title')} description={t('sites.subtitle')} />
      {query.isPending ? <SkeletonRows /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : query.data.length === 0 ? (
        <EmptyState icon={Globe} title={t('sites.empty')} hint={t('sites.emptyHint')} action={<Command text={EXAMPLE} />} />
      ) : (
        <>
          <Table>
            <caption className="sr-only">{t('sites.title')}</caption>
            <TableHeader columns={columns} />
            <TBody>{query.data.map((s) => <SiteRow key={s.site} s={s} columns={columns} />)}</TBody>
          </Table>
          <h2 className="mt-8 text-lg font-semibold">{t('sites.schedule')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('sites.scheduleHint')} <bdi><code dir="ltr" className="whitespace-nowrap rounded bg-muted px-1 font-mono text-xs">crontab -e</code></bdi>. {t('sites.scheduleNote')}
          </p>
          <ul className="mt-2 flex flex-col gap-3">
            {query.data.map((s) => (
              <li key={s.site}>
                <Command text={cronLine(syncCommand(s.site, s.lastRun))} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
