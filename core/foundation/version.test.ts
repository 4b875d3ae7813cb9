import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PRODUCT_VERSION } from './version';

describe('product version', () => {
  it("is the repo package.json's version, found from core/foundation", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    assert.equal(PRODUCT_VERSION, pkg.version);
    assert.notEqual(PRODUCT_VERSION, '0.0.0');
  });
});
