/**
 * Bytes on the wire for the console's first load: the HTML page, then every
 * script, module preload and stylesheet it names, fetched from the real server
 * once as a browser asks (`Accept-Encoding: br, gzip`) and once without
 * compression (what every load cost before responses were compressed).
 */
import { startTestServer } from '../server/testing';

export interface WireReport {
  files: string[];
  identityBytes: number;
  compressedBytes: number;
  encodings: Record<string, string>;
}

async function wireBytes(url: string, acceptEncoding: string | null): Promise<{ bytes: number; encoding: string; body: string }> {
  // undici's fetch would decode the body; a raw request counts what crossed the wire.
  const { request } = await import('undici');
  const res = await request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  return { bytes: raw.length, encoding, body: encoding === 'identity' ? raw.toString() : '' };
}

export async function consoleFirstLoad(): Promise<WireReport> {
  const server = await startTestServer({ worker: false });
  try {
    const page = await wireBytes(`${server.url}/`, null);
    const assets = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    const files = ['/', ...new Set(assets)];
    const report: WireReport = { files, identityBytes: 0, compressedBytes: 0, encodings: {} };
    for (const f of files) {
      const plain = await wireBytes(server.url + f, null);
      const packed = await wireBytes(server.url + f, 'br, gzip');
      report.identityBytes += plain.bytes;
      report.compressedBytes += packed.bytes;
      report.encodings[f] = packed.encoding;
    }
    return report;
  } finally {
    await server.stop();
  }
}
