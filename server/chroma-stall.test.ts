/**
 * A hung Chroma (the process stopped with SIGSTOP: it accepts connections
 * and never answers) must not stall the public site: health answers
 * "degraded" and the bots answer (from the lexical index) within 10 s.
 * Chroma is this test's own process, stopped and continued by its pid.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startChroma, type ChromaServer } from '../core/engines/search/chroma-server';
import { fixtures } from '../core/testing/fixtures';
import type { HealthReport } from '../core/foundation/types';
import { startTestServer, type TestServer } from './testing';

let chroma: ChromaServer;
let chromaPids: number[] = [];
let server: TestServer;
let dir: string;

/** The guard's child: the Chroma server itself (see chroma-guard.mjs). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chroma-stall-'));
  chroma = await startChroma({ dataDir: path.join(dir, 'chroma'), stopGraceMs: 1000 });
  chromaPids = [chroma.pid, ...childrenOf(chroma.pid)];
  server = await startTestServer({ env: { CHROMA_URL: chroma.url, LLM_PROVIDER: '', ANTHROPIC_API_KEY: '' } });
  const f = await fixtures.pdf();
  await server.services!.product.upload({ kind: 'document', file: { path: f.path, fileName: 'aurashade-guide.pdf' }, fields: { title: 'AuraShade Installation Guide' } });
  await server.services!.queue.idle();
});
after(async () => {
  for (const pid of chromaPids) { try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ } }
  await server?.stop();
  await chroma?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A request that must be answered within 10 s; returns the status, body and time taken. */
async function timed(pathname: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }> {
  const started = Date.now();
  const res = await fetch(server.url + pathname, {
    method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const json = await res.json();
  return { status: res.status, json, ms: Date.now() - started };
}

describe('a hung Chroma', () => {
  it('before: health is ok and the bot answers with Chroma', async () => {
    const h = await timed('/api/health');
    assert.equal((h.json as HealthReport).status, 'ok', JSON.stringify(h.json));
  });

  it('stopped with SIGSTOP: health says degraded and both bots answer, each within 10 s', async () => {
    for (const pid of chromaPids) process.kill(pid, 'SIGSTOP');
    const health = await timed('/api/health');
    assert.equal(health.status, 200);
    assert.equal((health.json as HealthReport).status, 'degraded');
    assert.match((await server.services!.product.health()).services.search.detail, /did not answer within/);
    const rag = await timed('/api/bot/rag-query', { query: 'How deep must the window recess be?', referenceId: 'stall_rag_00000000001' });
    assert.ok(rag.status === 200 || rag.status === 503, `rag-query answered ${rag.status}`);
    if (rag.status === 200) assert.ok((rag.json as { answer: string }).answer.length > 0);
    const chat = await timed('/api/bot/chat', { message: 'How deep must the window recess be?', referenceId: 'stall_chat_0000000001' });
    assert.ok(chat.status === 200 || chat.status === 503, `chat answered ${chat.status}`);
    console.log(`while Chroma hung: health ${health.ms} ms, rag-query ${rag.ms} ms (${rag.status}), chat ${chat.ms} ms (${chat.status})`);
  });

  it('continued: health is ok again', async () => {
    for (const pid of chromaPids) process.kill(pid, 'SIGCONT');
    const h = await timed('/api/health');
    assert.equal((h.json as HealthReport).status, 'ok', JSON.stringify(h.json));
  });
});
