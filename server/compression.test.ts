import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../web/precompress';
import { buildApp } from './app';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
let app: FastifyInstance;
let dist: string;
/** A console script of 40 kB that compresses well (repeated source text with some noise). */
const script = Array.from({ length: 800 }, (_, i) => `export const v${i} = "${randomBytes(4).toString('hex')}";`).join('\n');

before(async () => {
  server = await startTestServer({ worker: false });
  dist = mkdtempSync(path.join(os.tmpdir(), 'cms-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-AbCdEf12.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`);
  writeFileSync(path.join(dist, 'assets', 'index-AbCdEf12.js'), script);
  writeFileSync(path.join(dist, 'assets', 'tiny-AbCdEf12.js'), 'export {};');
  assert.equal(precompressDir(dist), 2, 'the page and the large script get .br/.gz copies; the tiny one does not');
  app = await buildApp(server.services!, { webDist: dist });
});

after(async () => {
  await app?.close();
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('compressed responses', () => {
  it('sends a built script as its pre-compressed brotli copy, byte for byte, when the browser accepts br', async () => {
    const res = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.deepEqual(res.rawPayload, readFileSync(path.join(dist, 'assets', 'index-AbCdEf12.js.br')));
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), script);
    assert.ok(res.rawPayload.length < script.length / 2, `${res.rawPayload.length} bytes on the wire for ${script.length}`);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('falls back to the gzip copy, and to the plain file without Accept-Encoding', async () => {
    const gz = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), script);
    const plain = await app.inject({ url: '/assets/index-AbCdEf12.js' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.payload, script);
  });

  it('compresses the console page served for any client route', async () => {
    const res = await app.inject({ url: '/documents', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(res.rawPayload).toString(), /^<!doctype html>/);
  });

  it('compresses JSON answers over 1 kB and leaves small ones alone', async () => {
    const big = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(big.statusCode, 200);
    assert.equal(big.headers['content-encoding'], 'br');
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    assert.equal(doc.openapi.slice(0, 3), '3.1');
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(small.statusCode, 200);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.ok(JSON.parse(small.payload).status);
  });

  it('leaves the document-search event stream uncompressed', async () => {
    const res = await fetch(`${server.url}/api/bot/session`, { method: 'POST' });
    const { referenceId } = (await res.json()) as { referenceId: string };
    const stream = await fetch(`${server.url}/api/bot/rag-query/stream`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ query: 'What does the warranty cover?', referenceId }),
    });
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(stream.headers.get('content-encoding'), null);
    assert.match(await stream.text(), /^event: /m);
  });
});
