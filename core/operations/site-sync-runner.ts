/**
 * Website syncs started from the console (POST /api/sites/sync, admins):
 * the same run as `cms sync <URL>` (./site-sync.ts) on the product, in the
 * background of this process with the options the site's last run was given
 * (an operator's --allow-host and --approve are reused, never widened from
 * the console), one at a time per site. While it goes, its report is its
 * progress (sites() shows it as `running`); when it ends, its record is the
 * run's like any other.
 */
import { AppError } from '../foundation/errors';
import type { Product } from '../product/types';
import type { SiteRunProgress, SiteSummary } from '../foundation/types';
import { syncSite, type SiteSyncReport } from './site-sync';

interface Running { startedAt: string; report: SiteSyncReport | null; done: Promise<void>; abort: AbortController }

export type SiteSyncRunner = ReturnType<typeof createSiteSyncRunner>;

export function createSiteSyncRunner(deps: { product: () => Product; list: () => Promise<SiteSummary[]>; log?: (line: string) => void }) {
  const running = new Map<string, Running>();

  function progress(site: string): SiteRunProgress | null {
    const r = running.get(site);
    if (!r) return null;
    const rep = r.report;
    const n = (k: 'new' | 'changed' | 'removed' | 'failed') => rep?.[k].length ?? 0;
    const done = rep ? rep.new.length + rep.changed.length + rep.failed.length + rep.adopted.length + rep.unchanged + rep.skipped.length : 0;
    return { startedAt: r.startedAt, found: rep?.found ?? 0, done, new: n('new'), changed: n('changed'), removed: n('removed'), failed: n('failed') };
  }

  return {
    progress,

    async start(site: string): Promise<SiteRunProgress & { site: string }> {
      const known = (await deps.list()).find((s) => s.site === site);
      if (!known) throw new AppError('not_found', `No synced site ${site}: run "cms sync ${site}" once from the command line, with the hosts it may reach`);
      if (running.has(site)) throw new AppError('conflict', `A sync of ${site} is already running`);
      const flags = known.lastRun?.flags ?? { approve: false, delete: false, allowHosts: [] };
      const abort = new AbortController();
      const entry: Running = { startedAt: new Date().toISOString(), report: null, done: Promise.resolve(), abort };
      running.set(site, entry);
      entry.done = syncSite(deps.product(), site, {
        approve: flags.approve, delete: flags.delete, allowHosts: flags.allowHosts,
        ...(flags.audience === 'public' || flags.audience === 'staff' ? { audience: flags.audience } : {}),
        signal: abort.signal, onStart: (report) => { entry.report = report; },
      }).then(
        () => undefined,
        // The run's record holds its error (site-sync.ts records every run, stopped or not).
        (e: Error) => deps.log?.(`The website sync of ${site} stopped: ${e.message}`),
      ).finally(() => running.delete(site));
      return { site, ...progress(site)! };
    },

    /** Stops the runs still going and waits for their records (the process is closing). */
    async close(): Promise<void> {
      const all = [...running.values()];
      for (const r of all) r.abort.abort(new AppError('unavailable', 'The server stopped during the run'));
      await Promise.all(all.map((r) => r.done));
    },
  };
}
