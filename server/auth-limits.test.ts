/**
 * Guessing secrets: wrong API tokens and wrong passwords are counted per
 * address and refused past a limit (then the right one too, so a guess
 * learns nothing); weak secrets chosen in the environment are refused by the
 * configuration with a message that names them (the real server's exit on
 * them: server/weak-secrets-exit.test.ts, full tier).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../core/foundation/config';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;

before(async () => { server = await startTestServer({ worker: false, env: { LOGIN_RATE_LIMIT: '5' } }); });
after(async () => { await server.stop(); });

const get = (token: string) => fetch(`${server.url}/api/documents`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
const signIn = (password: string) => fetch(`${server.url}/api/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }),
}).then((r) => r.status);

describe('guessing secrets', () => {
  it('the right API token is not counted: 100 calls in a row all answer', async () => {
    for (let i = 0; i < 100; i++) assert.equal(await get(server.token), 200);
  });

  it('wrong API tokens from one address are refused with 429 past 30, and then the right token is refused too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await get(`guess-${i}-${'x'.repeat(30)}`));
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(401));
    assert.deepEqual(statuses.slice(30), Array(10).fill(429));
    assert.equal(await get(server.token), 429);
  });

  it('wrong passwords from one address are refused with 429 past the sign-in limit, the right one too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await signIn(`wrong-password-${i}`));
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    assert.equal(await signIn(server.password), 429);
  });
});

describe('sign-in throttled per account as well as per address', () => {
  let own: TestServer;
  before(async () => { own = await startTestServer({ worker: false, env: { LOGIN_RATE_LIMIT: '50', TRUST_PROXY: '1' } }); });
  after(async () => { await own?.stop(); });
  const signInFrom = async (address: string, username: string, password: string) => {
    const res = await fetch(`${own.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ username, password }),
    });
    const body = await res.json() as { message?: string; error?: { message?: string } };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), message: String(body.message ?? body.error?.message ?? '') };
  };

  it('100 wrong passwords for admin from 10 addresses: 10 answer 401, then 429 with Retry-After; the right one from an 11th address is refused while locked', async () => {
    const statuses: number[] = [];
    let last = { status: 0, retryAfter: null as string | null, message: '' };
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) {
        last = await signInFrom(`203.0.113.${a + 1}`, 'admin', `wrong-password-${a}-${i}`);
        statuses.push(last.status);
      }
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.deepEqual(statuses.slice(10), Array(90).fill(429));
    assert.ok(Number(last.retryAfter) > 0, `Retry-After: ${last.retryAfter}`);
    assert.match(last.message, /Too many failed sign-ins for this username/);
    const right = await signInFrom('203.0.113.11', 'admin', own.password);
    assert.equal(right.status, 429);
    // Another account from the same addresses is not locked by it.
    const log = await fetch(`${own.url}/api/audit?since=1h`, { headers: { authorization: `Bearer ${own.token}` } }).then((r) => r.json()) as Array<{ action: string; target: string }>;
    assert.ok(log.filter((e) => e.action === 'sign_in_failed' && e.target === 'admin').length >= 100, 'every refused sign-in is audited');
  });

  it('a username that does not exist is throttled the same way, with the same message', async () => {
    const statuses: number[] = [];
    let last = { status: 0, retryAfter: null as string | null, message: '' };
    for (let i = 0; i < 12; i++) {
      last = await signInFrom(`198.51.100.${i + 1}`, 'nobody-here', `wrong-password-${i}`);
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
    assert.equal(last.message.replace(/\d+ s/, 'N s'), 'Too many failed sign-ins for this username. Try again in N s.');
  });

  it('a success clears the account\'s count: 9 wrong, the right one, then 9 wrong again all answer 401', async () => {
    const { createUser } = (await import('../cli/http/product-client')).createProductClient({ baseUrl: own.url, token: own.token, tokenHint: 'test' });
    await createUser({ username: 'erin', role: 'editor', password: 'editor-pass-1234' });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await signInFrom('192.0.2.1', 'erin', `nope-${i}`)).status);
    assert.equal((await signInFrom('192.0.2.2', 'erin', 'editor-pass-1234')).status, 200);
    for (let i = 0; i < 9; i++) statuses.push((await signInFrom('192.0.2.3', 'erin', `nope-again-${i}`)).status);
    assert.deepEqual(statuses, Array(18).fill(401));
  });
});

describe('weak secrets at start', () => {
  it('a CMS_TOKEN under 32 characters or an ADMIN_PASSWORD under 12 is refused by the configuration, naming the variable', () => {
    assert.throws(() => loadConfig({ CMS_TOKEN: 'a' }), /CMS_TOKEN is too short \(1 characters; at least 32\)/);
    assert.throws(() => loadConfig({ ADMIN_PASSWORD: 'x' }), /ADMIN_PASSWORD is too short \(1 characters; at least 12\)/);
    assert.doesNotThrow(() => loadConfig({ CMS_TOKEN: 'k'.repeat(32), ADMIN_PASSWORD: 'p'.repeat(12) }));
    assert.doesNotThrow(() => loadConfig({}), 'unset secrets are generated, not refused');
  });
});
