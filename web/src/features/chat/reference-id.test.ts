import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { markSessionStarted, tabReferenceId } from './reference-id';

// Node has no sessionStorage: a Map-backed one with the same methods.
const store = new Map<string, string>();
(globalThis as { sessionStorage?: unknown }).sessionStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
};

describe('the chat reference id of a tab', () => {
  beforeEach(() => store.clear());

  it('is "user_" + time + a random part, kept for the tab', () => {
    const a = tabReferenceId();
    assert.match(a.referenceId, /^user_\d+_[a-z0-9]+$/);
    assert.equal(tabReferenceId().referenceId, a.referenceId);
  });

  it('stays new until the session was opened, so a page that mounts twice still greets', () => {
    const first = tabReferenceId();
    assert.equal(first.isNew, true);
    assert.equal(tabReferenceId().isNew, true, 'a second mount before the greeting still opens the session');
    markSessionStarted(first.referenceId);
    assert.deepEqual(tabReferenceId(), { referenceId: first.referenceId, isNew: false });
  });
});
