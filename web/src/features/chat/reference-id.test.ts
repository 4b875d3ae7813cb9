import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { markSessionStarted, rememberReferenceId, tabReferenceId } from './reference-id';

// Node has no sessionStorage: a Map-backed one with the same methods.
const store = new Map<string, string>();
(globalThis as { sessionStorage?: unknown }).sessionStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
};

describe('the chat reference id of a tab', () => {
  beforeEach(() => store.clear());

  it('is absent until the server handed one out, then kept for the tab', () => {
    assert.deepEqual(tabReferenceId(), { referenceId: null, isNew: true });
    rememberReferenceId('c_AAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(tabReferenceId().referenceId, 'c_AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('stays new until the session was opened, so a page that mounts twice still greets', () => {
    rememberReferenceId('c_BBBBBBBBBBBBBBBBBBBBBB');
    assert.equal(tabReferenceId().isNew, true);
    assert.equal(tabReferenceId().isNew, true, 'a second mount before the greeting still opens the session');
    markSessionStarted('c_BBBBBBBBBBBBBBBBBBBBBB');
    assert.deepEqual(tabReferenceId(), { referenceId: 'c_BBBBBBBBBBBBBBBBBBBBBB', isNew: false });
  });
});
