/**
 * The record of website sync runs (`cms sync <URL>`, ./site-sync.ts): one
 * row per run in the catalog's `siteRuns` collection (the file store and
 * PostgreSQL alike), and the console's list of sites: each with its last
 * run and the items synced from it (their syncSource.root is the site).
 */
import type { Catalog } from '../../engines/catalog/types';
import type { SiteRun, SiteRunInput, SiteSummary } from '../../foundation/types';

/** Runs kept per site: the oldest beyond this are removed when a run is recorded. */
export const SITE_RUNS_KEPT = 50;

export const isSiteAddress = (root: unknown): root is string => typeof root === 'string' && /^https?:\/\//i.test(root);

export function createSiteRuns(catalog: Pick<Catalog, 'siteRuns' | 'documents'>) {
  return {
    async record(input: SiteRunInput, actor: string): Promise<SiteRun> {
      const run = await catalog.siteRuns.insert({ ...input, actor });
      const older = await catalog.siteRuns.list({ where: { site: input.site }, orderBy: 'id', desc: true, offset: SITE_RUNS_KEPT });
      if (older.length) await catalog.siteRuns.removeWhere({ cond: { path: 'id', in: older.map((r) => r.id) } });
      return run;
    },

    /** Every site that has a recorded run or synced items, the most recently run first. */
    async list(): Promise<SiteSummary[]> {
      const runs = await catalog.siteRuns.list({ orderBy: 'id' });
      const roots = (await catalog.documents.distinct('syncSource.root')).filter(isSiteAddress);
      const sites = new Map<string, { runs: number; last: SiteRun | null }>();
      for (const r of runs) sites.set(r.site, { runs: (sites.get(r.site)?.runs ?? 0) + 1, last: r });
      for (const root of roots) if (!sites.has(root)) sites.set(root, { runs: 0, last: null });
      const out: SiteSummary[] = [];
      for (const [site, { runs: n, last }] of sites) {
        // Drafts of a new version are no pages of their own.
        const c = await catalog.documents.counts({
          pages: { cond: { and: [{ path: 'syncSource.root', eq: site }, { not: { path: 'versionOf', set: true } }, { not: { path: 'archivedAt', set: true } }] } },
          archived: { cond: { and: [{ path: 'syncSource.root', eq: site }, { not: { path: 'versionOf', set: true } }, { path: 'archivedAt', set: true }] } },
        });
        out.push({ site, pages: c.pages, archived: c.archived, runs: n, lastRun: last });
      }
      return out.sort((a, b) => (b.lastRun?.id ?? 0) - (a.lastRun?.id ?? 0) || a.site.localeCompare(b.site));
    },
  };
}
