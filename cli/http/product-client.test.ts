/**
 * The HTTP client implements every method of the Product (core/product/types.ts):
 * the type checker says so for the shape, this test for the running object,
 * so a new Product method cannot be forgotten here. Behaviour is proved by
 * core/testing/product-contract.ts (cli/product.contract.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
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
  return [...text.slice(start, end).matchAll(/^\s{2}(\w+)\??\(/gm)].map((m) => m[1]!);
}

it('the HTTP client has a function for every Product method', () => {
  const methods = productMethods();
  assert.ok(methods.length > 40, `the Product interface was read (${methods.length} methods)`);
  const client = createProductClient({ baseUrl: 'http://127.0.0.1:9', token: null, tokenHint: '' }) as unknown as Record<string, unknown>;
  assert.deepEqual(methods.filter((m) => typeof client[m] !== 'function'), []);
});
