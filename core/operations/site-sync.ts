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
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { AppError, isAppError } from '../foundation/errors';
import { readHtmlPage } from '../features/ingest/html';
import type { Product } from '../product/types';
import { decodeEntities } from '../foundation/tools/tidy';
import type { Audience, SyncSource } from '../foundation/types';
import { imageSizeFromBytes } from '../formats/sniff';
import { allowAll, parseRobots, type Robots } from '../features/sync/robots';
import { SiteFetcher, type SiteFetchOptions } from '../features/sync/site-fetch';
import { failureOf } from '../features/sync/failure';

export interface SiteSyncOptions extends Pick<SiteFetchOptions, 'allowHosts' | 'maxBytes' | 'maxRedirects' | 'timeoutMs'> {
  approve?: boolean;
  audience?: Audience;
  /** Delete the items of pages gone instead of archiving them. */
  delete?: boolean;
  signal?: AbortSignal;
  /** Pages a crawl from a start page reads at most (default 500). */
  maxPages?: number;
  onPage?: (event: SiteSyncEvent) => void;
  /** Given the run's report as it fills (found once the sitemap is read, the lists and counts as pages go): a console's progress. */
  onStart?: (report: SiteSyncReport) => void;
}

export interface SiteSyncEvent {
  action: 'new' | 'changed' | 'removed' | 'failed' | 'adopted' | 'skipped';
  /** The page's address. */
  path: string;
  id?: number;
  type?: 'document';
  error?: string;
  /** A failure's error code and whether it may pass by itself (./failure.ts). */
  errorCode?: string;
  transient?: boolean;
}

export interface SiteSyncReport {
  site: string;
  /** 'sitemap' when the address was a sitemap, 'crawl' from a start page. */
  mode: 'sitemap' | 'crawl';
  new: SiteSyncEvent[];
  changed: SiteSyncEvent[];
  removed: SiteSyncEvent[];
  failed: SiteSyncEvent[];
  adopted: SiteSyncEvent[];
  /** Pages not requested or not imported, with the reason (robots.txt, outside the site, mostly navigation, not HTML). */
  skipped: Array<{ path: string; reason: string }>;
  /** Pages flagged as mostly navigation (menus and links): not imported. */
  navigation: string[];
  unchanged: number;
  /** Pages the site listed or a crawl reached. */
  found: number;
  /** HTTP requests sent (robots.txt, sitemaps, pages, pictures, every redirect hop). */
  requests: number;
  /** Pages whose body was downloaded (200), and pages the server said were unchanged (304). */
  downloaded: number;
  notModified: number;
  durationMs: number;
  /** The run as recorded for the console's Website sources (core/features/sync/site-runs.ts); `recordError` when it could not be. */
  runId?: number;
  recordError?: string;
}

interface Known { id: number; source: SyncSource; archived: boolean }

/** Pages of a sitemap fetched at the same time. */
const PARALLEL = 4;
const message = (e: unknown) => (isAppError(e) || e instanceof Error ? e.message : String(e));
const isXml = (type: string, body: Buffer) => /xml/i.test(type) || /^\s*(<\?xml|<urlset|<sitemapindex)/i.test(body.subarray(0, 200).toString('utf8'));
const isHtml = (type: string, body: Buffer) => /html/i.test(type) || (!type && /^\s*<(!doctype html|html)/i.test(body.subarray(0, 200).toString('utf8')));
const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([\s\S]*?)\s*<\/loc>/gi)].map((m) => decodeEntities(m[1]!.replace(/^<!\[CDATA\[|\]\]>$/g, '')));
const pageKey = (u: string) => { const url = new URL(u); url.hash = ''; return url.href; };

/** A file name for a page: its path's words, ending .html ("/products/t3" -> products-t3.html). */
export function pageFileName(u: string): string {
  const url = new URL(u);
  const words = decodeURIComponent(url.pathname + (url.search ? `-${url.search.slice(1)}` : '')).replace(/\.(html?|php|aspx?)$/i, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${(words || 'index').slice(0, 120)}.html`;
}

const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
function imageMime(b: Buffer): string | null {
  if (b.subarray(0, 8).toString('latin1') === '\x89PNG\r\n\x1a\n') return IMAGE_MIME.png!;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return IMAGE_MIME.jpeg!;
  if (/^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))) return IMAGE_MIME.gif!;
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return IMAGE_MIME.webp!;
  return null;
}

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
    const known = new Map<string, Known>();
    const before = new Set<number>();
    for (const item of await product.items('document')) {
      before.add(item.id);
      const src = item.syncSource;
      if (src && src.root === site) known.set(src.path, { id: item.id, source: src, archived: !!item.archivedAt });
    }
    const note = (list: SiteSyncEvent[], e: SiteSyncEvent) => {
      list.push(e);
      options.onPage?.(e);
    };
    const skip = (p: string, reason: string) => {
      report.skipped.push({ path: p, reason });
      options.onPage?.({ action: 'skipped', path: p, error: reason });
    };

    const robots = await readRobots(fetcher, start);
    const images = new Map<string, string | null>();
    /** Pages present this run (listed, or reached and not gone). */
    const present = new Set<string>();

    const visit = async (pageUrl: string, prefetched?: Extract<Awaited<ReturnType<SiteFetcher['get']>>, { status: 200 }>): Promise<string[]> => {
      const key = pageKey(pageUrl);
      const was = known.get(key);
      try {
        const url = new URL(key);
        try {
          await fetcher.check(url);
        } catch (e) {
          skip(key, message(e));
          return [];
        }
        if (!robots.allowed(url.pathname + url.search)) {
          skip(key, 'disallowed by robots.txt');
          return [];
        }
        present.add(key);
        const got = prefetched ?? await fetcher.get(key, was && !was.archived ? { etag: was.source.etag, lastModified: was.source.lastModified } : {});
        if ('gone' in got) {
          present.delete(key);
          if (!was) note(report.failed, { action: 'failed', path: key, error: `HTTP ${got.status}: the page is not there`, errorCode: 'not_found', transient: false });
          return [];
        }
        if (got.status === 304) {
          report.notModified++;
          report.unchanged++;
          return [];
        }
        report.downloaded++;
        if (!isHtml(got.contentType, got.body)) {
          skip(key, `not an HTML page (${got.contentType || 'no content type'})`);
          return [];
        }
        const html = decodePage(got.body, got.contentType);
        const page = readHtmlPage(html, got.url);
        const links = page.links;
        if (page.navigation) {
          report.navigation.push(key);
          skip(key, `mostly navigation (${Math.round(page.linkShare * 100)} % of its text is links): nothing to import`);
          return links;
        }
        if (was?.archived) {
          await product.setAccess([was.id], { archived: false });
          note(report.new, { action: 'new', path: key, id: was.id, type: 'document' });
        }
        const source: SyncSource = {
          root: site, path: key, sha256: page.contentHash, size: got.body.length, mtimeMs: got.lastModified ? Date.parse(got.lastModified) || 0 : 0,
          ...(got.etag ? { etag: got.etag } : {}), ...(got.lastModified ? { lastModified: got.lastModified } : {}),
        };
        if (was && was.source.sha256 === page.contentHash) {
          if (!was.archived) report.unchanged++;
          return links;
        }
        const file = path.join(work, `${report.downloaded}-${pageFileName(key)}`);
        await writeFile(file, await bundle(html, got.url, page.images.map((i) => i.src), fetcher, robots, images));
        const upload = { path: file, fileName: pageFileName(key) };
        if (was) {
          await product.replace(was.id, { file: upload, type: 'document', approve: options.approve, syncSource: source });
          if (!was.archived) note(report.changed, { action: 'changed', path: key, id: was.id, type: 'document' });
          return links;
        }
        const up = await product.upload({
          kind: 'document', file: upload,
          fields: { title: page.title || pageFileName(key), force: true, ...(options.approve ? { approve: true } : {}), ...(options.audience ? { audience: options.audience } : {}), syncSource: JSON.stringify(source) },
        });
        if (before.has(up.item.id)) note(report.adopted, { action: 'adopted', path: key, id: up.item.id, type: 'document' });
        else note(report.new, { action: 'new', path: key, id: up.item.id, type: 'document' });
        return links;
      } catch (e) {
        if (options.signal?.aborted) throw e;
        note(report.failed, { action: 'failed', path: key, ...(was ? { id: was.id } : {}), ...failureOf(e) });
        return [];
      }
    };

    const first = await fetcher.get(site);
    if ('gone' in first) throw new AppError('not_found', `${site} answered HTTP ${first.status}: there is no sitemap or start page there`);
    if (first.status === 200 && isXml(first.contentType, first.body)) {
      const pages = await sitemapPages(fetcher, first.body.toString('utf8'), robots);
      report.found = pages.length;
      // A few pages at a time: a re-run is mostly waiting for 304s.
      let next = 0;
      await Promise.all(Array.from({ length: Math.min(PARALLEL, pages.length) }, async () => {
        while (next < pages.length) {
          options.signal?.throwIfAborted();
          await visit(pages[next++]!);
        }
      }));
    } else {
      report.mode = 'crawl';
      const max = options.maxPages ?? 500;
      const queued = new Set<string>([site]);
      const queue: string[] = [site];
      // Pages of earlier runs are visited too: an unchanged page (304) tells no links.
      for (const k of known.keys()) if (!queued.has(k)) { queued.add(k); queue.push(k); }
      for (let i = 0; i < queue.length && i < max; i++) {
        options.signal?.throwIfAborted();
        const p = queue[i]!;
        const links = await visit(p, i === 0 && first.status === 200 ? first : undefined);
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

    // Pages gone: archived (or deleted).
    for (const [key, was] of known) {
      if (present.has(key) || (was.archived && !options.delete)) continue;
      if (report.mode === 'crawl' && report.skipped.some((s) => s.path === key)) continue;
      options.signal?.throwIfAborted();
      try {
        if (options.delete) await product.remove(was.id, 'document');
        else await product.setAccess([was.id], { archived: true });
        note(report.removed, { action: 'removed', path: key, id: was.id, type: 'document' });
      } catch (e) {
        note(report.failed, { action: 'failed', path: key, id: was.id, ...failureOf(e) });
      }
    }
  } finally {
    report.requests = fetcher.requests;
    await fetcher.close();
    await rm(work, { recursive: true, force: true });
    report.durationMs = Math.round(performance.now() - started);
  }
  return report;
}

/** A page's text in the character set its server or its <meta> names (UTF-8 when none or unknown). */
export function decodePage(body: Buffer, contentType: string): string {
  const named = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(body);
  } catch {
    return body.toString('utf8');
  }
}

/** The site's robots.txt for our agent; none (404) or unreadable: everything allowed. */
async function readRobots(fetcher: SiteFetcher, start: URL): Promise<Robots> {
  try {
    const got = await fetcher.get(new URL('/robots.txt', start).href, {}, 'text/plain');
    return got.status === 200 ? parseRobots(got.body.toString('utf8'), 'cms-site-sync') : allowAll;
  } catch {
    return allowAll;
  }
}

/** The pages a sitemap lists; a sitemap index's sitemaps (one level, 50 at most) are read too. */
async function sitemapPages(fetcher: SiteFetcher, xml: string, robots: Robots): Promise<string[]> {
  const pages = new Set<string>();
  if (/<sitemapindex/i.test(xml)) {
    for (const child of locs(xml).slice(0, 50)) {
      try {
        const u = new URL(child);
        if (!robots.allowed(u.pathname + u.search)) continue;
        const got = await fetcher.get(u.href, {}, 'application/xml');
        if (got.status === 200) for (const p of locs(got.body.toString('utf8'))) pages.add(pageKey(p));
      } catch { /* a child sitemap that cannot be read lists nothing */ }
    }
  } else {
    for (const p of locs(xml)) {
      try { pages.add(pageKey(p)); } catch { /* not an address */ }
    }
  }
  return [...pages];
}

/**
 * The page as stored: its pictures on allowed hosts fetched and embedded
 * (data: URLs; the HTML format's extractor takes them as the document's
 * images), and a <base> so its links keep their addresses.
 */
async function bundle(html: string, url: string, srcs: string[], fetcher: SiteFetcher, robots: Robots, cache: Map<string, string | null>): Promise<string> {
  const { document } = parseHTML(html);
  const head = document.querySelector('head');
  // Stored as UTF-8, whatever the site sent.
  for (const m of document.querySelectorAll('meta[charset], meta[http-equiv]')) {
    if (m.hasAttribute('charset') || /content-type/i.test(m.getAttribute('http-equiv') ?? '')) m.remove();
  }
  if (head) {
    const meta = document.createElement('meta');
    meta.setAttribute('charset', 'utf-8');
    head.insertBefore(meta, head.firstChild);
  }
  if (head && !document.querySelector('base[href]')) {
    const base = document.createElement('base');
    base.setAttribute('href', url);
    head.insertBefore(base, head.firstChild);
  }
  const wanted = new Set(srcs.filter((s) => /^https?:/i.test(s)));
  for (const img of document.querySelectorAll('img[src]')) {
    let abs: string;
    try { abs = new URL(img.getAttribute('src')!, url).href; } catch { continue; }
    if (!wanted.has(abs)) continue;
    if (!cache.has(abs)) cache.set(abs, await fetchImage(fetcher, robots, abs));
    const data = cache.get(abs);
    if (data) img.setAttribute('src', data);
  }
  return document.toString();
}

async function fetchImage(fetcher: SiteFetcher, robots: Robots, src: string): Promise<string | null> {
  try {
    const u = new URL(src);
    await fetcher.check(u);
    if (!robots.allowed(u.pathname + u.search)) return null;
    const got = await fetcher.get(src, {}, 'image/*');
    if (got.status !== 200) return null;
    const mime = imageMime(got.body);
    const size = mime ? imageSizeFromBytes(got.body) : undefined;
    // Spacers and tracking pixels are no pictures.
    if (!mime || (size && (size.width < 16 || size.height < 16))) return null;
    return `data:${mime};base64,${got.body.toString('base64')}`;
  } catch {
    return null;
  }
}

/** "3 new, 2 changed, 1 removed", as a folder sync says it. */
export const siteSyncSummary = (r: SiteSyncReport) => `${r.new.length} new, ${r.changed.length} changed, ${r.removed.length} removed`;
