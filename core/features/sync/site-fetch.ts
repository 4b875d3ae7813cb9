/**
 * Fetching a website's pages for `cms sync <URL>` (core/operations/site-sync.ts),
 * safely: only the site's own host and hosts the operator allowed
 * (`--allow-host HOST[:PORT]`); a name is resolved and its addresses checked
 * before connecting (the connection uses the checked address), and a
 * private, loopback or link-local address is refused unless its host was
 * allowed explicitly; redirects are followed by hand (each hop checked, at
 * most 5, a loop refused); a body over the size limit is cut off and refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, request } from 'undici';
import { AppError } from '../../foundation/errors';

export const SITE_USER_AGENT = 'cms-site-sync/1.0 (+smart-home content platform)';
export const SITE_MAX_BYTES = 5 * 1024 * 1024;
export const SITE_MAX_REDIRECTS = 5;

const PRIVATE = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

/** A loopback, private, link-local, multicast or unspecified address (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (!family) return true;
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export interface SiteFetchOptions {
  /** HOST or HOST:PORT entries the operator allowed: requested even at private addresses. */
  allowHosts?: readonly string[];
  maxBytes?: number;
  maxRedirects?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Validators { etag?: string; lastModified?: string }

export type FetchOutcome =
  | { status: 200; url: string; body: Buffer; contentType: string; etag?: string; lastModified?: string }
  | { status: 304; url: string }
  | { status: 404 | 410; url: string; gone: true };

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} kB`);
const hostOf = (u: URL) => u.host.toLowerCase();
const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

export class SiteFetcher {
  /** Requests sent (every hop of a redirect counts). */
  requests = 0;
  private readonly start: URL;
  private readonly allow: Array<{ host: string; port?: string }>;
  private readonly agent: Agent;

  constructor(start: string | URL, private readonly opts: SiteFetchOptions = {}) {
    this.start = new URL(start);
    if (this.start.protocol !== 'http:' && this.start.protocol !== 'https:') throw new AppError('validation', `Only http and https sites can be synced, not ${this.start.protocol}`);
    this.allow = (opts.allowHosts ?? []).map((h) => {
      const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(h.trim().toLowerCase());
      return { host: m?.[1] ?? h, ...(m?.[2] ? { port: m[2] } : {}) };
    });
    // The connection goes to the address checked here, never to a second answer of the name server.
    this.agent = new Agent({
      connect: {
        lookup: (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
          dnsLookup(hostname, { all: true }, (err, addresses) => {
            if (err) return callback(err, '', 0);
            const bad = addresses.find((a) => isPrivateAddress(a.address));
            if (bad && !this.explicitlyAllowed(hostname)) {
              return callback(Object.assign(new Error(`${hostname} resolves to ${bad.address}, a private or loopback address`), { code: 'EPRIVATE' }), '', 0);
            }
            if ((options as { all?: boolean }).all) return callback(null, addresses);
            callback(null, addresses[0]!.address, addresses[0]!.family);
          });
        },
      },
    });
  }

  /** The operator named this host (any port) or this host and port with --allow-host. */
  private explicitlyAllowed(hostname: string, port?: string): boolean {
    const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    return this.allow.some((a) => a.host === h && (!a.port || !port || a.port === port));
  }

  /** Throws unless `url` may be requested: http(s), the site's host or an allowed one, and a public address unless allowed explicitly. */
  async check(url: URL): Promise<void> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('forbidden', `${url.href} is not an http(s) address`);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const explicit = this.explicitlyAllowed(hostname, portOf(url));
    if (hostOf(url) !== hostOf(this.start) && !explicit) {
      throw new AppError('forbidden', `${url.host} is outside the site (${this.start.host}); allow it with --allow-host ${url.host}`);
    }
    if (explicit) return;
    const addresses = isIP(hostname) ? [hostname] : await new Promise<string[]>((resolve, reject) =>
      dnsLookup(hostname, { all: true }, (err, list) => (err ? reject(new AppError('unavailable', `Cannot resolve ${hostname}: ${err.code ?? err.message}`)) : resolve(list.map((a) => a.address)))));
    const bad = addresses.find(isPrivateAddress);
    if (bad) throw new AppError('forbidden', `${url.host} is at ${bad}, a private or loopback address: allow it explicitly with --allow-host ${url.host}`);
  }

  /** GET with the validators of the last run; follows redirects (checked, at most 5, no loop); a 404 or 410 is `gone`. */
  async get(address: string, validators: Validators = {}, accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'): Promise<FetchOutcome> {
    const max = this.opts.maxRedirects ?? SITE_MAX_REDIRECTS;
    const maxBytes = this.opts.maxBytes ?? SITE_MAX_BYTES;
    const seen = new Set<string>();
    let url = new URL(address);
    url.hash = '';
    for (let hop = 0; ; hop++) {
      this.opts.signal?.throwIfAborted();
      if (seen.has(url.href)) throw new AppError('validation', `Redirect loop: ${url.href} redirects back to itself (through ${seen.size} redirects)`);
      seen.add(url.href);
      await this.check(url);
      this.requests++;
      const headers: Record<string, string> = { 'user-agent': SITE_USER_AGENT, accept };
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      let res;
      try {
        res = await request(url, {
          method: 'GET', headers, dispatcher: this.agent, signal: this.opts.signal,
          headersTimeout: this.opts.timeoutMs ?? 30_000, bodyTimeout: this.opts.timeoutMs ?? 30_000,
        });
      } catch (e) {
        if ((e as { code?: string }).code === 'EPRIVATE' || /private or loopback/.test((e as Error).message)) throw new AppError('forbidden', (e as Error).message);
        if (this.opts.signal?.aborted) throw e;
        throw new AppError('unavailable', `${url.href}: ${(e as Error).message}`);
      }
      const header = (name: string) => { const v = res.headers[name]; return Array.isArray(v) ? v[0] : v; };
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = header('location');
        if (!location) throw new AppError('unavailable', `${url.href} answered ${res.statusCode} without a Location`);
        if (hop + 1 > max) throw new AppError('validation', `Too many redirects (over ${max}) from ${address}`);
        url = new URL(location, url);
        url.hash = '';
        continue;
      }
      if (res.statusCode === 304) {
        await res.body.dump();
        return { status: 304, url: url.href };
      }
      if (res.statusCode === 404 || res.statusCode === 410) {
        await res.body.dump();
        return { status: res.statusCode as 404 | 410, url: url.href, gone: true };
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new AppError('unavailable', `${url.href} answered HTTP ${res.statusCode}`);
      }
      const declared = Number(header('content-length') ?? NaN);
      if (declared > maxBytes) {
        res.body.destroy();
        throw new AppError('too_large', `The page is larger than ${sizeText(maxBytes)} (${declared} bytes)`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          res.body.destroy();
          throw new AppError('too_large', `The page is larger than ${sizeText(maxBytes)}`);
        }
        chunks.push(chunk as Buffer);
      }
      const etag = header('etag');
      const lastModified = header('last-modified');
      return { status: 200, url: url.href, body: Buffer.concat(chunks), contentType: header('content-type') ?? '', ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
    }
  }

  /** Ends every connection at once (a page cut off at the size limit may still be sending). */
  async close(): Promise<void> {
    await this.agent.destroy();
  }
}
