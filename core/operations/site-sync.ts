/**
 * Website sync (`cms sync <URL>`): the brand's website as a source. The
 * pages a sitemap.xml lists (or, from a start page, the pages its links
 * reach on the same host) become document items, through the Product
 * interface like a folder sync (core/operations/folder-sync.ts), with the same
 * report: new, changed, removed, failed.
 *
 * - every request goes through SiteFetcher (core/features/sync/site-fetch.ts): the
 *   site's host and hosts allowed with --allow-host only, no private or
 *   loopback address unless its host was allowed explicitly, at most 5
 *   redirects and no loop, 5 MB per page;
 * - robots.txt is read first and followed (a disallowed page is skipped);
 * - a page is read by the HTML format (core/features/ingest/html.ts): its pictures
 *   on an allowed host are fetched and embedded into the stored page
 *   (data: URLs), which the format's extractor takes as its images; a page
 *   that is mostly navigation is flagged and not imported;
 * - what a run saw is kept on each item's syncSource (the page's address,
 *   a hash of its main content, the server's ETag and Last-Modified): the
 *   next run asks with If-None-Match / If-Modified-Since, so an unchanged
 *   page answers 304 with no body, and a page whose markup changed but not
 *   its content (same hash) is left alone;
 * - a page gone from the sitemap (or answering 404/410) archives its item,
 *   or deletes it with `delete`; one coming back un-archives it;
 * - new pages wait for review like uploads, unless `approve`;
 * - a sitemap's pages are fetched 4 at a time (a crawl's one by one).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../foundation/errors';
import type { Product } from '../product/types';
import { SiteFetcher } from '../features/sync/site-fetch';
import { failureOf } from '../features/sync/failure';
import { isXml, message, readRobots, sitemapPages } from './site-sync/pages';
import type { Known, PageBody, SiteSyncOptions, SiteSyncReport } from './site-sync/types';
import { note, visitPage, type SiteRun } from './site-sync/visit';

export type { SiteSyncEvent, SiteSyncOptions, SiteSyncReport } from './site-sync/types';
export { decodePage, pageFileName } from './site-sync/pages';

/** Pages of a sitemap fetched at the same time. */
const PARALLEL = 4;

/**
 * One run of a website sync (see the top of this file), recorded when it
 * ends through `product.recordSiteRun`, with its error when it stopped:
 * the console's Website sources list each site's last run.
 */
export async function syncSite(product: Product, address: string, options: SiteSyncOptions = {}): Promise<SiteSyncReport> {
  const startedAt = new Date().toISOString();
  const held: { report?: SiteSyncReport } = {};
  let error: string | undefined;
  try {
    return await runSiteSync(product, address, options, held);
  } catch (e) {
    error = message(e);
    throw e;
  } finally {
    const r = held.report;
    try {
      const run = await product.recordSiteRun({
        site: r?.site ?? address, startedAt, finishedAt: new Date().toISOString(), ...(r && (r.found || !error) ? { mode: r.mode } : {}),
        found: r?.found ?? 0, new: r?.new.length ?? 0, changed: r?.changed.length ?? 0, removed: r?.removed.length ?? 0,
        failed: r?.failed.length ?? 0, unchanged: r?.unchanged ?? 0,
        flags: { approve: !!options.approve, delete: !!options.delete, allowHosts: [...(options.allowHosts ?? [])], ...(options.audience ? { audience: options.audience } : {}) },
        ...(error ? { error } : {}),
      });
      if (r) r.runId = run.id;
    } catch (e) {
      // The sync's own result stands; the run is only missing from the console's list.
      if (r) r.recordError = message(e);
    }
  }
}

async function runSiteSync(product: Product, address: string, options: SiteSyncOptions, held: { report?: SiteSyncReport }): Promise<SiteSyncReport> {
  const started = performance.now();
  const start = new URL(address);
  start.hash = '';
  const site = start.href;
  const fetcher = new SiteFetcher(start, options);
  const report: SiteSyncReport = {
    site, mode: 'sitemap', new: [], changed: [], removed: [], failed: [], adopted: [], skipped: [], navigation: [],
    unchanged: 0, found: 0, requests: 0, downloaded: 0, notModified: 0, durationMs: 0,
  };
  held.report = report;
  options.onStart?.(report);
  const work = await mkdtemp(path.join(os.tmpdir(), 'site-sync-'));
  try {
    // Refused before anything is requested: a host outside the allowance, a private address not allowed.
    await fetcher.check(start);
    const { known, before } = await knownPages(product, site);
    const robots = await readRobots(fetcher, start);
    const run: SiteRun = { product, options, site, start, fetcher, robots, report, known, before, present: new Set(), images: new Map(), work };
    const first = await fetcher.get(site);
    if ('gone' in first) throw new AppError('not_found', `${site} answered HTTP ${first.status}: there is no sitemap or start page there`);
    if (first.status === 200 && isXml(first.contentType, first.body)) await syncSitemap(run, first.body.toString('utf8'));
    else await crawl(run, first.status === 200 ? first : undefined);
    await removeGone(run);
  } finally {
    report.requests = fetcher.requests;
    await fetcher.close();
    await rm(work, { recursive: true, force: true });
    report.durationMs = Math.round(performance.now() - started);
  }
  return report;
}

/** The site's pages earlier runs imported (by address), and the ids of every document item there is. */
async function knownPages(product: Product, site: string): Promise<{ known: Map<string, Known>; before: Set<number> }> {
  const known = new Map<string, Known>();
  const before = new Set<number>();
  for (const item of await product.items('document')) {
    before.add(item.id);
    const src = item.syncSource;
    if (src && src.root === site) known.set(src.path, { id: item.id, source: src, archived: !!item.archivedAt });
  }
  return { known, before };
}

/** The pages a sitemap lists, a few at a time: a re-run is mostly waiting for 304s. */
async function syncSitemap(run: SiteRun, xml: string): Promise<void> {
  const pages = await sitemapPages(run.fetcher, xml, run.robots);
  run.report.found = pages.length;
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(PARALLEL, pages.length) }, async () => {
    while (next < pages.length) {
      run.options.signal?.throwIfAborted();
      await visitPage(run, pages[next++]!);
    }
  }));
}

/** From the start page, the pages its links reach on the same host, one by one (at most `maxPages`). */
async function crawl(run: SiteRun, first: PageBody | undefined): Promise<void> {
  const { report, options, site, start } = run;
  report.mode = 'crawl';
  const max = options.maxPages ?? 500;
  const queued = new Set<string>([site]);
  const queue: string[] = [site];
  // Pages of earlier runs are visited too: an unchanged page (304) tells no links.
  for (const k of run.known.keys()) if (!queued.has(k)) { queued.add(k); queue.push(k); }
  for (let i = 0; i < queue.length && i < max; i++) {
    options.signal?.throwIfAborted();
    const p = queue[i]!;
    const links = await visitPage(run, p, i === 0 ? first : undefined);
    for (const l of links) {
      let u: URL;
      try { u = new URL(l); } catch { continue; }
      u.hash = '';
      if (u.host !== start.host || !/^https?:$/.test(u.protocol) || /\.(pdf|docx?|pptx?|xlsx?|zip|png|jpe?g|gif|webp|svg|mp4|mp3|css|js|xml)$/i.test(u.pathname)) continue;
      if (!queued.has(u.href)) { queued.add(u.href); queue.push(u.href); }
    }
  }
  report.found = Math.min(queue.length, max);
}

/** Pages gone: archived (or deleted). */
async function removeGone(run: SiteRun): Promise<void> {
  const { report, options, product } = run;
  for (const [key, was] of run.known) {
    if (run.present.has(key) || (was.archived && !options.delete)) continue;
    if (report.mode === 'crawl' && report.skipped.some((s) => s.path === key)) continue;
    options.signal?.throwIfAborted();
    try {
      if (options.delete) await product.remove(was.id, 'document');
      else await product.setAccess([was.id], { archived: true });
      note(run, report.removed, { action: 'removed', path: key, id: was.id, type: 'document' });
    } catch (e) {
      note(run, report.failed, { action: 'failed', path: key, id: was.id, ...failureOf(e) });
    }
  }
}

/** "3 new, 2 changed, 1 removed", as a folder sync says it. */
export const siteSyncSummary = (r: SiteSyncReport) => `${r.new.length} new, ${r.changed.length} changed, ${r.removed.length} removed`;
