/**
 * The audit log of every change (issue 39, point 4): each write the product
 * accepts is recorded with what changed, before and after: document title and
 * description, widget settings, glossary terms, categories, translation
 * requests, uploads; and every write operation of the guard's table is
 * audited by the wrapper (core/product/audit-writes.ts) or by its own use case.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import { AUDITED_ELSEWHERE, AUDITED_WRITES, changedFields } from '../core/product/audit-writes';
import { OPERATION_PERMISSIONS } from '../core/product/index';
import type { AuditEntry, Product } from '../core/product/index';
import { fixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from './testing';

/** Reads that need the manage permission. */
const MANAGE_READS: ReadonlyArray<keyof Product> = ['users', 'tokens', 'auditLog', 'exportAudit', 'exportConversations'];
/** Writes that change no one's content or settings: re-running work already recorded (a retry, a reindex, a transcription job). */
const NOT_A_CHANGE: ReadonlyArray<keyof Product> = ['transcribe', 'retry', 'retryJob', 'retryFailed', 'reindex', 'rememberTranslations', 'createContent', 'recordSiteRun', 'startSiteSync'];

describe('the audit log records every change with before and after', () => {
  let server: TestServer;
  let admin: Product;
  let docId = 0;
  // (the HTTP route lists every action: filtered here)
  const entries = async (action: AuditEntry['action']) => (await admin.auditLog({ since: '1h' })).filter((e) => e.action === action);
  before(async () => {
    server = await startTestServer({ env: { AUTO_APPROVE: 'false' } });
    admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    const f = await fixtures.textPdf(1);
    const up = await admin.upload({ kind: 'document', file: { path: f.path, fileName: 'audit-me.pdf' }, fields: { title: 'Audit me', description: 'First words' } });
    docId = up.item.id;
  });
  after(() => server?.stop());

  it('every write of the guard\'s table is audited here or by its own use case (a new write without an entry fails)', () => {
    const writes = (Object.entries(OPERATION_PERMISSIONS) as Array<[keyof Product, unknown]>)
      .filter(([, need]) => typeof need === 'string' && !['read', 'public'].includes(need))
      .map(([name]) => name);
    const unaccounted = writes.filter((w) => !AUDITED_WRITES.includes(w) && !AUDITED_ELSEWHERE.includes(w) && !NOT_A_CHANGE.includes(w) && !MANAGE_READS.includes(w));
    assert.deepEqual(unaccounted, []);
  });

  it('only the fields that changed, each side', () => {
    assert.deepEqual(changedFields({ title: 'a', description: 'd' }, { title: 'b', description: 'd' }, ['title', 'description']), { before: { title: 'a' }, after: { title: 'b' } });
    assert.equal(changedFields({ title: 'a' }, { title: 'a' }), null);
  });

  it('an upload is recorded with its item and file name', async () => {
    const e = (await entries('upload')).find((x) => x.itemId === docId);
    assert.ok(e, 'an upload entry');
    assert.equal(e.title, 'Audit me');
    assert.deepEqual(e.after, { fileName: 'audit-me.pdf' });
    assert.equal(e.actor, 'admin');
  });

  it('a title and description edit: both fields, before and after; an edit that changes nothing is not recorded', async () => {
    await admin.updateDocument(docId, { title: 'Audited', description: 'New words' });
    await admin.updateDocument(docId, { title: 'Audited' });
    const edits = (await entries('edit')).filter((x) => x.itemId === docId);
    assert.equal(edits.length, 1);
    assert.deepEqual(edits[0].before, { title: 'Audit me', description: 'First words' });
    assert.deepEqual(edits[0].after, { title: 'Audited', description: 'New words' });
    assert.equal(edits[0].itemType, 'document');
  });

  it('widget settings, glossary terms and categories: before and after', async () => {
    const old = await admin.widgetSettings();
    await admin.updateWidgetSettings({ title: 'Ask AuraShade' });
    const s = (await entries('settings'))[0];
    assert.deepEqual(s.before, { title: old.title ?? null });
    assert.deepEqual(s.after, { title: 'Ask AuraShade' });

    await admin.putGlossaryTerm({ term: 'AuraShade', translations: { hebrew: 'אורה-שייד' } });
    await admin.putGlossaryTerm({ term: 'AuraShade', translations: { hebrew: 'אוראשייד' } });
    await admin.removeGlossaryTerm('AuraShade');
    const g = (await entries('glossary')).reverse();
    assert.deepEqual(g.map((e) => [e.target, e.note ?? null]), [['AuraShade', null], ['AuraShade', null], ['AuraShade', 'removed']]);
    assert.deepEqual(g[1].before, { translations: { hebrew: 'אורה-שייד' } });
    assert.deepEqual(g[1].after, { translations: { hebrew: 'אוראשייד' } });

    const c = await admin.createCategory({ name: 'Blinds' });
    await admin.updateCategory(c.id, { name: 'Roller blinds' });
    await admin.removeCategory(c.id);
    const cats = (await entries('category')).reverse();
    assert.deepEqual(cats.map((e) => e.note ?? null), ['created', null, 'removed']);
    assert.deepEqual([cats[1].before, cats[1].after], [{ name: 'Blinds' }, { name: 'Roller blinds' }]);
  });

  it('a translation request is recorded with its language', async () => {
    await admin.translate('document', docId, 'spanish');
    const t = (await entries('translation')).find((x) => x.itemId === docId);
    assert.ok(t, 'a translation entry');
    assert.equal((t.after as { targetLanguage: string }).targetLanguage, 'spanish');
  });
});
