import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { openCatalog } from '../../engines/catalog/catalog';
import { AppError } from '../../foundation/errors';
import { createAuditLog, exportAudit } from './audit';
import { recordExpired } from './expiry';
import { approveItems, initialReview, parseValidUntil, rejectItems } from './review';
import { can, type Actor } from './roles';
import { isPublic, visibilityOf } from './visibility';

const dir = mkdtempSync(path.join(os.tmpdir(), 'governance-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const now = new Date('2026-06-15T12:00:00Z');
const done = { status: 'completed', fileKey: 'documents/1_a.pdf' };

test('public only when processed, approved, audience public and not expired; the first reason wins', () => {
  assert.equal(visibilityOf({ ...done }, now), 'pending', 'records made before review existed are pending');
  assert.equal(visibilityOf({ ...done, review: 'rejected', audience: 'staff' }, now), 'rejected');
  assert.equal(visibilityOf({ ...done, review: 'approved', audience: 'staff' }, now), 'staff');
  assert.equal(visibilityOf({ ...done, review: 'approved', validUntil: '2026-06-15' }, now), 'public', 'a plain date lasts to the end of that day');
  assert.equal(visibilityOf({ ...done, review: 'approved', validUntil: '2026-06-14' }, now), 'expired');
  assert.equal(visibilityOf({ ...done, review: 'approved', validUntil: '2026-06-15T11:59:00.000Z' }, now), 'expired');
  assert.equal(visibilityOf({ status: 'extracting', fileKey: 'x', review: 'approved' }, now), 'processing');
  assert.equal(isPublic({ ...done, review: 'approved' }, now), true);
  assert.equal(isPublic(undefined, now), false);
});

test('validUntil: dates and date-times; a past date is accepted (expired at once); words are refused', () => {
  assert.equal(parseValidUntil('2027-01-31'), '2027-01-31');
  assert.equal(parseValidUntil('2020-01-01'), '2020-01-01');
  assert.equal(parseValidUntil('2027-01-31T10:00:00+02:00'), '2027-01-31T08:00:00.000Z');
  assert.equal(parseValidUntil(''), null);
  assert.throws(() => parseValidUntil('tomorrow'), (e: unknown) => e instanceof AppError && e.code === 'validation');
});

test('roles: editors upload but do not review or delete; reviewers review but do not upload or delete', () => {
  assert.deepEqual([can('editor', 'upload'), can('editor', 'review'), can('editor', 'delete')], [true, false, false]);
  assert.deepEqual([can('reviewer', 'review'), can('reviewer', 'upload'), can('reviewer', 'delete')], [true, false, false]);
  assert.ok(can('admin', 'manage'));
});

test('approve and reject record who and when; an editor is refused; the passing of validUntil is audited once', async () => {
  const catalog = openCatalog(path.join(dir, 'a'));
  const audit = createAuditLog(catalog);
  const rita: Actor = { name: 'rita', role: 'reviewer', via: 'session' };
  const row = await catalog.contentItems.insert({
    type: 'note', title: 'Price list', status: 'pending', fileName: '', fileType: '', fileSize: 0, uploadDate: now.toISOString(), approvedDate: null,
    needsTranslation: false, description: '', ...initialReview(null, { audience: 'public', validUntil: '2026-06-01' }, now),
  });
  const deps = { catalog, onChange: async (c: Parameters<typeof audit.record>[0] & object) => { await audit.record(c); }, now: () => now };
  await assert.rejects(approveItems(deps, [row.id], { name: 'eddie', role: 'editor', via: 'token' }), (e: unknown) => e instanceof AppError && e.code === 'forbidden');
  const [ok] = await approveItems(deps, [row.id], rita);
  assert.deepEqual([ok.review, ok.approvedBy, ok.approvedDate], ['approved', 'rita', now.toISOString()]);
  const [no] = await rejectItems(deps, [row.id], '  Draft  ', rita);
  assert.deepEqual([no.review, no.reviewNote, no.approvedBy], ['rejected', 'Draft', null]);
  assert.equal(await recordExpired(catalog, audit, now), 1);
  assert.equal(await recordExpired(catalog, audit, now), 0);
  const actions = (await audit.list()).map((e) => `${e.action}:${e.actor}`);
  assert.deepEqual(actions, ['expired:system', 'reject:rita', 'approve:rita']);
});

test('audit CSV: one header row, JSON before/after, and cells a spreadsheet would run as formulas are defused', async () => {
  const catalog = openCatalog(path.join(dir, 'b'));
  const audit = createAuditLog(catalog);
  await audit.record({ action: 'reject', actor: { name: '=HYPERLINK("x")', role: 'admin', via: 'session' }, type: 'document', id: 4, title: 'A, "quoted" title', before: { review: 'pending' }, after: { review: 'rejected' } });
  const csv = exportAudit(await audit.list(), 'csv').body.split('\r\n');
  assert.equal(csv[0], 'id,at,action,actor,role,via,target,itemType,itemId,title,before,after,note');
  assert.match(csv[1], /,"'=HYPERLINK\(""x""\)",admin,session,document 4,document,4,"A, ""quoted"" title","\{""review"":""pending""\}"/);
  const jsonl = exportAudit(await audit.list(), 'jsonl').body.trim().split('\n');
  assert.equal(JSON.parse(jsonl[0]).after.review, 'rejected');
});
