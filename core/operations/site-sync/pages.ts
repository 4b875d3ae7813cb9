/** Reading a site for a sync run: page addresses and names, a page's text, robots.txt and sitemaps. */
import { isAppError } from '../../foundation/errors';
import { decodeEntities } from '../../foundation/tools/tidy';
import { allowAll, parseRobots, type Robots } from '../../features/sync/robots';
import type { SiteFetcher } from '../../features/sync/site-fetch';

export const message = (e: unknown) => (isAppError(e) || e instanceof Error ? e.message : String(e));
export const isXml = (type: string, body: Buffer) => /xml/i.test(type) || /^\s*(<\?xml|<urlset|<sitemapindex)/i.test(body.subarray(0, 200).toString('utf8'));
export const isHtml = (type: string, body: Buffer) => /html/i.test(type) || (!type && /^\s*<(!doctype html|html)/i.test(body.subarray(0, 200).toString('utf8')));
const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([\s\S]*?)\s*<\/loc>/gi)].map((m) => decodeEntities(m[1]!.replace(/^<!\[CDATA\[|\]\]>$/g, '')));
export const pageKey = (u: string) => { const url = new URL(u); url.hash = ''; return url.href; };

/** A file name for a page: its path's words, ending .html ("/products/t3" -> products-t3.html). */
export function pageFileName(u: string): string {
  const url = new URL(u);
  const words = decodeURIComponent(url.pathname + (url.search ? `-${url.search.slice(1)}` : '')).replace(/\.(html?|php|aspx?)$/i, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${(words || 'index').slice(0, 120)}.html`;
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
export async function readRobots(fetcher: SiteFetcher, start: URL): Promise<Robots> {
  try {
    const got = await fetcher.get(new URL('/robots.txt', start).href, {}, 'text/plain');
    return got.status === 200 ? parseRobots(got.body.toString('utf8'), 'cms-site-sync') : allowAll;
  } catch {
    return allowAll;
  }
}

/** The pages a sitemap lists; a sitemap index's sitemaps (one level, 50 at most) are read too. */
export async function sitemapPages(fetcher: SiteFetcher, xml: string, robots: Robots): Promise<string[]> {
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
