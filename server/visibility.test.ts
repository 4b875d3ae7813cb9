/**
 * The visibility rule against every public route of the server (the list
 * comes from the app's route table: a public route this suite does not
 * probe fails it). Items pending, rejected, staff-only and expired (with a
 * translation and a transcript), and the new version of a replaced item that
 * is not approved yet, must leak nothing anonymously: no answer
 * text, citation, source image, download, transcript or translated file.
 * A public control item proves the probes can find what they look for.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from '../cli/http/product-client';
import type { Product } from '../core/product/index';
import { corpusFile } from '../core/testing/corpus';
import { buildPdf } from '../core/testing/pdf-writer';
import { fixtures } from '../core/testing/fixtures';
import type { ContentType } from '../core/foundation/types';
import { startTestServer, type TestServer } from './testing';

const PROBES_PER_ROUTE = 50;
const FILLER = [
  'Mount the brackets level and leave 20 mm clearance on each side of the fabric.',
  'Set the upper and lower end limits before you pair the hand-held remote.',
  'Clean the fabric with a soft brush; do not use solvents or bleach.',
];

interface Secret {
  state: 'pending' | 'rejected' | 'staff' | 'expired' | 'replaced';
  /** The part named in questions, and the code only the item's text holds. */
  part: string;
  code: string;
  title: string;
  id?: number;
  type?: ContentType;
}

const SECRETS: Secret[] = [
  { state: 'pending', part: 'amethyst lintel clip', code: 'PEND4417', title: 'Amethyst lintel notes' },
  { state: 'rejected', part: 'basalt valance hook', code: 'REJX5521', title: 'Basalt valance notes' },
  { state: 'staff', part: 'cobalt pelmet screw', code: 'STAF6633', title: 'Cobalt pelmet notes' },
  { state: 'expired', part: 'dolomite cassette pin', code: 'EXPD7745', title: 'Dolomite cassette notes' },
];
const CONTROL = { part: 'emerald headrail cap', code: 'PUBL8859', title: 'Emerald headrail notes' };
/**
 * Replaced but not approved: an approved public item whose new version (a new file, processed, waiting for
 * review) says something else. The old version is served; nothing of the new one may be: its code, its file
 * name, its draft's id in paths or citations, its stored version file.
 */
const REPLACED = { part: 'flint valance bracket', oldCode: 'OLDV2280', code: 'RPLC2290', title: 'Flint bracket notes', fileName: 'flint-2027-draft.pdf' };
/** Text only the derived data of secret items hold (a translation, a transcript). */
const DERIVED = [
  { part: 'amethyst lintel clip', code: 'TRNS9012' },
  { part: 'granite spindle', code: 'VTRN3310' },
];

/** Public routes that serve no content of items (sign-in, the widget's scripts, the API description). */
const NO_CONTENT = new Set([
  'GET /api/health', 'POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/bot/session', 'POST /api/bot/clear-session',
  'POST /api/bot/feedback', 'GET /widget.js', 'GET /widget-frame.js', 'GET /widget/frame', 'GET /api/widget/config', 'OPTIONS /api/bot/*',
  'GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/reference.js', 'GET /*',
  // A visitor's request for a person: answers only the request's id and time.
  'POST /api/bot/handoff',
]);
/** The built console's own files (index.html, scripts, styles, and their .br/.gz copies once over 1 kB): the same for everyone, no item content. */
const isConsoleFile = (method: string, url: string) => method === 'GET' && /^\/(index\.html(\.br|\.gz)?|assets\/[^/]+|[^/]+\.(svg|ico|png|webmanifest|txt))$/.test(url);

function pdfOf(lines: string[], dir: string, name: string) {
  const p = path.join(dir, name);
  writeFileSync(p, buildPdf([{ lines: [...lines, ...FILLER, ...lines] }], { title: name }));
  return p;
}

async function settled(product: Product, type: ContentType, id: number) {
  for (;;) {
    const item = await product.item(type, id);
    if (!['pending', 'processing', 'extracting', 'analyzing', 'converting'].includes(item.status)) return item;
    await sleep(50);
  }
}

const questions = (part: string) => [
  `What torque code does the ${part} require?`,
  `${part} torque code`,
  `Tell me about the ${part}`,
  `Which code is needed for the ${part}?`,
  `${part}`,
  `send me the ${part} document`,
  `Do you have a document about the ${part}?`,
  `torque code for ${part} please`,
  `what does the manual say about the ${part} torque`,
  `I need the ${part} notes`,
];

describe('the visibility rule on every public route', () => {
  let server: TestServer;
  let admin: Product;
  let dir: string;
  const secretKeys: string[] = [];
  let leaks: string[] = [];
  let controlSeen = 0;
  let replacedId = 0;

  /** Marks of every secret in a response body: codes, titles, ids in paths and citations. */
  function leakIn(body: string, route: string) {
    for (const s of SECRETS) {
      const marks = [s.code, s.title, `/${s.id}_`, `/${s.id}/`, `"itemId":${s.id},`, `/${s.id}.`];
      for (const m of marks) if (body.includes(m)) leaks.push(`${route}: ${s.state} item leaked "${m}"`);
    }
    for (const d of DERIVED) if (body.includes(d.code)) leaks.push(`${route}: derived text leaked "${d.code}"`);
    if (body.includes(REPLACED.fileName)) leaks.push(`${route}: the pending version's file name leaked`);
    if (body.includes(CONTROL.code) || body.includes(CONTROL.title)) controlSeen++;
  }

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'visibility-'));
    server = await startTestServer({
      env: { AUTO_APPROVE: 'false', PUBLIC_RATE_LIMIT: '1000000', CHAT_RATE_LIMIT: '100000', CHAT_RATE_LIMIT_PER_IP: '100000' },
    });
    admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    const upload = async (title: string, lines: string[], fields: Record<string, unknown>) => {
      const file = pdfOf(lines, dir, `${title.replace(/\s+/g, '_')}.pdf`);
      const { item } = await admin.upload({ kind: 'document', file: { path: file, fileName: path.basename(file) }, fields: { title, ...fields } });
      const done = await settled(admin, 'document', item.id);
      assert.equal(done.status, 'completed', done.error ?? '');
      return item.id;
    };
    const control = await upload(CONTROL.title, [`The ${CONTROL.part} requires torque code ${CONTROL.code}.`], { approve: 'true' });
    assert.ok(control);
    for (const s of SECRETS) {
      const fields: Record<string, unknown> = s.state === 'staff' ? { approve: 'true', audience: 'staff' }
        : s.state === 'expired' ? { approve: 'true', validUntil: '2020-01-31' } : {};
      s.id = await upload(s.title, [`The ${s.part} requires torque code ${s.code}.`], fields);
      s.type = 'document';
      if (s.state === 'rejected') await admin.reject([s.id], { note: 'Internal draft' });
    }
    // Replaced but not approved: the old version stays public, the new one is processed and waits for review.
    replacedId = await upload(REPLACED.title, [`The ${REPLACED.part} requires torque code ${REPLACED.oldCode}.`], { approve: 'true' });
    const newFile = pdfOf([`The ${REPLACED.part} now requires torque code ${REPLACED.code}.`], dir, REPLACED.fileName);
    const replaced = await admin.replace(replacedId, { file: { path: newFile, fileName: REPLACED.fileName } });
    const draftId = replaced.item.pendingVersion!.draftId!;
    while (!(await admin.jobs()).some((j) => j.itemId === draftId && j.state === 'done')) await sleep(50);
    // Its marks: the new code, its draft's id (in paths and citations); the title is the live item's (public), so not a mark.
    SECRETS.push({ state: 'replaced', part: REPLACED.part, code: REPLACED.code, title: REPLACED.code, id: draftId, type: 'document' });
    // A staff-only video with a transcript, and a translation of the pending document (their text is indexed under the item).
    const mp4 = await fixtures.mp4();
    const video = (await admin.upload({ kind: 'video', file: mp4, fields: { label: 'Granite spindle video', hasSpeech: 'false', approve: 'true', audience: 'staff' } })).item;
    await settled(admin, 'video', video.id);
    const services = server.services!;
    const pending = SECRETS[0];
    await services.store.put(`documents/translated/${pending.id}_he.pdf`, Buffer.from(`translated ${DERIVED[0].code}`), { contentType: 'application/pdf' });
    await services.store.put(`videos/transcripts/${video.id}.vtt`, Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n${DERIVED[1].code}\n`), { contentType: 'text/vtt' });
    await services.store.put(`videos/subtitles/${video.id}_he.vtt`, Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n${DERIVED[1].code}\n`), { contentType: 'text/vtt' });
    await services.search.upsert([
      {
        id: `document:${pending.id}:900`, itemType: 'document', itemId: pending.id!, title: pending.title, ordinal: 900, page: 1, slide: null, heading: null,
        language: 'en', imageIds: [], text: `The ${DERIVED[0].part} translated note gives code ${DERIVED[0].code}.`,
        translation: { language: 'he', fileKey: `documents/translated/${pending.id}_he.pdf`, filePath: `/api/files/documents/translated/${pending.id}_he.pdf` },
      },
      {
        id: `video:${video.id}:0`, itemType: 'video', itemId: video.id, title: 'Granite spindle video', ordinal: 0, page: null, slide: null, heading: null,
        language: 'en', imageIds: [], startSec: 0, endSec: 2, text: `The ${DERIVED[1].part} transcript gives code ${DERIVED[1].code}.`,
      },
    ]);
    SECRETS.push({ state: 'staff', part: 'granite spindle', code: DERIVED[1].code, title: 'Granite spindle video', id: video.id, type: 'video' });
    // A pending deck (corpus test_slides.pptx, its slide picture rendered): the viewer's slide, its picture and its words.
    const deck = (await admin.upload({ kind: 'presentation', file: { path: corpusFile('pptx/test_slides.pptx'), fileName: 'slate-batten.pptx' }, fields: { title: 'Slate batten deck' } })).item;
    await settled(admin, 'presentation', deck.id);
    SECRETS.push({ state: 'pending', part: 'group test text', code: 'Group test text', title: 'Slate batten deck', id: deck.id, type: 'presentation' });
    const secretIds = new Set(SECRETS.map((s) => s.id));
    for (const f of await admin.files()) {
      const m = /(?:^|\/)(\d+)(?:_|\/|\.)/.exec(f.key);
      if (m && secretIds.has(Number(m[1]))) secretKeys.push(f.key);
      // Every version file (the pending new one included) is kept under versions/: never served anonymously.
      if (f.key.startsWith('versions/')) secretKeys.push(f.key);
    }
    // Page renders (source images of answers citing a page without pictures) exist once asked for: ask signed in first.
    for (const s of SECRETS) {
      const reply = await admin.ask(`What torque code does the ${s.part} require?`, `user_staff_${s.code.replace(/[^A-Za-z0-9_-]/g, '_')}`);
      for (const img of reply.sourceImages) {
        const key = decodeURIComponent(img.replace(/^.*\/api\/files\//, ''));
        // Only the secret items' images (a replaced item's live version is public, its images too).
        const owner = /(?:^|\/)(\d+)(?:_|\/|\.)/.exec(key);
        if (owner && secretIds.has(Number(owner[1])) && !secretKeys.includes(key)) secretKeys.push(key);
      }
    }
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const anon = (p: string, init: RequestInit = {}) => fetch(server.url + p, init);
  const postJson = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    anon(p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const allQuestions = () => [...SECRETS, CONTROL, ...DERIVED].flatMap((s) => questions(s.part));
  const probeQuestions = () => Array.from({ length: PROBES_PER_ROUTE }, (_, i) => allQuestions()[(i * 7) % allQuestions().length]);

  const probes: Record<string, () => Promise<number>> = {
    'POST /api/bot/rag-query': async () => {
      let n = 0;
      for (const q of probeQuestions()) {
        const res = await postJson('/api/bot/rag-query', { query: q, referenceId: `user_probe_rag_${n}_xxxxxx` });
        assert.equal(res.status, 200);
        const r = await res.json() as Record<string, unknown>;
        leakIn(JSON.stringify({ answer: r.answer, citations: r.citations, sourceImages: r.sourceImages }), 'rag-query');
        n++;
      }
      return n;
    },
    'POST /api/bot/rag-query/stream': async () => {
      let n = 0;
      for (const q of probeQuestions()) {
        const res = await postJson('/api/bot/rag-query/stream', { query: q, referenceId: `user_probe_stream_${n}_xxxx` });
        assert.equal(res.status, 200);
        leakIn((await res.text()).split('\n').filter((l) => l.startsWith('data:')).join('\n'), 'rag-query/stream');
        n++;
      }
      return n;
    },
    'POST /api/bot/chat': async () => {
      let n = 0;
      for (const q of probeQuestions()) {
        // Every other probe as the embedded widget on an allowed site.
        const widget = n % 2 === 1;
        const res = await postJson('/api/bot/chat', { message: q, referenceId: `user_probe_chat_${n}_xxxxxx`, ...(widget ? { channel: 'widget' } : {}) });
        assert.equal(res.status, 200);
        leakIn(await res.text(), widget ? 'widget chat' : 'chat');
        n++;
      }
      return n;
    },
    'GET /api/bot/messages': async () => {
      let n = 0;
      for (let i = 0; i < PROBES_PER_ROUTE; i++) {
        const res = await anon(`/api/bot/messages?referenceId=user_probe_chat_${i}_xxxxxx`);
        assert.equal(res.status, 200);
        const rows = await res.json() as Array<{ role: string }>;
        leakIn(JSON.stringify(rows.filter((r) => r.role === 'bot')), 'messages');
        n++;
      }
      return n;
    },
    'GET /api/view/:type/:id': async () => {
      // The source viewer at each secret item's page or time: it answers like an item that does not exist.
      for (let i = 0; i < PROBES_PER_ROUTE; i++) {
        const s = SECRETS[i % SECRETS.length];
        const res = await anon(`/api/view/${s.type}/${s.id}?${s.type === 'video' ? 't=0' : s.type === 'presentation' ? 'slide=1' : 'page=1'}&q=${encodeURIComponent(s.part)}`);
        const body = await res.text();
        if (res.status !== 404) leaks.push(`viewer of the ${s.state} ${s.type} ${s.id} answered ${res.status} anonymously`);
        leakIn(body, 'viewer');
      }
      return PROBES_PER_ROUTE;
    },
    'GET /api/files/*': async () => fileProbes((k) => `/api/files/${k}`),
    'GET /uploads/presentations/original_files/*': async () => fileProbes((k) => `/uploads/${k}`, 'presentations/original_files/'),
    'GET /uploads/presentations/translated_files/*': async () => fileProbes((k) => `/uploads/${k}`, 'presentations/translated_files/'),
    'GET /uploads/videos/original_files/*': async () => fileProbes((k) => `/uploads/${k}`, 'videos/original_files/'),
    'GET /uploads/videos/translated_files/*': async () => fileProbes((k) => `/uploads/${k}`, 'videos/translated_files/'),
  };

  /** 50 requests for stored files of the secret items (each key, encoded and not, in turn). */
  async function fileProbes(url: (key: string) => string, folder?: string): Promise<number> {
    const keys = folder ? secretKeys.filter((k) => k.startsWith(folder)) : secretKeys;
    // A folder without secret files still gets 50 probes, with the ids of secret items.
    const list = keys.length ? keys : SECRETS.map((s) => `${folder}${s.id}_file`);
    for (let i = 0; i < PROBES_PER_ROUTE; i++) {
      const key = list[i % list.length];
      const p = i % 2 ? url(key.split('/').map(encodeURIComponent).join('/')) : url(key);
      const res = await anon(p, { headers: i % 3 === 0 ? { range: 'bytes=0-' } : {} });
      // The refusal names the key asked for (the caller's own words): only a served file is a leak.
      if (res.status < 400) leaks.push(`${p} answered ${res.status} anonymously`);
      else if ((await res.text()).match(/PEND|REJX|STAF|EXPD|TRNS|VTRN/)) leaks.push(`${p}: the refusal carried file content`);
    }
    return PROBES_PER_ROUTE;
  }

  it('signed in, the same questions find every secret item and mark why it is not public', async () => {
    const reply = await admin.ask(`What torque code does the ${SECRETS[2].part} require?`, 'user_staff_mark_xxxxxx');
    assert.match(reply.answer, new RegExp(SECRETS[2].code));
    assert.deepEqual(reply.citations.filter((c) => c.itemId === SECRETS[2].id).map((c) => c.visibility), ['staff']);
    const pending = await admin.ask(`What torque code does the ${SECRETS[0].part} require?`, 'user_staff_mark2_xxxxxx');
    assert.ok(pending.citations.some((c) => c.itemId === SECRETS[0].id && c.visibility === 'pending'));
    assert.ok(secretKeys.length >= 5, `secret files to probe: ${secretKeys.join(', ')}`);
  });

  it('every public route of the route table is probed 50 times and leaks nothing of items pending, rejected, staff-only, expired or replaced-but-unapproved', async () => {
    const table = server.app!.routeTable.filter((r) => r.method !== 'HEAD');
    const publicRoutes: string[] = [];
    for (const r of table) {
      const url = r.url.replace(/:[a-zA-Z]+/g, '1').replace(/\*$/, 'x');
      const res = await anon(url, { method: r.method, ...(r.method === 'GET' || r.method === 'OPTIONS' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }) });
      await res.arrayBuffer();
      if (res.status !== 401) publicRoutes.push(`${r.method} ${r.url}`);
    }
    const unprobed = publicRoutes.filter((r) => !probes[r] && !NO_CONTENT.has(r) && !isConsoleFile(r.split(' ')[0], r.split(' ')[1]));
    assert.deepEqual(unprobed, [], 'public routes without a visibility probe: add one to this suite (and the rule to the route)');
    leaks = [];
    controlSeen = 0;
    const counts: Record<string, number> = {};
    for (const route of publicRoutes.filter((r) => probes[r])) counts[route] = await probes[route]();
    assert.ok(Object.values(counts).every((n) => n === PROBES_PER_ROUTE), JSON.stringify(counts));
    assert.ok(Object.keys(counts).length >= 9, JSON.stringify(counts));
    assert.deepEqual(leaks, []);
    // The probes can find things: the approved public item is answered and handed out.
    assert.ok(controlSeen > 10, `the public control item was seen ${controlSeen} times`);
  });

  it('replaced but not approved: the old version is answered and downloaded anonymously, the new one only once approved', async () => {
    const ask = async () => (await (await postJson('/api/bot/rag-query', { query: `What torque code does the ${REPLACED.part} require?`, referenceId: `user_repl_${Date.now()}_xxxx` })).json()) as { answer: string };
    const item = await admin.item('document', replacedId);
    const live = async () => Buffer.from(await (await anon(`/api/files/${item.fileKey}`)).arrayBuffer());
    const oldBytes = readFileSync(path.join(dir, `${REPLACED.title.replace(/\s+/g, '_')}.pdf`));
    const newBytes = readFileSync(path.join(dir, REPLACED.fileName));
    assert.match((await ask()).answer, new RegExp(REPLACED.oldCode));
    assert.doesNotMatch((await ask()).answer, new RegExp(REPLACED.code));
    assert.ok((await live()).equals(oldBytes), 'the old version is downloaded');
    assert.ok(secretKeys.some((k) => k.startsWith(`versions/document/${replacedId}/2_`)), secretKeys.join(', '));
    await admin.approve([replacedId]);
    while ((await admin.versions(replacedId)).find((v) => v.n === 2)?.state !== 'live') await sleep(50);
    const after = await ask();
    assert.match(after.answer, new RegExp(REPLACED.code));
    assert.doesNotMatch(after.answer, new RegExp(REPLACED.oldCode), 'the old text left the index');
    assert.ok((await live()).equals(newBytes), 'the same URL serves the new file');
  });

  it('approving an item makes it public at once; a past validUntil takes it out again', async () => {
    const s = SECRETS[0];
    const ask = async () => (await (await postJson('/api/bot/rag-query', { query: `What torque code does the ${s.part} require?`, referenceId: `user_flip_${Date.now()}_xxxx` })).json()) as { answer: string };
    assert.doesNotMatch((await ask()).answer, new RegExp(s.code));
    await admin.approve([s.id!]);
    assert.match((await ask()).answer, new RegExp(s.code));
    const original = secretKeys.find((k) => k.startsWith(`documents/${s.id}_`))!;
    assert.equal((await anon(`/api/files/${original}`)).status, 200);
    await admin.setAccess([s.id!], { validUntil: new Date(Date.now() - 1000).toISOString() });
    assert.doesNotMatch((await ask()).answer, new RegExp(s.code));
    assert.equal((await anon(`/api/files/${original}`)).status, 404);
    const expired = await admin.reviewQueue('expired');
    assert.ok(expired.some((x) => x.id === s.id && x.visibility === 'expired'));
  });
});
