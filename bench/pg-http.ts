/**
 * PostgreSQL mode through HTTP, with the durable store (every write
 * committed before its answer): the public-chat load on two server
 * processes, and a catalog of 100,000 documents (each with its finished
 * ingest job and one search chunk) listed and searched through two server
 * processes, with each process's memory.
 *   node --import tsx bench/pg-http.ts [items]        (BENCH_ONLY=pg in npm run bench)
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { migrate } from '../core/engines/postgres/migrate';
import { openPool } from '../core/engines/postgres/pool';
import { postgresMigrations } from '../core/composition/shared-state';
import { findPostgres, startPostgres } from '../core/testing/postgres';
import { startTestServer, type TestServer } from '../server/testing';
import { chatLoad } from './chat-load';
import { percentile } from './proc';

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

/** Times `n` calls; a call that fails is counted and named, not fatal (the figures before it are kept). */
async function timed(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  const lat: number[] = [];
  let errors = 0;
  let error: string | undefined;
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    try {
      await fn(i);
      lat.push(performance.now() - s);
    } catch (e) {
      errors++;
      error = (e as Error).message;
    }
  }
  const pct = (p: number) => (lat.length ? +percentile(lat, p).toFixed(1) : NaN);
  const out = { n, p50: pct(50), p95: pct(95), errors, ...(error ? { error } : {}) };
  console.log(`  ${label.padEnd(60)} p50 ${out.p50} ms, p95 ${out.p95} ms${errors ? `, ${errors} failed (${error})` : ''}`);
  return out;
}

/** 100,000 completed documents, their finished ingest jobs and one search chunk each, written in SQL. */
async function seedCatalog(url: string, n: number) {
  const pool = await openPool({ url, max: 4 });
  try {
    await migrate(pool, postgresMigrations);
    const at = new Date().toISOString();
    await pool.query(`
      INSERT INTO catalog_rows (collection, id, data)
      SELECT 'documents', i, jsonb_build_object('id', i, 'title', 'Manual ' || i || ' for the M' || (i % 97) || ' motor', 'description', 'Installation and warranty',
        'status', 'completed', 'progress', 100, 'step', null, 'error', null, 'categoryId', null, 'fileName', 'manual-' || i || '.pdf', 'fileKey', 'documents/manual-' || i || '.pdf',
        'filePath', '/api/files/documents/manual-' || i || '.pdf', 'fileType', 'application/pdf', 'size', 120000, 'pageCount', 12, 'chunkCount', 1, 'imageCount', 0,
        'sourceLanguage', 'en', 'createdAt', $2::text, 'updatedAt', $2::text, 'review', 'approved', 'audience', 'public')
      FROM generate_series(1, $1::int) AS i`, [n, at]);
    await pool.query(`
      INSERT INTO catalog_rows (collection, id, data)
      SELECT 'jobs', $1::int + i, jsonb_build_object('id', $1::int + i, 'kind', 'ingest', 'itemType', 'document', 'itemId', i, 'params', '{}'::jsonb, 'state', 'completed',
        'progress', 100, 'step', 'done', 'attempts', 1, 'error', null, 'createdAt', $2::text, 'updatedAt', $2::text, 'startedAt', $2::text, 'finishedAt', $2::text)
      FROM generate_series(1, $1::int) AS i`, [n, at]);
    await pool.query("SELECT setval('catalog_ids', $1)", [2 * n + 1]);
    await pool.query(`
      INSERT INTO search_chunks (id, item_type, item_id, chunk)
      SELECT 'document:' || i || ':0', 'document', i, jsonb_build_object('id', 'document:' || i || ':0', 'itemType', 'document', 'itemId', i,
        'title', 'Manual ' || i, 'text', 'The M' || (i % 97) || ' motor carries a ' || (2 + i % 5) || ' year warranty; pair remote ' || i || ' by holding P2.',
        'page', 1, 'slide', null, 'heading', null, 'language', 'en', 'imageIds', '[]'::jsonb, 'ordinal', 0)
      FROM generate_series(1, $1::int) AS i`, [n]);
    await pool.query('ANALYZE');
  } finally {
    await pool.end();
  }
}

export async function catalogOverHttp(url: string, n: number) {
  console.log(`  (load average at start: ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
  const t0 = performance.now();
  await seedCatalog(url, n);
  const seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  const env = { DATABASE_URL: url, WORKER_CONCURRENCY: '0', PUBLIC_RATE_LIMIT: '10000000', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000', TRUST_PROXY: '1' };
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  try {
    const startS = performance.now();
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pg-http-'));
      dirs.push(dir);
      servers.push(await startTestServer({ process: true, worker: false, dataDir: dir, env, startTimeoutMs: 600_000 }));
    }
    const startSeconds = +((performance.now() - startS) / 1000 / 2).toFixed(1);
    const get = (s: TestServer, route: string) => fetch(s.url + route, { headers: { authorization: `Bearer ${s.token}` } }).then(async (r) => {
      const body = await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`GET ${route} answered ${r.status}`);
      return body.byteLength;
    });
    const at = (i: number) => servers[i % 2]!;
    console.log(`\n${n.toLocaleString('en')} documents (+ their jobs and chunks) through HTTP, two server processes on PostgreSQL`);
    let listBytes = 0;
    const list = await timed('GET /api/documents (no parameters)', 6, async (i) => { listBytes = await get(at(i), '/api/documents'); });
    console.log(`    answer size ${(listBytes / 2 ** 20).toFixed(1)} MB`);
    const pages = await timed('GET /api/documents?limit=50&offset=... (a page)', 50, (i) => get(at(i), `/api/documents?limit=50&offset=${(i * 1999) % n}`));
    const content = await timed('GET /api/content?type=document&limit=50', 20, (i) => get(at(i), `/api/content?type=document&limit=50&offset=${i * 50}`));
    const dashboard = await timed('GET /api/dashboard/metrics', 20, (i) => get(at(i), '/api/dashboard/metrics'));
    const jobs = await timed('GET /api/jobs?state=failed', 50, (i) => get(at(i), '/api/jobs?state=failed'));
    const health = await timed('GET /api/health/details', 100, (i) => get(at(i), '/api/health/details'));
    const search = await timed('GET /api/search?q=... (k=10)', 100, (i) => get(at(i), `/api/search?q=${encodeURIComponent(`M${i % 97} motor warranty`)}&k=10`));
    // A visitor's question (anonymous: only public items are searched; the offline answerer).
    const { referenceId } = (await (await fetch(`${servers[0]!.url}/api/bot/session`, { method: 'POST' })).json()) as { referenceId: string };
    const publicAsk = await timed('POST /api/bot/rag-query, anonymous (public items only)', 20, async (i) => {
      const r = await fetch(`${at(i).url}/api/bot/rag-query`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `How long is the warranty of the M${i % 97} motor?`, referenceId }),
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`POST /api/bot/rag-query answered ${r.status}`);
    });
    const rss = servers.map((s) => rssMb(s.child!.pid!));
    console.log(`  ${'memory per server process (RSS)'.padEnd(60)} ${rss.join(' MB, ')} MB (start ${startSeconds} s each)`);
    return {
      items: n, jobs: n, chunks: n, seedSeconds, startSecondsPerServer: startSeconds,
      listAllMs: { ...list, mb: +(listBytes / 2 ** 20).toFixed(1) }, pageMs: pages, contentPageMs: content, dashboardMs: dashboard, failedJobsMs: jobs, healthDetailsMs: health, searchMs: search, publicAskMs: publicAsk,
      rssMbPerServer: rss,
    };
  } finally {
    for (const s of servers) await s.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** The `BENCH_ONLY=pg` section: two servers on PostgreSQL under chat load, then 100,000 items through HTTP. */
export async function pgHttpBench(line: (label: string, value: string) => void, items = 100_000) {
  const found = findPostgres();
  if (!process.env.BENCH_DATABASE_URL && 'reason' in found) {
    console.log(`\nPostgreSQL mode: skipped (${found.reason})`);
    return { skipped: found.reason };
  }
  const pg = process.env.BENCH_DATABASE_URL ? null : await startPostgres();
  try {
    // BENCH_PG_PARTS=chat or =catalog runs one of the two parts.
    const parts = (process.env.BENCH_PG_PARTS ?? 'chat,catalog').split(',');
    if (!parts.includes('chat')) return { catalog: await catalogOverHttp(await pg!.createDatabase('bench_catalog'), items) };
    const chatUrl = process.env.BENCH_DATABASE_URL ?? (await pg!.createDatabase('bench_chat'));
    console.log('\nPublic chat, two server processes on PostgreSQL (durable store; 20,000 stored messages, 32 connections, 10 s each)');
    const chat = await chatLoad({ servers: 2, env: { DATABASE_URL: chatUrl } });
    line('polling GET /api/bot/messages alone', `${chat.alone.perSecond.toFixed(0)} req/s, p99 ${chat.alone.p99.toFixed(1)} ms (${chat.alone.errors} errors)`);
    line(`  with ${chat.writes.perSecond} chat writes/s beside it`, `${chat.withWrites.perSecond.toFixed(0)} req/s, p99 ${chat.withWrites.p99.toFixed(1)} ms (${chat.withWrites.errors} errors)`);
    line('  the chat writes themselves', `p50 ${chat.writes.p50.toFixed(1)} ms, p99 ${chat.writes.p99.toFixed(1)} ms`);
    line('POST /api/categories (admin write, committed before the answer)', `p50 ${chat.adminWrite.p50.toFixed(1)} ms, p99 ${chat.adminWrite.p99.toFixed(1)} ms`);
    if (!parts.includes('catalog')) return { chat };
    if (process.env.BENCH_DATABASE_URL) return { chat, catalog: { skipped: 'BENCH_DATABASE_URL is shared with the chat figure' } };
    const catalog = await catalogOverHttp(await pg!.createDatabase('bench_catalog'), items);
    return { chat, catalog };
  } finally {
    await pg?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await pgHttpBench((label, value) => console.log(`  ${label.padEnd(60)} ${value}`), Number(process.argv[2] ?? 100_000));
  console.log(JSON.stringify(r, null, 1));
}
