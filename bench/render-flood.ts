/**
 * Render flood: other visitors' rag-query median with and without one
 * address flooding the anonymous page-render route (made-up chunk numbers
 * and every page of a real document, 8 requests at a time, as issue 24's
 * reproduction). A real server process behind TRUST_PROXY=1, so each
 * visitor has its own address (X-Forwarded-For); offline answerer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTextPdf, textPdfPagePhrase } from '../core/testing/fixtures';
import { startTestServer } from '../server/testing';
import { percentile } from './proc';
import { folderBytes } from './disk-watch';

export async function renderFlood(seconds = 20) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-flood-'));
  const server = await startTestServer({ process: true, worker: true, env: { TRUST_PROXY: '1', AUTO_APPROVE: 'true', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000' } });
  try {
    const auth = { authorization: `Bearer ${server.token}` };
    const pages = 40;
    const form = new FormData();
    form.set('title', 'Blind manual');
    form.set('file', new Blob([await (await import('node:fs/promises')).readFile(await makeTextPdf(pages, path.join(dir, 'manual.pdf')))]), 'manual.pdf');
    const created = await fetch(`${server.url}/api/documents`, { method: 'POST', headers: auth, body: form });
    if (created.status >= 300) throw new Error(`upload: ${created.status} ${await created.text()}`);
    const id = ((await created.json()) as { id: number }).id;
    for (;;) {
      const rows = (await (await fetch(`${server.url}/api/documents`, { headers: auth })).json()) as Array<{ id: number; status: string }>;
      const status = rows.find((r) => r.id === id)?.status;
      if (status === 'completed') break;
      if (status === 'failed') throw new Error('the manual failed to import');
      await new Promise((r) => setTimeout(r, 200));
    }

    const visitors = ['198.51.100.11', '198.51.100.12', '198.51.100.13'];
    const askFor = async (ms: number) => {
      const lat: number[] = [];
      const end = Date.now() + ms;
      await Promise.all(visitors.map(async (ip, v) => {
        for (let i = 0; Date.now() < end; i++) {
          const t = performance.now();
          const res = await fetch(`${server.url}/api/bot/rag-query`, {
            method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ query: `${textPdfPagePhrase(1 + ((i * 7 + v) % pages))}?`, referenceId: `flood_${v}_${i}_0000000000` }),
          });
          await res.arrayBuffer();
          if (res.status === 200) lat.push(performance.now() - t);
        }
      }));
      return { answers: lat.length, median: percentile(lat, 50), p95: percentile(lat, 95) };
    };

    const quiet = await askFor(seconds * 1000);
    const statuses = new Map<number, number>();
    const diskBefore = folderBytes(server.dataDir);
    let flooding = true;
    let sent = 0;
    const flood = Promise.all(Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; flooding; i++) {
        const n = i * 8 + w;
        // Half made-up chunk numbers, half real pages (each a new render until the address's budget is spent).
        const key = n % 2 ? `pages/${1 + (n % pages)}-c${100_000 + n}.png` : `pages/${1 + ((n >> 1) % pages)}.png`;
        const res = await fetch(`${server.url}/api/files/images/documents/${id}/${key}`, { headers: { 'x-forwarded-for': '203.0.113.66' } });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        sent++;
      }
    }));
    const flooded = await askFor(seconds * 1000);
    flooding = false;
    await flood;
    const renders = folderBytes(server.dataDir) - diskBefore;
    return {
      seconds, quiet, flooded, floodRequests: sent, floodStatuses: Object.fromEntries(statuses),
      floodDiskMb: renders / 1024 / 1024, load: os.loadavg().map((x) => x.toFixed(2)).join(', '),
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(JSON.stringify(await renderFlood(Number(process.argv[2] ?? 20))) + '\n');
}
