import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { openPgConversationStore } from '../core/engines/conversations/pg-store';
import { migrate } from '../core/engines/postgres/migrate';
import { openPool } from '../core/engines/postgres/pool';
import { postgresMigrations } from '../core/composition/shared-state';
import { startTestServer, type TestServer } from '../server/testing';
import { percentile } from './proc';

/**
 * Public chat under load, on loopback, bounded in time and count: polling
 * `GET /api/bot/messages` alone and with chat writes beside it, and an
 * admin write, with 20,000 stored chat messages. The messages are seeded
 * as an earlier version stored them (in the catalog file), so the same
 * script measures the old shape and the current one (which moves them into
 * the conversation store at start).
 */

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface ChatLoadOptions {
  storedMessages?: number;
  seconds?: number;
  connections?: number;
  writesPerSecond?: number;
  /** Server processes behind a round-robin client; more than one needs `env.DATABASE_URL`. */
  servers?: number;
  env?: Record<string, string>;
}

const PER_CONVERSATION = 10;
const refOf = (i: number) => `bench_conversation_${String(i).padStart(6, '0')}`;

/** A data folder whose catalog holds `n` chat messages in conversations of 10, as the catalog file stored them. */
export function seedLegacyChat(n: number): { dataDir: string; refs: string[]; latest: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  mkdirSync(dataDir, { recursive: true });
  const start = Date.now() - 3600_000;
  const chatMessages = [];
  const refs: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = Math.floor(i / PER_CONVERSATION);
    if (i % PER_CONVERSATION === 0) refs.push(refOf(c));
    const role = i % 2 === 0 ? 'user' : 'bot';
    chatMessages.push({
      id: `m${i + 1}`, seq: i + 1, referenceId: refOf(c), role, dateTime: new Date(start + i).toISOString(), output: null, file: null, contentType: null,
      userLanguage: 'en', message: role === 'user' ? 'How long is the warranty of the M2 motor?' : 'The M2 motor has a five year warranty. '.repeat(4),
    });
  }
  const db = {
    version: 1, nextId: 1, documents: [], presentations: [], videos: [], contentItems: [], categories: [], botImages: [],
    presentationImages: [], jobs: [], chatMessages, ragTurns: [], authSessions: [], counters: { botResponses: n / 2, chatSeq: n },
  };
  writeFileSync(path.join(dataDir, 'db.json'), JSON.stringify(db));
  return { dataDir, refs, latest: new Date(start + n).toISOString() };
}

/** Stores the seeded messages straight into PostgreSQL (the start-up import is one-time and slower). */
async function seedPostgres(url: string, seed: ReturnType<typeof seedLegacyChat>, n: number) {
  const pool = await openPool({ url, max: 16 });
  try {
    await migrate(pool, postgresMigrations);
    const store = await openPgConversationStore({ pool, pruneEveryMs: 0 });
    const body = (role: 'user' | 'bot') => ({
      role, output: null, file: null, contentType: null, userLanguage: 'en',
      message: role === 'user' ? 'How long is the warranty of the M2 motor?' : 'The M2 motor has a five year warranty. '.repeat(4),
    });
    let next = 0;
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = next++; i < n / 2; i = next++) await store.append('chat', seed.refs[Math.floor((i * 2) / PER_CONVERSATION)], [body('user'), body('bot')]);
    }));
  } finally {
    await pool.end();
  }
}

/** Runs `connections` request loops until `seconds` pass or `maxRequests` were sent. */
async function loop(pools: Pool[], connections: number, seconds: number, next: () => { path: string; method?: 'GET' | 'POST'; body?: string }, maxRequests = 2_000_000): Promise<LoadResult> {
  // Each connection stands for one visitor's address, as a load balancer reports it (servers run with TRUST_PROXY=1).
  const lat: number[] = [];
  let errors = 0;
  let sent = 0;
  let turn = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, c) => {
    const address = `10.0.${Math.floor(c / 250)}.${(c % 250) + 1}`;
    while (performance.now() < end && sent < maxRequests) {
      sent++;
      const r = next();
      const pool = pools[turn++ % pools.length];
      const s = performance.now();
      try {
        const headers: Record<string, string> = { 'x-forwarded-for': address };
        if (r.body) headers['content-type'] = 'application/json';
        const res = await pool.request({ path: r.path, method: r.method ?? 'GET', body: r.body, headers });
        await res.body.dump();
        if (res.statusCode >= 400) errors++;
      } catch {
        errors++;
      }
      lat.push(performance.now() - s);
    }
  }));
  const secondsTaken = (performance.now() - t0) / 1000;
  return { requests: lat.length, seconds: secondsTaken, perSecond: lat.length / secondsTaken, p50: percentile(lat, 50), p99: percentile(lat, 99), errors };
}

/** Sends chat messages at a fixed rate until stopped; returns their latencies. */
function chatWriter(pools: Pool[], perSecond: number, refs: string[]) {
  const lat: number[] = [];
  let errors = 0;
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const pool = pools[i % pools.length];
    const ref = refs[(i * 7919) % refs.length];
    i++;
    const s = performance.now();
    const p = pool.request({
      path: '/api/bot/chat', method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${(i % 200) + 1}` },
      body: JSON.stringify({ message: 'Hello there', referenceId: ref }),
    }).then(async (res) => {
      await res.body.dump();
      if (res.statusCode >= 400) errors++;
    }, () => void errors++).finally(() => {
      lat.push(performance.now() - s);
      inFlight.delete(p);
    });
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent: lat.length, p50: percentile(lat, 50), p99: percentile(lat, 99), errors };
    },
  };
}

async function adminWrites(server: TestServer, n: number) {
  const lat: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    const res = await fetch(`${server.url}/api/categories`, {
      method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench category ${i}`, description: 'bench' }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`POST /api/categories answered ${res.status}`);
    lat.push(performance.now() - s);
  }
  return { p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

export async function chatLoad(options: ChatLoadOptions = {}) {
  const stored = options.storedMessages ?? 20_000;
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 32;
  const writesPerSecond = options.writesPerSecond ?? 20;
  const n = options.servers ?? 1;
  const seed = seedLegacyChat(stored);
  if (options.env?.DATABASE_URL) {
    await seedPostgres(options.env.DATABASE_URL, seed, stored);
    rmSync(path.join(seed.dataDir, 'db.json'));
    seed.latest = new Date().toISOString();
  }
  const env = {
    // 32 addresses each far above a visitor's pace: lift the per-address budgets so that they are not what is measured
    // (they are still counted, in memory or in PostgreSQL, on every request).
    PUBLIC_RATE_LIMIT: '10000000', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000', WORKER_CONCURRENCY: '1', TRUST_PROXY: '1', ...options.env,
  };
  const servers: TestServer[] = [];
  const dirs = [seed.dataDir];
  try {
    servers.push(await startTestServer({ process: true, worker: false, dataDir: seed.dataDir, env }));
    for (let i = 1; i < n; i++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-chat-more-'));
      dirs.push(dir);
      servers.push(await startTestServer({ process: true, worker: false, dataDir: dir, env }));
    }
    const pools = servers.map((s) => new Pool(s.url, { connections: Math.ceil(connections / n) + 4 }));
    let k = 0;
    const poll = () => ({ path: `/api/bot/messages?referenceId=${seed.refs[(k++ * 31) % seed.refs.length]}&since=${encodeURIComponent(seed.latest)}` });
    // Warm up (JIT, connections), then measure.
    await loop(pools, connections, 1, poll);
    const alone = await loop(pools, connections, seconds, poll);
    const writer = chatWriter(pools, writesPerSecond, seed.refs);
    const withWrites = await loop(pools, connections, seconds, poll);
    const writes = await writer.stop();
    const adminQuiet = await adminWrites(servers[0], 30);
    const stats = await fetch(`${servers[0].url}/api/dashboard/metrics`, { headers: { authorization: `Bearer ${servers[0].token}` } }).then((r) => r.json()) as { botResponses: number };
    await Promise.all(pools.map((p) => p.close()));
    return { storedMessages: stored, servers: n, connections, alone, withWrites, writes: { ...writes, perSecond: writesPerSecond }, adminWrite: adminQuiet, botResponses: stats.botResponses };
  } finally {
    for (const s of servers) await s.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

// Run on its own: node --import tsx bench/chat-load.ts [servers]
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await chatLoad({ servers: Number(process.argv[2] ?? 1), env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
  console.log(JSON.stringify(r, null, 2));
}
