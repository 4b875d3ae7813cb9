/** A synced page as stored: UTF-8, with a <base>, its pictures on allowed hosts embedded as data: URLs. */
import { imageSizeFromBytes } from '../../formats/sniff';
import type { Robots } from '../../features/sync/robots';
import type { SiteFetcher } from '../../features/sync/site-fetch';

const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
function imageMime(b: Buffer): string | null {
  if (b.subarray(0, 8).toString('latin1') === '\x89PNG\r\n\x1a\n') return IMAGE_MIME.png!;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return IMAGE_MIME.jpeg!;
  if (/^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))) return IMAGE_MIME.gif!;
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return IMAGE_MIME.webp!;
  return null;
}

/**
 * The page as stored: its pictures on allowed hosts fetched and embedded
 * (data: URLs; the HTML format's extractor takes them as the document's
 * images), and a <base> so its links keep their addresses.
 */
export async function bundle(html: string, url: string, srcs: string[], fetcher: SiteFetcher, robots: Robots, cache: Map<string, string | null>): Promise<string> {
  const { parseHTML } = await import('linkedom');
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
