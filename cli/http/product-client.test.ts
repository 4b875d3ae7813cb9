/**
 * The HTTP client implements every method of the Product (core/product/types.ts):
 * the type checker says so for the shape, this test for the running object,
 * so a new Product method cannot be forgotten here; every call it makes is
 * checked against the routes the server registers. Behaviour is proved by
 * core/testing/product-contract.ts (cli/product.contract.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Product } from '../../core/product/index';
import { startTestServer } from '../../server/testing';
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

/**
 * One call of every Product method with sample arguments. The map's type is
 * keyed by `keyof Product`: a new Product method that is not called here
 * fails the type check.
 */
const CALLS: { [K in keyof Product]: (p: Product) => unknown } = {
  upload: (p) => p.upload({ kind: 'document', file: { path: SAMPLE, fileName: 'a.pdf' }, fields: {} }),
  items: (p) => p.items('video', { subcategory: 'podcast' }),
  item: (p) => p.item('document', 1),
  content: (p) => p.content('document'),
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
const SAMPLE = fileURLToPath(import.meta.url);
const REF = 'product-client-reference-1';

/** Fastify's route url as a matcher ("/api/documents/:id" -> /api/documents/[^/]+, a trailing * -> .+). */
const matcher = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.').replace(/\*$/, '.+').replace(/:\w+/g, '[^/]+')}$`);

it('every Product method of the HTTP client calls a route the server registers', async () => {
  // What the client sends, recorded by a stand-in that answers anything; the routes come from the real server's route table.
  const seen: string[] = [];
  const recorder = createServer((req, res) => {
    seen.push(`${req.method} ${req.url!.split('?')[0]}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const server = await startTestServer({ worker: false });
  try {
    const routes = server.app!.routeTable.map((r) => ({ method: r.method, re: matcher(r.url) }));
    const client = createProductClient({ baseUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, token: null, tokenHint: '' });
    const unrouted: string[] = [];
    for (const [method, call] of Object.entries(CALLS)) {
      seen.length = 0;
      await Promise.resolve().then(() => call(client)).catch(() => undefined);
      assert.ok(seen.length > 0, `${method} made no request`);
      for (const request of seen) {
        const [verb, path] = request.split(' ') as [string, string];
        if (!routes.some((r) => r.method === verb && r.re.test(path))) unrouted.push(`${method}: ${request}`);
      }
    }
    assert.deepEqual(unrouted, [], 'client calls that no server route answers');
  } finally {
    await server.stop();
    recorder.close();
  }
});
