/**
 * One page of a website sync run: checked (allowed host, robots.txt),
 * fetched with what the last run saw (a 304 is unchanged), read by the HTML
 * format, and imported as a document item (new, changed, un-archived or
 * adopted) unless it is mostly navigation or its content hash is the same.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readHtmlPage } from '../../features/ingest/html';
import { failureOf } from '../../features/sync/failure';
import type { Robots } from '../../features/sync/robots';
import type { SiteFetcher } from '../../features/sync/site-fetch';
import type { Product } from '../../product/types';
import type { SyncSource } from '../../foundation/types';
import { bundle } from './bundle';
import { decodePage, isHtml, message, pageFileName, pageKey } from './pages';
import type { Known, PageBody, SiteSyncEvent, SiteSyncOptions, SiteSyncReport } from './types';

/** What a run holds while it visits pages. */
export interface SiteRun {
  product: Product;
  options: SiteSyncOptions;
  /** The site's address (the sitemap or start page, without its #fragment). */
  site: string;
  start: URL;
  fetcher: SiteFetcher;
  robots: Robots;
  report: SiteSyncReport;
  /** Pages earlier runs imported, by address. */
  known: Map<string, Known>;
  /** Ids of the document items there were before the run. */
  before: Set<number>;
  /** Pages present this run (listed, or reached and not gone). */
  present: Set<string>;
  /** Pictures fetched this run, by address (null: not a picture to keep). */
  images: Map<string, string | null>;
  /** The run's private folder for pages as stored. */
  work: string;
}

export function note(run: SiteRun, list: SiteSyncEvent[], e: SiteSyncEvent): void {
  list.push(e);
  run.options.onPage?.(e);
}

function skip(run: SiteRun, p: string, reason: string): void {
  run.report.skipped.push({ path: p, reason });
  run.options.onPage?.({ action: 'skipped', path: p, error: reason });
}

/** Visits one page; returns the links it holds (none when it was not read). */
export async function visitPage(run: SiteRun, pageUrl: string, prefetched?: PageBody): Promise<string[]> {
  const { report } = run;
  const key = pageKey(pageUrl);
  const was = run.known.get(key);
  try {
    const got = await fetchPage(run, key, was, prefetched);
    if (!got) return [];
    const html = decodePage(got.body, got.contentType);
    const page = await readHtmlPage(html, got.url);
    if (page.navigation) {
      report.navigation.push(key);
      skip(run, key, `mostly navigation (${Math.round(page.linkShare * 100)} % of its text is links): nothing to import`);
      return page.links;
    }
    await importPage(run, key, was, got, html, page);
    return page.links;
  } catch (e) {
    if (run.options.signal?.aborted) throw e;
    note(run, report.failed, { action: 'failed', path: key, ...(was ? { id: was.id } : {}), ...failureOf(e) });
    return [];
  }
}

/** The page's HTML answer, or null when there is nothing to read (skipped, gone, unchanged, not HTML): counted in the report. */
async function fetchPage(run: SiteRun, key: string, was: Known | undefined, prefetched?: PageBody): Promise<PageBody | null> {
  const { report } = run;
  const url = new URL(key);
  try {
    await run.fetcher.check(url);
  } catch (e) {
    skip(run, key, message(e));
    return null;
  }
  if (!run.robots.allowed(url.pathname + url.search)) {
    skip(run, key, 'disallowed by robots.txt');
    return null;
  }
  run.present.add(key);
  const got = prefetched ?? await run.fetcher.get(key, was && !was.archived ? { etag: was.source.etag, lastModified: was.source.lastModified } : {});
  if ('gone' in got) {
    run.present.delete(key);
    if (!was) note(run, report.failed, { action: 'failed', path: key, error: `HTTP ${got.status}: the page is not there`, errorCode: 'not_found', transient: false });
    return null;
  }
  if (got.status === 304) {
    report.notModified++;
    report.unchanged++;
    return null;
  }
  report.downloaded++;
  if (!isHtml(got.contentType, got.body)) {
    skip(run, key, `not an HTML page (${got.contentType || 'no content type'})`);
    return null;
  }
  return got;
}

/** The page as a document item: un-archived, left alone when its content is the same, else replaced or uploaded. */
async function importPage(run: SiteRun, key: string, was: Known | undefined, got: PageBody, html: string, page: Awaited<ReturnType<typeof readHtmlPage>>): Promise<void> {
  const { product, options, report } = run;
  if (was?.archived) {
    await product.setAccess([was.id], { archived: false });
    note(run, report.new, { action: 'new', path: key, id: was.id, type: 'document' });
  }
  const source: SyncSource = {
    root: run.site, path: key, sha256: page.contentHash, size: got.body.length, mtimeMs: got.lastModified ? Date.parse(got.lastModified) || 0 : 0,
    ...(got.etag ? { etag: got.etag } : {}), ...(got.lastModified ? { lastModified: got.lastModified } : {}),
  };
  if (was && was.source.sha256 === page.contentHash) {
    if (!was.archived) report.unchanged++;
    return;
  }
  const file = path.join(run.work, `${report.downloaded}-${pageFileName(key)}`);
  await writeFile(file, await bundle(html, got.url, page.images.map((i) => i.src), run.fetcher, run.robots, run.images));
  const upload = { path: file, fileName: pageFileName(key) };
  if (was) {
    await product.replace(was.id, { file: upload, type: 'document', approve: options.approve, syncSource: source });
    if (!was.archived) note(run, report.changed, { action: 'changed', path: key, id: was.id, type: 'document' });
    return;
  }
  const up = await product.upload({
    kind: 'document', file: upload,
    fields: { title: page.title || pageFileName(key), force: true, ...(options.approve ? { approve: true } : {}), ...(options.audience ? { audience: options.audience } : {}), syncSource: JSON.stringify(source) },
  });
  if (run.before.has(up.item.id)) note(run, report.adopted, { action: 'adopted', path: key, id: up.item.id, type: 'document' });
  else note(run, report.new, { action: 'new', path: key, id: up.item.id, type: 'document' });
}
