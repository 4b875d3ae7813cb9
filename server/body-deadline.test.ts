/**
 * Slow bodies: a client that sends a request body a byte at a time is
 * answered 408 and disconnected once the body's deadline passes: short for
 * public routes (BODY_TIMEOUT_S), base plus size at the slowest accepted
 * rate for admin uploads (UPLOAD_TIMEOUT_BASE_S, UPLOAD_MIN_KBPS). The idle
 * timeout alone let a byte every 25 s hold an upload open for minutes.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bodyDeadlineMs } from './body-deadline';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
before(async () => {
  server = await startTestServer({ worker: false, env: { BODY_TIMEOUT_S: '1', UPLOAD_TIMEOUT_BASE_S: '1', UPLOAD_MIN_KBPS: '1024', UPLOAD_IDLE_TIMEOUT_S: '60' } });
});
after(async () => { await server?.stop(); });

/**
 * Sends the head of a request announcing `length` bytes, then one byte every 100 ms, never finishing;
 * resolves with what the server answered and when the connection closed.
 */
function trickle(head: string, length: number): Promise<{ answer: string; ms: number }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    // The drip starts once the head is written: a byte queued before it (a slow connect) would be read as the method.
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`${head}Content-Length: ${length}\r\nHost: 127.0.0.1\r\n\r\n`);
      drip = setInterval(() => { if (socket.writable) socket.write('x'); }, 100);
    });
    socket.on('data', (d) => { answer += d.toString(); });
    socket.on('error', () => {});
    socket.on('close', () => { clearInterval(drip); resolve({ answer, ms: Date.now() - started }); });
    setTimeout(() => { clearInterval(drip); socket.destroy(); reject(new Error('the server held the connection for 30 s')); }, 30_000).unref();
  });
}

describe('body deadlines', () => {
  it('a public question whose body trickles in is answered 408 and closed after BODY_TIMEOUT_S', async () => {
    const r = await trickle('POST /api/bot/chat HTTP/1.1\r\nContent-Type: application/json\r\n', 1000);
    assert.match(r.answer, /^HTTP\/1\.1 408/);
    assert.ok(r.ms >= 900 && r.ms < 5000, `closed after ${r.ms} ms`);
  });

  it('100 such connections at once are all closed within the deadline', async () => {
    const all = await Promise.all(Array.from({ length: 100 }, () => trickle('POST /api/bot/rag-query HTTP/1.1\r\nContent-Type: application/json\r\n', 1000)));
    const heads = all.map((r) => r.answer.split('\r\n')[0] || '(closed without an answer)');
    const tally = [...new Set(heads)].map((h) => `${heads.filter((x) => x === h).length} × ${h}`).join(', ');
    assert.ok(heads.every((h) => /^HTTP\/1\.1 408/.test(h)), `every one answered 408: ${tally}`);
    assert.ok(Math.max(...all.map((r) => r.ms)) < 8000, `the last closed after ${Math.max(...all.map((r) => r.ms))} ms`);
  });

  it('an admin upload of 1 MB trickling in is closed after its deadline (1 s + 1 MB at 1 MB/s), not after the idle timeout', async () => {
    const head = `POST /api/documents HTTP/1.1\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: multipart/form-data; boundary=XYZ\r\n`;
    const r = await trickle(head, 1024 * 1024);
    assert.match(r.answer, /^HTTP\/1\.1 408/);
    assert.ok(r.ms >= 1900 && r.ms < 7000, `closed after ${r.ms} ms`);
  });

  it('bodies that arrive in time are unaffected; the upload deadline grows with the size', async () => {
    const res = await fetch(`${server.url}/api/bot/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'hello', referenceId: 'deadline_ok_00000001', isNewSession: true }) });
    assert.equal(res.status, 200);
    const d = { bodyTimeoutMs: 10_000, uploadBaseMs: 60_000, uploadMinBytesPerSec: 64 * 1024, maxBytes: 512 * 1024 ** 2 };
    assert.equal(bodyDeadlineMs(d, { 'content-type': 'application/json', 'content-length': '500' }), 10_000);
    assert.equal(bodyDeadlineMs(d, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(64 * 1024 * 100) }), 160_000);
    assert.equal(bodyDeadlineMs(d, { 'content-type': 'multipart/form-data; boundary=x' }), 60_000 + 8192 * 1000, 'no size announced: the largest upload');
  });
});
