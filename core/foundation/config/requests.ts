/** What the server accepts from clients: uploads and request deadlines, rate limits, proxies believed, sites embedding the widget. */
import { isIP } from 'node:net';
import type { EnvReader } from './read';
import type { Config } from './types';

export function uploadsConfig({ int }: EnvReader): Config['uploads'] {
  return {
    maxBytes: int('MAX_UPLOAD_MB', 512, 1, 1024 * 100) * 1024 * 1024, idleTimeoutMs: int('UPLOAD_IDLE_TIMEOUT_S', 30, 1, 3600) * 1000,
    bodyTimeoutMs: int('BODY_TIMEOUT_S', 10, 1, 3600) * 1000,
    uploadBaseMs: int('UPLOAD_TIMEOUT_BASE_S', 60, 1, 86_400) * 1000,
    uploadMinBytesPerSec: int('UPLOAD_MIN_KBPS', 64, 1, 1024 * 1024) * 1024,
  };
}

export function limitsConfig({ int }: EnvReader): Config['limits'] {
  return {
    publicPerMinute: int('PUBLIC_RATE_LIMIT', 1200, 1, 10_000_000),
    chatPerMinute: int('CHAT_RATE_LIMIT', 20, 1, 100_000),
    chatPerMinutePerAddress: int('CHAT_RATE_LIMIT_PER_IP', 60, 1, 100_000),
    chatMaxMessageChars: int('CHAT_MAX_MESSAGE_CHARS', 2000, 10, 100_000),
    loginPerMinute: int('LOGIN_RATE_LIMIT', 10, 1, 10_000),
    loginFailuresPerAccount: int('LOGIN_ACCOUNT_LIMIT', 10, 1, 10_000),
  };
}

/** WIDGET_ORIGINS: whole origins, or * alone for any site. */
export function widgetOrigins({ str, problems }: EnvReader): string[] {
  const origins: string[] = [];
  for (const o of (str('WIDGET_ORIGINS', '') ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (o === '*') {
      origins.push(o);
      continue;
    }
    try {
      if (o.includes('*')) throw new Error('a pattern');
      const u = new URL(o);
      if (!/^https?:$/.test(u.protocol) || u.pathname !== '/' || u.search) throw new Error('not an origin');
      origins.push(u.origin);
    } catch {
      problems.push(`WIDGET_ORIGINS must list origins like https://www.example.com, each site in full (got "${o}"; patterns such as https://*.example are not supported, * alone allows any site)`);
    }
  }
  return origins;
}

/**
 * TRUST_PROXY: unset/false (the socket address is the client), a number of
 * proxy hops in front of the server, or a comma-separated list of proxy
 * addresses. `true` is refused: it would believe any client's X-Forwarded-For.
 */
export function parseTrustProxy(v: string | null, problems: string[]): Config['trustProxy'] {
  if (v === null || /^(0|false|no|off)$/i.test(v)) return { hops: 0, addresses: [] };
  if (/^\d+$/.test(v)) return { hops: Math.min(Number(v), 10), addresses: [] };
  if (/^(true|yes|on)$/i.test(v)) {
    problems.push('TRUST_PROXY=true would trust any client\'s X-Forwarded-For: set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.6)');
    return { hops: 0, addresses: [] };
  }
  const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
  const bad = addresses.filter((a) => isIP(a.replace(/\/\d+$/, '')) === 0);
  if (bad.length) problems.push(`TRUST_PROXY must be a number of hops or a list of IP addresses (got "${bad.join(', ')}")`);
  return { hops: 0, addresses };
}
