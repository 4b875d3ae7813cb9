import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SessionStore } from '../features/auth/sessions';

/** Proves the SessionStore behaviour for any implementation. */
export function runSessionStoreContract(name: string, make: () => Promise<{ store: SessionStore; cleanup: () => Promise<void> }>) {
  describe(`SessionStore contract: ${name}`, () => {
    it('a created session is valid until it expires, and not after removal', async () => {
      const { store, cleanup } = await make();
      try {
        const t0 = new Date('2026-03-01T10:00:00Z');
        await store.create('h1', t0, new Date(t0.getTime() + 3600_000));
        await store.create('h2', t0, new Date(t0.getTime() + 3600_000));
        assert.equal(await store.isValid('h1', new Date(t0.getTime() + 1000)), true);
        assert.equal(await store.isValid('h1', new Date(t0.getTime() + 3600_000)), false, 'expired');
        assert.equal(await store.isValid('nope', t0), false);
        await store.remove('h1');
        assert.equal(await store.isValid('h1', t0), false);
        assert.equal(await store.isValid('h2', t0), true, 'the other session stays');
      } finally {
        await cleanup();
      }
    });
  });
}
