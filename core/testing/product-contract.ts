/**
 * What the product does, checked through its one interface. Run against
 * every implementation of `Product`: core's own (the CLI's direct mode) and
 * the HTTP client (the CLI's server mode), so both faces behave alike.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../foundation/errors';
import type { Product } from '../product/index';
import { syncFolder, syncSummary } from '../composition/root';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtures } from './fixtures';
import { buildPdf } from './pdf-writer';
import { videoFixtures } from './fixture-video';
import type { ContentType, Document } from '../foundation/types';

/**
 * One call of every Product method with sample arguments (sampleFile: any local
 * file, for the upload). The map's type is keyed by `keyof Product`: a new
 * Product method that is not called here fails the type check, so its case
 * here and its contract case below are written together.
 * cli/http/product-client.test.ts checks that each call of the HTTP client
 * reaches a route the server registers.
 */
export function sampleCalls(sampleFile: string): { [K in keyof Product]: (p: Product) => unknown } {
  const REF = 'product-client-reference-1';
  return {
    upload: (p) => p.upload({ kind: 'document', file: { path: sampleFile, fileName: 'a.pdf' }, fields: {} }),
    items: (p) => p.items('video', { subcategory: 'podcast' }),
    item: (p) => p.item('document', 1),
    content: (p) => p.content('document'),
    listPage: (p) => p.listPage('video', { subcategory: 'podcast', limit: 10 }),
    createContent: (p) => p.createContent({ title: 'T' }),
    updateDocument: (p) => p.updateDocument(1, { title: 'T' }),
    remove: (p) => p.remove(1, 'video'),
    removeAll: (p) => p.removeAll(),
    translationRows: (p) => p.translationRows('presentation'),
    transcript: (p) => p.transcript(1),
    transcribe: (p) => p.transcribe(1, { language: 'english' }),
    saveTranscript: (p) => p.saveTranscript(1, [{ start: 0, end: 1, text: 'x' }]),
    approve: (p) => p.approve([1]),
    reject: (p) => p.reject([1], { note: 'n' }),
    setAccess: (p) => p.setAccess([1], { audience: 'staff' }),
    reviewQueue: (p) => p.reviewQueue('pending'),
    auditLog: (p) => p.auditLog({ since: '7d' }),
    exportAudit: (p) => p.exportAudit({ format: 'csv' }),
    replace: (p) => Promise.all([p.replace(1, { file: { path: sampleFile, fileName: 'a.pdf' }, type: 'document' }), p.replace(1, { file: { path: sampleFile, fileName: 'a.pdf' } })]),
    versions: (p) => Promise.all([p.versions(1, 'video'), p.versions(1)]),
    restoreVersion: (p) => p.restoreVersion(1, 1, { type: 'presentation', approve: true }),
    users: (p) => p.users(),
    createUser: (p) => p.createUser({ username: 'u', role: 'editor', password: 'p'.repeat(12) }),
    updateUser: (p) => p.updateUser(1, { disabled: true }),
    removeUser: (p) => p.removeUser(1),
    tokens: (p) => p.tokens(),
    createToken: (p) => p.createToken({ name: 't', role: 'editor' }),
    revokeToken: (p) => p.revokeToken(1),
    translate: (p) => p.translate('presentation', 1, 'spanish'),
    translationList: (p) => p.translationList({ itemType: 'document', itemId: 1 }),
    translationOffers: (p) => p.translationOffers(),
    translation: (p) => p.translation(1),
    retryTranslation: (p) => p.retryTranslation(1),
    removeTranslation: (p) => p.removeTranslation(1),
    glossary: (p) => p.glossary(),
    putGlossaryTerm: (p) => p.putGlossaryTerm({ term: 'AuraShade' }),
    removeGlossaryTerm: (p) => p.removeGlossaryTerm('AuraShade'),
    rememberTranslations: (p) => p.rememberTranslations({ source: 'english', target: 'spanish', segments: [{ text: 'a', translation: 'b' }] }),
    retry: (p) => Promise.all([p.retry(1, 'document'), p.retry(1)]),
    retryJob: (p) => p.retryJob(1),
    retryFailed: (p) => p.retryFailed(),
    jobs: (p) => p.jobs('failed'),
    reindex: (p) => p.reindex(),
    search: (p) => p.search('knx', { k: 3 }),
    ask: (p) => p.ask('q', REF),
    askStream: async (p) => {
      for await (const _ of p.askStream('q', REF)) break;
    },
    chat: (p) => p.chat({ message: 'hi', referenceId: REF }),
    messages: (p) => p.messages(REF),
    clearSession: (p) => p.clearSession(REF),
    newConversation: (p) => p.newConversation(),
    requestHandoff: (p) => p.requestHandoff({ referenceId: REF, name: 'N', consent: true }),
    handoffRequests: (p) => p.handoffRequests({ status: 'open' }),
    handoffRequest: (p) => p.handoffRequest(1),
    markHandoffHandled: (p) => p.markHandoffHandled(1),
    removeHandoffRequest: (p) => p.removeHandoffRequest(1),
    categories: (p) => p.categories(),
    createCategory: (p) => p.createCategory({ name: 'C' }),
    updateCategory: (p) => p.updateCategory(1, { name: 'C' }),
    removeCategory: (p) => p.removeCategory(1),
    images: (p) => Promise.all([p.images('bot'), p.images('presentation')]),
    removeImage: (p) => p.removeImage('bot', 1),
    files: (p) => p.files('documents/'),
    fileStats: (p) => p.fileStats(),
    removeFile: (p) => p.removeFile('documents/a b.pdf'),
    readFile: (p) => Promise.all([p.readFile('documents/a.pdf'), p.readFile('documents/a.pdf', { public: true })]),
    statFile: (p) => p.statFile('documents/a.pdf'),
    viewer: (p) => p.viewer('document', 1, { page: 1, q: 'motor' }, { public: false }),
    sites: (p) => p.sites(),
    recordSiteRun: (p) => p.recordSiteRun({
      site: 'https://www.example.com/sitemap.xml', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:05.000Z', mode: 'sitemap',
      found: 3, new: 2, changed: 0, removed: 0, failed: 1, unchanged: 0, flags: { approve: false, delete: false, allowHosts: [] },
    }),
    startSiteSync: (p) => p.startSiteSync('https://www.example.com/sitemap.xml'),
    dashboard: (p) => p.dashboard(),
    health: (p) => p.health(),
    metrics: (p) => p.metrics(),
    rate: (p) => p.rate({ referenceId: REF, answerId: 'a', rating: 'up' }),
    questionStats: (p) => p.questionStats('7d'),
    exportConversations: (p) => p.exportConversations({ format: 'jsonl' }),
    widgetSettings: (p) => p.widgetSettings(),
    updateWidgetSettings: (p) => p.updateWidgetSettings({ title: 'Help' }),
    widgetConfig: (p) => p.widgetConfig(),
  };
}

export interface ProductHarness {
  product: Product;
  cleanup(): Promise<void>;
}

const RUNNING = new Set(['pending', 'processing', 'extracting', 'analyzing', 'converting']);

async function settled(product: Product, type: ContentType, id: number) {
  for (let i = 0; i < 600; i++) {
    const item = await product.item(type, id);
    if (!RUNNING.has(item.status)) return item;
    await sleep(50);
  }
  throw new Error(`${type} ${id} did not finish`);
}

/** Polls `check` until it holds (the product's own state is the event: a version going live, a job ending). */
async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`Timed out waiting until ${what}`);
}

/** A one-page PDF whose text holds `word` (a word no other fixture has). */
function wordPdf(dir: string, name: string, word: string) {
  const file = path.join(dir, name);
  writeFileSync(file, buildPdf([{ lines: [`Installation plan ${word}`, `The ${word} gateway pairs with every motorised blind in the house.`] }]));
  return file;
}

const rejects = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

/** `only`: run just the cases whose name matches (e.g. the PostgreSQL run of versions and sync). */
export function runProductContract(name: string, make: () => Promise<ProductHarness>, options: { only?: RegExp } = {}) {
  const check = (title: string, fn: () => Promise<void>) => (options.only && !options.only.test(title) ? undefined : it(title, fn));
  describe(`product contract: ${name}`, () => {
    let h: ProductHarness;
    before(async () => (h = await make()));
    after(async () => h?.cleanup());

    check('uploads a PDF as a pending document that its ingest job completes, then finds it by search', async () => {
      const f = await fixtures.textPdf(3);
      const { kind, item } = await h.product.upload({ kind: 'document', file: { path: f.path, fileName: 'Guide.pdf' }, fields: { title: 'Guide' } });
      assert.equal(kind, 'document');
      assert.equal(item.status, 'pending');
      const done = await settled(h.product, 'document', item.id);
      assert.equal(done.status, 'completed', done.error ?? '');
      assert.equal(done.progress, 100);
      const job = (await h.product.jobs()).find((j) => j.itemId === item.id)!;
      assert.equal(job.state, 'done');
      assert.equal(job.step?.code, 'completed');
      const hits = await h.product.search(f.phrases.en[1], { k: 3, type: 'document' });
      assert.equal(hits[0]?.chunk.itemId, item.id);
      assert.ok((await h.product.content()).some((c) => c.id === item.id && c.title === 'Guide' && c.status === 'completed'));
    });

    check('maps each kind\'s spec fields in core: a video\'s label, a presentation\'s languageto', async () => {
      const deck = await fixtures.pptx();
      const p = await h.product.upload({ kind: 'presentation', file: { path: deck.path, fileName: 'deck.pptx' }, fields: { title: 'Deck', languageto: 'hebrew' } });
      assert.equal(p.kind === 'presentation' && p.item.label, 'Deck');
      assert.equal(p.kind === 'presentation' && p.item.translation.state, 'requested');
      await h.product.remove(p.item.id);
      await assert.rejects(h.product.item('presentation', p.item.id), rejects('not_found'));
    });

    check('refuses the same bytes twice unless forced, and unknown fields values with validation errors', async () => {
      const f = await fixtures.textPdf(2);
      const first = await h.product.upload({ kind: 'any', file: { path: f.path, fileName: 'a.pdf' }, fields: {} });
      assert.equal(first.kind, 'document');
      await assert.rejects(h.product.upload({ kind: 'document', file: { path: f.path, fileName: 'a.pdf' }, fields: {} }), rejects('conflict'));
      await assert.rejects(
        h.product.upload({ kind: 'document', file: { path: f.path, fileName: 'a.pdf' }, fields: { force: true, needsTranslation: true, targetLanguage: 'klingon' } }),
        rejects('validation'),
      );
      await settled(h.product, 'document', first.item.id);
    });

    check('a failed upload is retried by its item id or by its job id, and its reason is kept on the job', async () => {
      const bad = await fixtures.truncatedPdf();
      const { item } = await h.product.upload({ kind: 'document', file: { path: bad.path, fileName: 'bad.pdf' }, fields: { force: true } });
      const failed = await settled(h.product, 'document', item.id);
      assert.equal(failed.status, 'failed');
      const job = (await h.product.jobs('failed')).find((j) => j.itemId === item.id)!;
      assert.equal(job.error?.message, failed.error);
      const byItem = await h.product.retry(item.id);
      assert.equal(byItem.type, 'document');
      assert.equal((await settled(h.product, 'document', item.id)).status, 'failed');
      const byJob = await h.product.retry(job.id);
      assert.equal(byJob.item.id, item.id);
      const again = await settled(h.product, 'document', item.id);
      assert.equal(again.status, 'failed');
      assert.equal((await h.product.jobs()).find((j) => j.id === job.id)?.attempts, 3);
      await assert.rejects(h.product.retry(999_999), rejects('not_found'));
    });

    check('translates a document on request (Apertium offline here, labelled machine), refuses its own and unknown languages, keeps a glossary, and deletes translations with the item', async () => {
      const f = await fixtures.docx();
      const { item } = await h.product.upload({ kind: 'document', file: { path: f.path, fileName: 'tr.docx' }, fields: { title: 'Translate me', force: true } });
      await settled(h.product, 'document', item.id);
      await assert.rejects(h.product.translate('document', item.id, 'klingon'), (e: unknown) => rejects('validation')(e) && /Accepted: english/.test((e as Error).message));
      await assert.rejects(h.product.translate('document', item.id, 'english'), rejects('validation'));
      const t = await h.product.translate('document', item.id, 'spanish');
      assert.equal((await h.product.translate('document', item.id, 'Spanish')).id, t.id, 'one record per language');
      let done = t;
      for (let i = 0; i < 600 && (done.state === 'queued' || done.state === 'running'); i++) {
        await sleep(100);
        done = await h.product.translation(t.id);
      }
      assert.equal(done.state, 'completed', done.error ?? '');
      assert.equal(done.provider, 'apertium');
      assert.equal(done.quality, 'machine');
      assert.ok((await h.product.translationList({ itemId: item.id })).some((x) => x.id === t.id && x.filePath));
      const g1 = await h.product.putGlossaryTerm({ term: 'AuraShade' });
      const g2 = await h.product.removeGlossaryTerm('AuraShade');
      assert.equal(g2.version, g1.version + 1);
      await h.product.remove(item.id);
      assert.deepEqual(await h.product.translationList({ itemId: item.id }), []);
    });

    check('transcribes a video again and saves an edited transcript only when it can: unknown language, no endpoint, no transcript yet are refused with their reason', async () => {
      const clip = await videoFixtures.silent();
      const { item } = await h.product.upload({ kind: 'video', file: { path: clip, fileName: 'quiet.mp4' }, fields: { label: 'Quiet', hasSpeech: 'false' } });
      const done = await settled(h.product, 'video', item.id);
      assert.equal(done.status, 'completed', done.error ?? '');
      await assert.rejects(h.product.transcribe(item.id, { language: 'klingon' }), rejects('validation'));
      await assert.rejects(h.product.transcribe(item.id, { provider: 'endpoint' }), (e: unknown) => rejects('not_configured')(e) && /set STT_URL/.test((e as Error).message));
      await assert.rejects(h.product.saveTranscript(item.id, [{ start: 0, end: 1, text: 'Hello.' }]), (e: unknown) => rejects('conflict')(e) && /no transcript to edit/.test((e as Error).message));
      const again = await h.product.transcribe(item.id, { language: 'english', provider: 'offline' });
      assert.equal(again.sourceLanguage, 'en');
      assert.equal(again.transcript?.state, 'pending');
      await h.product.remove(item.id);
    });

    check('keeps categories, lists stored files and counts the dashboard', async () => {
      const c = await h.product.createCategory({ name: 'Blinds' });
      assert.equal((await h.product.updateCategory(c.id, { description: 'Roller blinds' })).description, 'Roller blinds');
      assert.ok((await h.product.categories()).some((x) => x.id === c.id));
      await assert.rejects(h.product.createCategory({ name: 'blinds' }), rejects('conflict'));
      await h.product.removeCategory(c.id);
      const files = await h.product.files('documents/');
      assert.ok(files.length >= 1);
      const head = await h.product.statFile(files[0].key);
      assert.equal(head?.size, files[0].size);
      assert.equal(await h.product.statFile('documents/none.pdf'), null);
      const metrics = await h.product.dashboard();
      assert.equal(metrics.totalDocuments, (await h.product.items('document')).length);
    });

    check('pages the lists by id and counts each list whole, a page and its total in one call', async () => {
      const made = [];
      for (const title of ['Paged A', 'Paged B', 'Paged C']) made.push(await h.product.createContent({ title }));
      try {
        const all = await h.product.content();
        assert.ok(all.length >= 3);
        const ids = (p: { items: Array<{ id: number }> }) => p.items.map((x) => x.id);
        const whole = await h.product.listPage('content');
        assert.deepEqual([ids(whole), whole.total, whole.offset], [all.map((x) => x.id), all.length, 0]);
        // A full page, an empty page past the end and a page after an id: each still says how many rows there are in all.
        const middle = await h.product.listPage('content', { limit: 2, offset: 1 });
        assert.deepEqual([ids(middle), middle.total, middle.limit, middle.offset], [all.slice(1, 3).map((x) => x.id), all.length, 2, 1]);
        assert.deepEqual(await h.product.content(undefined, { limit: 2, offset: 1 }), middle.items);
        const past = await h.product.listPage('content', { limit: 2, offset: all.length });
        assert.deepEqual([past.items, past.total], [[], all.length]);
        const after = await h.product.listPage('content', { limit: 1, afterId: all[0].id });
        assert.deepEqual([ids(after), after.total], [[all[1].id], all.length]);
        const docs = await h.product.items('document');
        const firstDoc = await h.product.listPage('document', { limit: 1 });
        assert.deepEqual([ids(firstDoc), firstDoc.total], [docs.slice(0, 1).map((x) => x.id), docs.length]);
        assert.equal((await h.product.listPage('bot-images')).total, (await h.product.images('bot')).length);
        assert.equal((await h.product.listPage('video', { subcategory: 'podcast' })).total, (await h.product.items('video', { subcategory: 'podcast' })).length);
      } finally {
        for (const m of made) await h.product.remove(m.id);
      }
    });

    check('rates an answer of its own conversation only, counts it in the question stats and exports it', async () => {
      const reply = await h.product.ask('What does the guide say?', 'contract-rate-conversation');
      assert.ok(reply.answerId, 'answers carry the id to rate them by');
      await assert.rejects(h.product.rate({ referenceId: 'someone-else-entirely-1', answerId: reply.answerId!, rating: 'up' }), rejects('not_found'));
      const rated = await h.product.rate({ referenceId: 'contract-rate-conversation', answerId: reply.answerId!, rating: 'down', comment: 'Too vague' });
      assert.deepEqual([rated.rating.value, rated.rating.comment], ['down', 'Too vague']);
      const stats = await h.product.questionStats('1d');
      assert.ok(stats.questions >= 1);
      assert.ok(stats.comments.some((c) => c.comment === 'Too vague'));
      await assert.rejects(h.product.questionStats('last week'), rejects('validation'));
      const file = await h.product.exportConversations({ format: 'jsonl' });
      assert.match(file.fileName, /\.jsonl$/);
      assert.ok(file.body.split('\n').some((l) => l.includes('"Too vague"')));
    });

    check('keeps the widget settings: allowed sites joined with the configured ones, brand defaults, bad origins refused', async () => {
      const saved = await h.product.updateWidgetSettings({ origins: ['https://shop.example.com/'], color: '#0f766e', title: 'Help' });
      assert.deepEqual(saved.origins, ['https://shop.example.com']);
      const cfg = await h.product.widgetConfig();
      assert.deepEqual([cfg.title, cfg.color], ['Help', '#0f766e']);
      assert.ok(cfg.origins.includes('https://shop.example.com'));
      await assert.rejects(h.product.updateWidgetSettings({ origins: ['https://shop.example.com/page'] }), rejects('validation'));
      assert.deepEqual((await h.product.widgetSettings()).origins, ['https://shop.example.com']);
    });

    check('an upload waits for review; approve and reject (single and bulk) move it, with who and when, and the audit log keeps each change', async () => {
      const a = await fixtures.textPdf(1);
      const b = await fixtures.textPdf(2);
      const one = (await h.product.upload({ kind: 'document', file: { path: a.path, fileName: 'review-a.pdf' }, fields: { title: 'Review A', force: true } })).item as Document;
      const two = (await h.product.upload({ kind: 'document', file: { path: b.path, fileName: 'review-b.pdf' }, fields: { title: 'Review B', force: true } })).item;
      assert.equal(one.review, 'pending');
      const pending = await h.product.reviewQueue('pending');
      assert.ok([one.id, two.id].every((id) => pending.some((x) => x.id === id && x.review === 'pending' && x.visibility !== 'public')));
      const before = (await h.product.dashboard()).pendingApprovals;
      const approved = await h.product.approve([one.id, two.id]);
      assert.deepEqual(approved.map((x) => [x.id, x.review]), [[one.id, 'approved'], [two.id, 'approved']]);
      assert.ok(approved[0].approvedDate && approved[0].approvedBy);
      assert.equal((await h.product.dashboard()).pendingApprovals, before - 2);
      const [rejected] = await h.product.reject([two.id], { note: 'Draft prices' });
      assert.deepEqual([rejected.review, rejected.reviewNote, rejected.approvedDate], ['rejected', 'Draft prices', null]);
      assert.ok((await h.product.reviewQueue('rejected')).some((x) => x.id === two.id && x.visibility === 'rejected'));
      await assert.rejects(h.product.approve([999_999]), rejects('not_found'));
      await assert.rejects(h.product.approve([]), rejects('validation'));
      const log = await h.product.auditLog({ since: '1h' });
      const mine = log.filter((e) => e.itemId === two.id).map((e) => e.action);
      assert.deepEqual(mine, ['reject', 'approve', 'upload'], 'newest first: the upload is recorded too (every write the product accepts)');
      assert.deepEqual(log.find((e) => e.itemId === two.id && e.action === 'reject')?.before?.review, 'approved');
      const csv = await h.product.exportAudit({ since: '1h', format: 'csv' });
      assert.match(csv.body.split('\r\n')[0], /^id,at,action,actor,/);
      assert.ok(csv.body.includes('Draft prices'));
      await h.product.remove(two.id);
      assert.ok((await h.product.auditLog({ since: '1h', action: 'delete' })).some((e) => e.itemId === two.id && e.title === 'Review B'));
    });

    check('audience and expiry: staff-only and expired items are listed as such; a past date means expired at once; approve on upload', async () => {
      const f = await fixtures.textPdf(1);
      const { item } = await h.product.upload({
        kind: 'document', file: { path: f.path, fileName: 'expiring.pdf' }, fields: { title: 'Expiring', force: true, approve: true, audience: 'staff', validUntil: '2099-12-31' },
      });
      const doc = item as Document;
      assert.deepEqual([doc.review, doc.audience, doc.validUntil], ['approved', 'staff', '2099-12-31']);
      assert.ok((await h.product.reviewQueue('staff')).some((x) => x.id === item.id && x.visibility === 'staff'));
      const [pub] = await h.product.setAccess([item.id], { audience: 'public', validUntil: '2020-01-01' });
      assert.deepEqual([pub.audience, pub.validUntil], ['public', '2020-01-01']);
      assert.ok((await h.product.reviewQueue('expired')).some((x) => x.id === item.id && x.visibility === 'expired'));
      await assert.rejects(h.product.setAccess([item.id], { validUntil: 'next year' }), rejects('validation'));
      const [cleared] = await h.product.setAccess([item.id], { validUntil: null });
      assert.equal(cleared.validUntil, null);
      await settled(h.product, 'document', item.id);
    });
    check('versions: a replaced approved item is served as it was until the new version is processed and approved; the old text then leaves the index; restore brings a version back', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'versions-'));
      const hits = async (word: string) => (await h.product.search(`${word} gateway`, { k: 5, type: 'document' })).filter((x) => x.chunk.text.includes(word)).map((x) => x.chunk.itemId);
      const { item } = await h.product.upload({ kind: 'document', file: { path: wordPdf(dir, 'v1.pdf', 'aubergine'), fileName: 'plan.pdf' }, fields: { title: 'Plan', approve: true, force: true } });
      await settled(h.product, 'document', item.id);
      const v1 = await h.product.item('document', item.id);

      const r = await h.product.replace(item.id, { file: { path: wordPdf(dir, 'v2.pdf', 'turquoise'), fileName: 'plan-2027.pdf' } });
      assert.deepEqual([r.type, r.item.id, r.version.n, r.version.state], ['document', item.id, 2, 'pending']);
      const draftId = r.item.pendingVersion?.draftId;
      assert.ok(draftId && draftId !== item.id);
      await until('the new version is processed', async () => (await h.product.jobs()).some((j) => j.itemId === draftId && j.state === 'done'));
      // Still the approved version: same record, same file, its text in the index; the new one waits in the review queue.
      const during = await h.product.item('document', item.id);
      assert.deepEqual([during.fileKey, during.fileName, during.review], [v1.fileKey, 'plan.pdf', 'approved']);
      assert.equal((await h.product.readFile(v1.fileKey)).size, v1.fileSize);
      assert.ok((await hits('aubergine')).includes(item.id));
      assert.ok((await h.product.reviewQueue('pending')).some((x) => x.id === item.id && x.pendingVersion?.n === 2));
      assert.ok((await h.product.items('document')).every((d) => d.id !== draftId), 'the draft is not listed');
      assert.deepEqual((await h.product.versions(item.id)).map((v) => [v.n, v.state]), [[1, 'live'], [2, 'pending']]);

      await h.product.approve([item.id]);
      await until('version 2 is live', async () => (await h.product.versions(item.id)).find((v) => v.n === 2)?.state === 'live');
      const after = await h.product.item('document', item.id);
      assert.deepEqual([after.fileKey, after.fileName, after.pendingVersion ?? null], [v1.fileKey, 'plan-2027.pdf', null], 'same key (same URL), new file');
      assert.equal((await h.product.readFile(v1.fileKey)).size, after.fileSize);
      // Found as soon as the version is live (on PostgreSQL a poll of the search feed once undid the re-index for a moment: core/engines/search/feed.ts).
      assert.ok((await hits('turquoise')).includes(item.id), 'the new text is in the index under the item\'s id');
      assert.ok(!(await hits('turquoise')).includes(draftId!), 'nothing of the draft is left');
      assert.deepEqual(await hits('aubergine'), [], 'the old text left the index');
      await assert.rejects(h.product.item('document', draftId!), rejects('not_found'));

      // Restore version 1 (approved on the spot): it comes back as version 3.
      const back = await h.product.restoreVersion(item.id, 1, { approve: true });
      assert.deepEqual([back.version.n, back.version.restoredFrom, back.version.fileName], [3, 1, 'plan.pdf']);
      await until('version 3 is live', async () => (await h.product.versions(item.id)).find((v) => v.n === 3)?.state === 'live');
      assert.ok((await hits('aubergine')).includes(item.id));
      assert.deepEqual(await hits('turquoise'), []);
      await assert.rejects(h.product.restoreVersion(item.id, 3), rejects('conflict'));
      await assert.rejects(h.product.restoreVersion(item.id, 9), rejects('not_found'));

      // A rejected new version goes; the live one stays.
      await h.product.replace(item.id, { file: { path: wordPdf(dir, 'v4.pdf', 'vermilion'), fileName: 'plan-draft.pdf' }, type: 'document' });
      await h.product.reject([item.id], { note: 'Not yet' });
      const states = (await h.product.versions(item.id)).map((v) => [v.n, v.state]);
      assert.deepEqual(states, [[1, 'superseded'], [2, 'superseded'], [3, 'live'], [4, 'rejected']]);
      assert.equal((await h.product.item('document', item.id)).review, 'approved');
      await assert.rejects(h.product.replace(item.id, { file: { path: wordPdf(dir, 'v5.pdf', 'ochre'), fileName: 'x.pdf' }, type: 'video' }), rejects('not_found'));
      const actions = (await h.product.auditLog({ since: '1h' })).filter((e) => e.itemId === item.id).map((e) => e.action);
      for (const a of ['replace', 'restore', 'approve', 'reject'] as const) assert.ok(actions.includes(a), `audited: ${a}`);
      // Deleting the item takes a waiting version and every kept version file with it.
      const waiting = await h.product.replace(item.id, { file: { path: wordPdf(dir, 'v6.pdf', 'sepia'), fileName: 'plan-6.pdf' } });
      await h.product.remove(item.id);
      await assert.rejects(h.product.item('document', waiting.item.pendingVersion!.draftId!), rejects('not_found'));
      assert.deepEqual((await h.product.files(`versions/document/${item.id}/`)).map((f) => f.key), []);
    });
    check('folder sync: new files are imported, a second run changes nothing and reads no file, changed files become new versions, files gone are archived, a failed file is not imported again', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sync-'));
      mkdirSync(path.join(dir, 'sub'));
      wordPdf(dir, 'a.pdf', 'saffron');
      const b = wordPdf(dir, 'b.pdf', 'cerulean');
      const c = wordPdf(path.join(dir, 'sub'), 'c.pdf', 'magenta');
      writeFileSync(path.join(dir, 'notes.txt'), 'not content');
      const first = await syncFolder(h.product, dir, { approve: true });
      assert.equal(syncSummary(first), '3 new, 0 changed, 0 removed', JSON.stringify(first.failed));
      assert.deepEqual(first.skipped, ['notes.txt']);
      assert.deepEqual(first.new.map((e) => e.path).sort(), ['a.pdf', 'b.pdf', 'sub/c.pdf']);
      for (const e of first.new) await settled(h.product, 'document', e.id!);
      const idOf = (p: string) => first.new.find((e) => e.path === p)!.id!;
      const synced = await h.product.item('document', idOf('sub/c.pdf'));
      assert.deepEqual([synced.syncSource?.path, synced.syncSource?.root, synced.review], ['sub/c.pdf', path.resolve(dir), 'approved']);

      const second = await syncFolder(h.product, dir);
      assert.equal(syncSummary(second), '0 new, 0 changed, 0 removed');
      assert.deepEqual([second.unchanged, second.hashed, second.failed.length], [3, 0, 0]);

      // Same bytes with a new mtime: read once, nothing to do.
      utimesSync(path.join(dir, 'a.pdf'), new Date(), new Date(Date.now() + 5000));
      const touched = await syncFolder(h.product, dir);
      assert.deepEqual([syncSummary(touched), touched.hashed], ['0 new, 0 changed, 0 removed', 1]);

      wordPdf(dir, 'b.pdf', 'ultramarine');
      utimesSync(b, new Date(), new Date(Date.now() + 10_000));
      rmSync(c);
      const third = await syncFolder(h.product, dir, { approve: true });
      assert.equal(syncSummary(third), '0 new, 1 changed, 1 removed');
      assert.deepEqual([third.changed[0].id, third.removed[0].id], [idOf('b.pdf'), idOf('sub/c.pdf')]);
      await until('the new version of b.pdf is live', async () => (await h.product.versions(idOf('b.pdf'))).find((v) => v.n === 2)?.state === 'live');
      assert.equal((await h.product.item('document', idOf('b.pdf'))).syncSource?.path, 'b.pdf');
      const archived = await h.product.reviewQueue('archived');
      assert.ok(archived.some((x) => x.id === idOf('sub/c.pdf') && x.visibility === 'archived'));
      assert.equal(syncSummary(await syncFolder(h.product, dir)), '0 new, 0 changed, 0 removed');

      // Back in the folder: the item comes back.
      wordPdf(path.join(dir, 'sub'), 'c.pdf', 'magenta');
      const back = await syncFolder(h.product, dir);
      assert.deepEqual(back.new.map((e) => e.id), [idOf('sub/c.pdf')]);
      assert.ok(!(await h.product.reviewQueue('archived')).some((x) => x.id === idOf('sub/c.pdf')));
      await until('the returned file is processed', async () => !(await h.product.jobs()).some((j) => j.state === 'queued' || j.state === 'running'));

      // A file whose processing failed is not imported again while its bytes stay the same.
      const bad = await fixtures.truncatedPdf();
      copyFileSync(bad.path, path.join(dir, 'broken.pdf'));
      const withBad = await syncFolder(h.product, dir);
      assert.equal(syncSummary(withBad), '1 new, 0 changed, 0 removed');
      assert.equal((await settled(h.product, 'document', withBad.new[0].id!)).status, 'failed');
      utimesSync(path.join(dir, 'broken.pdf'), new Date(), new Date(Date.now() + 20_000));
      assert.equal(syncSummary(await syncFolder(h.product, dir)), '0 new, 0 changed, 0 removed');

      // --delete: the items of files gone are deleted.
      rmSync(path.join(dir, 'a.pdf'));
      const del = await syncFolder(h.product, dir, { delete: true });
      assert.equal(syncSummary(del), '0 new, 0 changed, 1 removed');
      await assert.rejects(h.product.item('document', idOf('a.pdf')), rejects('not_found'));
    });
  });
}
