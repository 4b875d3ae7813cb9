import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QUIET_ROUTES } from './request-log';
import { processGroup, READY, stopProcess as stop, type TestProcess } from './testing';

/**
 * The log of the real processes: `bin/server.ts` and `cms worker` write
 * only JSON lines (pino), from the first line to the shutdown line, and the
 * server's request log leaves out health checks and polls.
 */

const TOKEN = 'logs-token-0123456789-0123456789abcdef';

const group = processGroup('logs');
const ENV = { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'logs-password-1', CMS_TOKEN: TOKEN, LOG_LEVEL: 'info', ANTHROPIC_API_KEY: '', WORKER_CONCURRENCY: '1' };

/** Every line parsed as JSON (a line that is not JSON fails, naming it). */
const jsonLines = (out: string) => out.split('\n').filter((l) => l.trim()).map((l) => {
  try {
    return JSON.parse(l) as { level: number; time: number; msg: string; pid: number; req?: { url: string }; reqId?: string };
  } catch {
    throw new assert.AssertionError({ message: `a log line that is not JSON: ${l}` });
  }
});

describe('logs of the server and the worker', { timeout: 240_000 }, () => {
  let server: TestProcess;
  let worker: TestProcess;
  before(async () => {
    [server, worker] = await Promise.all([group.start(['server'], ENV, READY.server), group.start(['cms', 'worker'], ENV, READY.worker)]);
  });
  after(() => group.stopAll());

  it('the server writes only JSON lines; health checks and polls are not logged, other requests are, and shutdown is a JSON line too', async () => {
    const url = server.url!;
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const route of ['/api/health', '/api/jobs', '/api/documents', '/api/translations']) assert.equal((await fetch(url + route, { headers: auth })).status, 200, route);
    const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const r of QUIET_ROUTES) assert.ok(doc.paths[r.replace(/:(\w+)/g, '{$1}')], `${r} is a route of the server`);
    const marker = '/api/glossary';
    assert.equal((await fetch(url + marker, { headers: auth })).status, 200);
    await stop(server);
    const lines = jsonLines(server.out);
    assert.ok(lines.every((l) => typeof l.level === 'number' && typeof l.time === 'number' && l.pid === server.child.pid));
    const logged = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req!.url);
    assert.deepEqual(logged, ['/api/openapi.json', marker], 'only the requests that are not polls');
    assert.ok(lines.some((l) => /^Content platform ready at/.test(l.msg)));
    assert.ok(lines.some((l) => /SIGTERM: shutting down/.test(l.msg)));
  });

  it('`cms worker` writes only JSON lines, from its first line to its stop line', async () => {
    await stop(worker);
    const lines = jsonLines(worker.out);
    assert.ok(lines.length >= 2, worker.out);
    assert.ok(lines.some((l) => /^Worker \S+ is taking jobs, 1 at a time/.test(l.msg)));
    assert.equal(lines.at(-1)!.msg, 'Stopping: running jobs go back to the queue');
  });
});
