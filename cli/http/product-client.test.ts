/**
 * The HTTP client is made from the route table (server/api/index.ts): every
 * Product method (core/product/types.ts) has a route there or is composed by
 * the client for a stated reason, the server answers every route of the table,
 * and every call the client makes reaches a route the server registers.
 * Behaviour is proved by core/testing/product-contract.ts (cli/product.contract.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sampleCalls } from '../../core/testing/product-contract';
import { API, COMPOSED } from '../../server/api/index';
import { startTestServer } from '../../server/testing';
import { createProductClient } from './product-client';

/** Method names of `interface Product`, read from its source. */
function productMethods(): string[] {
  const text = readFileSync(new URL('../../core/product/types.ts', import.meta.url), 'utf8');
  const start = text.indexOf('export interface Product {');
  let depth = 0;
  let end = start;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) { end = i; break; }
  }
  return [...text.slice(start, end).matchAll(/^\s{2}(\w+)\??[<(]/gm)].map((m) => m[1]!);
}

it('every Product method has a route in the table, or is composed by the client for a stated reason', () => {
  const methods = productMethods();
  assert.ok(methods.length > 40, `the Product interface was read (${methods.length} methods)`);
  const routed = new Set(API.map((r) => r.call));
  assert.deepEqual(methods.filter((m) => !routed.has(m as never) && !COMPOSED[m]), [], 'Product methods without a route');
  assert.deepEqual(Object.keys(COMPOSED).filter((m) => routed.has(m as never) || !methods.includes(m)), [], 'composed methods that have a route or are not Product methods');
  assert.ok(Object.values(COMPOSED).every((why) => why.length > 20), 'each composed method says why');
});

it('the HTTP client has a function for every Product method', () => {
  const methods = productMethods();
  assert.ok(methods.length > 40, `the Product interface was read (${methods.length} methods)`);
  const client = createProductClient({ baseUrl: 'http://127.0.0.1:9', token: null, tokenHint: '' }) as unknown as Record<string, unknown>;
  assert.deepEqual(methods.filter((m) => typeof client[m] !== 'function'), []);
});


/** Fastify's route url as a matcher ("/api/documents/:id" -> /api/documents/[^/]+, a trailing * -> .+). */
const matcher = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.').replace(/\*$/, '.+').replace(/:\w+/g, '[^/]+')}$`);

it('every Product method of the HTTP client calls a route the server registers', async () => {
  // What the client sends, recorded by a stand-in that answers anything; the routes come from the real server's route table.
  const seen: string[] = [];
  const recorder = createServer((req, res) => {
    seen.push(`${req.method} ${req.url!.split('?')[0]}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const server = await startTestServer({ worker: false });
  try {
    const routes = server.app!.routeTable.map((r) => ({ method: r.method, re: matcher(r.url) }));
    const client = createProductClient({ baseUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, token: null, tokenHint: '' });
    const unrouted: string[] = [];
    for (const [method, call] of Object.entries(sampleCalls(fileURLToPath(import.meta.url)))) {
      seen.length = 0;
      await Promise.resolve().then(() => call(client)).catch(() => undefined);
      assert.ok(seen.length > 0, `${method} made no request`);
      for (const request of seen) {
        const [verb, path] = request.split(' ') as [string, string];
        if (!routes.some((r) => r.method === verb && r.re.test(path))) unrouted.push(`${method}: ${request}`);
      }
    }
    assert.deepEqual(unrouted, [], 'client calls that no server route answers');
    // Every entry of the table, those the route files register by hand included, is a route the server answers.
    const registered = new Set(server.app!.routeTable.map((r) => `${r.method} ${r.url}`));
    assert.deepEqual(API.filter((r) => !registered.has(`${r.method} ${r.url}`)).map((r) => `${r.call}: ${r.method} ${r.url}`), [], 'table entries the server does not answer');
  } finally {
    await server.stop();
    recorder.close();
  }
});
