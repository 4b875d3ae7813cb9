import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createLog } from '../core/foundation/log';
import { requestLogController } from './request-log';

/** A log destination that keeps each line and tells when one arrives. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(l);
      stream.emit('line');
      done();
    },
  });
  return { lines, stream };
}

/** A Fastify app with the product's request-log rule, at `level`. */
async function appWith(level: string) {
  const out = capture();
  const app = Fastify({ loggerInstance: createLog({ level, destination: out.stream }) as FastifyBaseLogger, logController: requestLogController(level) });
  for (const url of ['/api/health', '/api/jobs', '/api/translations/:id', '/api/bot/messages', '/api/documents', '/api/glossary']) app.get(url, async () => ({ ok: true }));
  app.post('/api/documents', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  /** Calls each route in turn, then a marker route, and resolves with every line once the marker's "request completed" is written. */
  const calls = async (routes: Array<[string, string]>) => {
    for (const [method, url] of routes) await (await fetch(base + url, { method })).text();
    const marker = `/api/glossary?marker=${Math.random()}`;
    await (await fetch(base + marker)).text();
    for (;;) {
      const lines = out.lines.map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string; method: string }; reqId?: string });
      const incoming = lines.find((l) => l.msg === 'incoming request' && l.req?.url === marker);
      if (incoming && lines.some((l) => l.msg === 'request completed' && l.reqId === incoming.reqId)) return lines;
      await once(out.stream, 'line');
    }
  };
  return { app, calls };
}

const polls: Array<[string, string]> = [['GET', '/api/health'], ['GET', '/api/jobs'], ['GET', '/api/translations/7'], ['GET', '/api/bot/messages?referenceId=x'], ['GET', '/api/documents']];

test('request logging skips health checks and polls at info: every line is JSON, the other requests are logged', async () => {
  const { app, calls } = await appWith('info');
  try {
    const lines = await calls([...polls, ['POST', '/api/documents']]);
    const urls = lines.filter((l) => l.msg === 'incoming request').map((l) => `${l.req!.method} ${l.req!.url.split('?')[0]}`);
    assert.deepEqual(urls, ['POST /api/documents', 'GET /api/glossary'], 'only the non-poll requests are logged');
    assert.equal(lines.filter((l) => l.msg === 'request completed').length, 2);
  } finally {
    await app.close();
  }
});

test('LOG_LEVEL=debug logs the health checks and polls too', async () => {
  const { app, calls } = await appWith('debug');
  try {
    const lines = await calls(polls);
    const urls = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req!.url.split('?')[0]);
    assert.deepEqual(urls, ['/api/health', '/api/jobs', '/api/translations/7', '/api/bot/messages', '/api/documents', '/api/glossary']);
  } finally {
    await app.close();
  }
});
