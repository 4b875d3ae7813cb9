/**
 * One public poll (`GET /api/bot/messages`) and one chat write in PostgreSQL
 * mode, profiled: every SQL statement the server sends for it, counted and
 * timed (the pg driver's queries wrapped in this process).
 *   node --import tsx bench/poll-profile.ts
 */
import pg from 'pg';
import { startPostgres } from '../core/testing/postgres';
import { startTestServer } from '../server/testing';

const seen: Array<{ sql: string; ms: number }> = [];
let recording = false;
const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text ?? '?';
  const s = performance.now();
  const done = () => { if (recording) seen.push({ sql: text.replace(/\s+/g, ' ').slice(0, 160), ms: performance.now() - s }); };
  const cb = args.findIndex((a) => typeof a === 'function');
  if (cb >= 0) {
    const f = args[cb] as (...x: unknown[]) => unknown;
    args[cb] = (...x: unknown[]) => { done(); return f(...x); };
  }
  const out = original.apply(this, args);
  if (cb < 0 && out && typeof (out as Promise<unknown>).then === 'function') void (out as Promise<unknown>).then(done, () => {});
  return out;
};

const pgServer = await startPostgres();
try {
  const url = await pgServer.createDatabase('profile');
  const server = await startTestServer({
    worker: false, env: { DATABASE_URL: url, PUBLIC_RATE_LIMIT: '10000000', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000', TRUST_PROXY: '1' },
  });
  try {
    const ref = 'profile_conversation_0001';
    const chat = () => fetch(`${server.url}/api/bot/chat`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' }, body: JSON.stringify({ message: 'Hello there', referenceId: ref }),
    }).then((r) => r.arrayBuffer());
    const poll = (since: string) => fetch(`${server.url}/api/bot/messages?referenceId=${ref}&since=${encodeURIComponent(since)}`, { headers: { 'x-forwarded-for': '10.0.0.2' } })
      .then((r) => r.arrayBuffer());
    await chat();
    const since = new Date().toISOString();
    for (let i = 0; i < 20; i++) await poll(since); // warm
    const show = async (label: string, fn: () => Promise<unknown>) => {
      seen.length = 0;
      recording = true;
      const s = performance.now();
      await fn();
      const wall = performance.now() - s;
      await new Promise((r) => setImmediate(r));
      recording = false;
      console.log(`\n${label}: ${seen.length} statements, ${wall.toFixed(1)} ms wall`);
      for (const q of seen) console.log(`  ${q.ms.toFixed(2).padStart(7)} ms  ${q.sql}`);
    };
    await show('poll, nothing new', () => poll(since));
    await show('poll, nothing new (again)', () => poll(since));
    await show('chat write', () => chat());
    await show('poll after the write', () => poll(since));
    // Throughput of one in-process server, 16 concurrent pollers, 3 s.
    const end = performance.now() + 3000;
    let n = 0;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        await poll(new Date().toISOString());
        n++;
      }
    }));
    console.log(`\nin-process server, 16 pollers: ${(n / 3).toFixed(0)} polls/s`);
  } finally {
    await server.stop();
  }
} finally {
  await pgServer.stop();
}
