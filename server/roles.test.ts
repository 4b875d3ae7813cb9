/**
 * Users, roles and named API tokens over HTTP: an editor uploads but may not
 * approve or delete (403, audited); a reviewer approves but may not upload
 * or delete; a token is shown once, works with its role, and stops working
 * when revoked; sign-ins and token writes are in the audit log, named.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import { ACCESS_CHANGE_PERMISSIONS, ACCESS_CHANGES, type AccessChange } from '../core/features/governance/access-rules';
import { OPERATION_PERMISSIONS } from '../core/product/index';
import { can, ROLES, type Role } from '../core/features/governance/roles';
import type { AuditEntry, Product } from '../core/product/index';
import type { ContentItem } from '../core/foundation/types';
import { fixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from './testing';

/** One server for the file: uploads wait for review (AUTO_APPROVE false); items of the access table are approved as they are made. */
let server: TestServer;
before(async () => { server = await startTestServer({ env: { AUTO_APPROVE: 'false' } }); });
after(() => server?.stop());

describe('roles and tokens', () => {
  let admin: Product;
  const client = (token: string) => createProductClient({ baseUrl: server.url, token, tokenHint: 'test' });
  const signIn = async (username: string, password: string) => {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    assert.equal(res.status, 200, await res.clone().text());
    return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], user: await res.json() as { username: string; role: string } };
  };
  const asCookie = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(server.url + path, { ...init, headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}), origin: server.url, ...(init.headers ?? {}) } });

  before(() => { admin = client(server.token); });

  it('an editor token uploads, but its approve and delete are refused 403 and audited under its name', async () => {
    const made = await admin.createToken({ name: 'ci-editor', role: 'editor' });
    assert.match(made.token, /^cms_/);
    assert.equal('tokenHash' in made.record, false);
    assert.ok(!(await admin.tokens()).some((t) => JSON.stringify(t).includes(made.token)), 'the token is shown once, never listed');
    const editor = client(made.token);
    const f = await fixtures.textPdf(1);
    const { item } = await editor.upload({ kind: 'document', file: { path: f.path, fileName: 'editor.pdf' }, fields: { title: 'Editor upload', force: true } });
    await assert.rejects(editor.approve([item.id]), (e: Error & { code?: string }) => e.code === 'forbidden');
    const raw = await fetch(`${server.url}/api/review/approve`, { method: 'POST', headers: { authorization: `Bearer ${made.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [item.id] }) });
    assert.equal(raw.status, 403);
    await assert.rejects(editor.remove(item.id), (e: Error & { code?: string }) => e.code === 'forbidden');
    await assert.rejects(editor.upload({ kind: 'document', file: { path: f.path, fileName: 'e2.pdf' }, fields: { force: true, approve: true } }), (e: Error & { code?: string }) => e.code === 'forbidden');
    assert.equal((await admin.reviewQueue('pending')).find((x) => x.id === item.id)?.review, 'pending');
    const log = await admin.auditLog({ since: '1h' });
    const refused = log.filter((e: AuditEntry) => e.action === 'forbidden' && e.actor === 'ci-editor');
    assert.deepEqual(refused.map((e) => e.target).sort(), ['approve', 'approve', 'remove', 'upload'].sort());
    assert.ok(log.some((e) => e.action === 'token_write' && e.actor === 'ci-editor' && e.target === 'upload' && e.via === 'token'));

    await admin.revokeToken(made.record.id);
    await assert.rejects(editor.items('document'), (e: Error & { code?: string }) => e.code === 'unauthorized');
  });

  it('a reviewer signs in by name, approves and rejects, but may not upload or delete; sign-in and the approval name the user', async () => {
    await admin.createUser({ username: 'rita', name: 'Rita Reviewer', role: 'reviewer', password: 'reviewer-pass-123' });
    await assert.rejects(admin.createUser({ username: 'rita', role: 'editor', password: 'another-pass-123' }), (e: Error & { code?: string }) => e.code === 'conflict');
    await assert.rejects(admin.createUser({ username: 'short', role: 'editor', password: 'short' }), (e: Error & { code?: string }) => e.code === 'validation');
    const f = await fixtures.textPdf(2);
    const { item } = await admin.upload({ kind: 'document', file: { path: f.path, fileName: 'rev.pdf' }, fields: { title: 'For Rita', force: true } });
    const { cookie, user } = await signIn('rita', 'reviewer-pass-123');
    assert.deepEqual([user.username, user.role], ['rita', 'reviewer']);
    const approved = await asCookie(cookie, '/api/review/approve', { method: 'POST', body: JSON.stringify({ ids: [item.id] }) });
    assert.equal(approved.status, 200);
    assert.equal(((await approved.json()) as Array<{ approvedBy: string }>)[0].approvedBy, 'rita');
    assert.equal((await asCookie(cookie, `/api/documents/${item.id}`, { method: 'DELETE' })).status, 403);
    assert.equal((await asCookie(cookie, '/api/users')).status, 403);
    assert.equal((await asCookie(cookie, '/api/review?filter=approved')).status, 200);
    const log = await admin.auditLog({ since: '1h' });
    assert.ok(log.some((e) => e.action === 'sign_in' && e.actor === 'rita' && e.role === 'reviewer'));
    assert.ok(log.some((e) => e.action === 'approve' && e.actor === 'rita' && e.itemId === item.id));
    assert.ok(log.some((e) => e.action === 'forbidden' && e.actor === 'rita' && e.target === 'remove'));

    // A disabled user's sessions end at once.
    const rita = (await admin.users()).find((u) => u.username === 'rita')!;
    await admin.updateUser(rita.id, { disabled: true });
    assert.equal((await asCookie(cookie, '/api/review')).status, 401);
    const failed = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'rita', password: 'reviewer-pass-123' }) });
    assert.equal(failed.status, 401);
    assert.ok((await admin.auditLog({ since: '1h', action: 'sign_in_failed' })).some((e) => e.target === 'rita'));
  });

  it('an editor restoring an old version of a public item sends it to review: the live file stays until a reviewer approves; restoring with approve is 403', async () => {
    const [v1, v2] = await Promise.all([fixtures.textPdf(1), fixtures.textPdf(2)]);
    const { item } = await admin.upload({ kind: 'document', file: { path: v1.path, fileName: 'price-list-2026.pdf' }, fields: { title: 'Price list', force: true } });
    await admin.replace(item.id, { file: { path: v2.path, fileName: 'price-list-2027.pdf' } }); // pending: replaced at once
    await admin.approve([item.id]);
    const { token } = await admin.createToken({ name: 'restoring-editor', role: 'editor' });
    const editor = client(token);
    await assert.rejects(editor.restoreVersion(item.id, 1, { approve: true }), (e: Error & { code?: string }) => e.code === 'forbidden');
    const restored = await editor.restoreVersion(item.id, 1);
    assert.equal(restored.version.state, 'pending');
    const now = (await admin.items('document')).find((x) => x.id === item.id)! as unknown as { fileName: string; review: string; pendingVersion?: { n: number; approved: boolean } | null };
    assert.equal(now.fileName, 'price-list-2027.pdf', 'the approved file stays live');
    assert.equal(now.review, 'approved');
    assert.deepEqual([now.pendingVersion?.n, now.pendingVersion?.approved], [restored.version.n, false], 'the restored file waits for a reviewer');
  });

  it('CMS_TOKEN stays an admin token; an admin-role named token manages users', async () => {
    const made = await admin.createToken({ name: 'ops-admin', role: 'admin' });
    const ops = client(made.token);
    const u = await ops.createUser({ username: 'eddie', role: 'editor', password: 'editor-pass-1234' });
    assert.equal(u.role, 'editor');
    assert.ok((await admin.auditLog({ since: '1h', action: 'user' })).some((e) => e.actor === 'ops-admin' && e.target === 'eddie'));
  });
});

/**
 * Least privilege for who may see an item: every change of the guard's
 * access table (core/features/governance/access-rules.ts) x every role x both routes
 * (bulk and one item). Widening (public, a later or no expiry, unarchiving)
 * needs `review`: an editor gets 403 and nothing changes. A change added to
 * the table without a case here fails the first test.
 */
describe('least privilege: access changes by role and route', () => {
  let admin: Product;
  const tokens = {} as Record<Role, string>;
  type Before = { audience?: 'public' | 'staff'; validUntil?: string; archived?: boolean };
  type Patch = { audience?: string; validUntil?: string | null; archived?: boolean };
  const CASES: Record<AccessChange, { before: Before; patch: Patch; changed: (i: ContentItem) => boolean }> = {
    widen_audience: { before: { audience: 'staff' }, patch: { audience: 'public' }, changed: (i) => i.audience === 'public' },
    narrow_audience: { before: { audience: 'public' }, patch: { audience: 'staff' }, changed: (i) => i.audience === 'staff' },
    clear_expiry: { before: { validUntil: '2020-01-31' }, patch: { validUntil: null }, changed: (i) => !i.validUntil },
    extend_expiry: { before: { validUntil: '2020-01-31' }, patch: { validUntil: '2099-01-31' }, changed: (i) => i.validUntil === '2099-01-31' },
    set_expiry: { before: {}, patch: { validUntil: '2030-06-30' }, changed: (i) => i.validUntil === '2030-06-30' },
    shorten_expiry: { before: { validUntil: '2099-01-31' }, patch: { validUntil: '2030-01-31' }, changed: (i) => i.validUntil === '2030-01-31' },
    unarchive: { before: { archived: true }, patch: { archived: false }, changed: (i) => !i.archivedAt },
    archive: { before: {}, patch: { archived: true }, changed: (i) => !!i.archivedAt },
  };
  const ROUTES = {
    bulk: (id: number, patch: Patch) => ({ method: 'POST', path: '/api/review/access', body: { ids: [id], ...patch } }),
    one: (id: number, patch: Patch) => ({ method: 'PATCH', path: `/api/items/${id}/access`, body: patch }),
  };
  let n = 0;

  before(async () => {
    admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    for (const role of ROLES) tokens[role] = (await admin.createToken({ name: `access-${role}`, role })).token;
  });

  it('every access change of the table has a case, and setAccess is in the guard table as edit or review', () => {
    assert.deepEqual(Object.keys(CASES).sort(), [...ACCESS_CHANGES].sort());
    assert.deepEqual(Object.keys(ACCESS_CHANGE_PERMISSIONS).sort(), [...ACCESS_CHANGES].sort());
    assert.deepEqual([...(OPERATION_PERMISSIONS.setAccess as string[])].sort(), ['edit', 'review']);
  });

  for (const change of ACCESS_CHANGES) {
    for (const [route, make] of Object.entries(ROUTES)) {
      for (const role of ROLES) {
        const allowed = ACCESS_CHANGE_PERMISSIONS[change].some((p) => can(role, p));
        it(`${change} by ${role} via ${route} route: ${allowed ? '200' : '403, unchanged'}`, async () => {
          const { before: b, patch, changed } = CASES[change];
          const item = await admin.createContent({ title: `Access ${change} ${role} ${route} ${++n}`, type: 'faq', audience: b.audience ?? 'public', validUntil: b.validUntil ?? null, approve: true } as never);
          if (b.archived) await admin.setAccess([item.id], { archived: true });
          const req = make(item.id, patch);
          const res = await fetch(server.url + req.path, { method: req.method, headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' }, body: JSON.stringify(req.body) });
          const text = await res.text();
          const now = (await admin.reviewQueue('all')).find((x) => x.id === item.id)!;
          if (allowed) {
            assert.equal(res.status, 200, text);
            assert.ok(changed(now), `${change} applied: ${JSON.stringify(now)}`);
          } else {
            assert.equal(res.status, 403, text);
            assert.match(JSON.parse(text).message ?? JSON.parse(text).error?.message ?? text, /"review" permission/);
            assert.equal(changed(now), false, `${change} refused and not applied: ${JSON.stringify(now)}`);
          }
        });
      }
    }
  }

  it('a bulk change that widens any one item is refused whole for an editor (nothing changed, the refusal audited)', async () => {
    const a = await admin.createContent({ title: 'Bulk staff A', type: 'faq', audience: 'staff', approve: true } as never);
    const b = await admin.createContent({ title: 'Bulk public B', type: 'faq', audience: 'public', approve: true } as never);
    const editor = createProductClient({ baseUrl: server.url, token: tokens.editor, tokenHint: 'test' });
    await assert.rejects(editor.setAccess([b.id, a.id], { audience: 'public' }), (e: Error & { code?: string }) => e.code === 'forbidden');
    await editor.setAccess([b.id], { audience: 'public' }); // no change: allowed
    const all = await admin.reviewQueue('all');
    assert.equal(all.find((x) => x.id === a.id)!.audience, 'staff');
    assert.ok((await admin.auditLog({ since: '1h', action: 'forbidden' })).some((e) => e.actor === 'access-editor' && e.target === 'setAccess'));
  });

  it('every operation of the product has a rule in the guard table (a new operation without one fails here)', async () => {
    const ops = Object.entries(server.services!.product).filter(([, f]) => typeof f === 'function').map(([k]) => k);
    assert.ok(ops.length > 40);
    assert.deepEqual(ops.filter((k) => !(k in OPERATION_PERMISSIONS)), []);
  });
});
