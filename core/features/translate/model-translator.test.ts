import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { markerTranslate } from '../../testing/fake-translate';
import { requestedSegments } from '../../testing/fake-translate';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { batchSegments, estimateTokens, parseReply } from './model-translator';

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const segs = (n: number, words = 8) => Array.from({ length: n }, (_, i) => ({
  id: String(i + 1), text: `Segment ${i + 1}: ${'motor blind bracket '.repeat(words).trim()} <1>bold</1> end<2/>.`,
}));

test('many segments go in one request with their ids and every one comes back with its tags', async () => {
  rig.respond();
  const n0 = rig.fake.requests.length;
  const input = segs(40, 2);
  const out = await rig.translator().translate({ segments: input, source: 'english', target: 'spanish' });
  assert.equal(rig.fake.requests.length - n0, 1, 'one request for 40 short segments');
  const sent = requestedSegments(rig.fake.requests.at(-1)!)!;
  assert.deepEqual(Object.keys(sent), input.map((s) => s.id));
  assert.match(rig.fake.requests.at(-1)!.system, /Spanish/);
  for (const s of input) assert.equal(out.get(s.id), markerTranslate(s.text));
});

test('the token budget splits a long document into several requests, each within the budget', async () => {
  rig.respond();
  const n0 = rig.fake.requests.length;
  const input = segs(60, 10);
  const budget = 800;
  let requests = 0;
  const out = await rig.translator({ maxInputTokens: budget }).translate({ segments: input, source: 'english', target: 'french', onRequest: () => requests++ });
  const reqs = rig.fake.requests.slice(n0);
  assert.equal(requests, reqs.length);
  assert.ok(reqs.length >= 5, `${reqs.length} requests`);
  for (const r of reqs) {
    const tokens = Object.values(requestedSegments(r)!).reduce((n, t) => n + estimateTokens(t) + 6, 0);
    assert.ok(tokens <= budget, `request of ${tokens} estimated tokens`);
  }
  assert.equal(out.size, 60);
  assert.deepEqual(batchSegments(input, budget).flat().map((s) => s.id), input.map((s) => s.id));
});

test('a segment missing from the reply is asked again once, alone', async () => {
  const responder = rig.respond({ omit: (id, i) => id === '3' && i === 0 });
  const n0 = rig.fake.requests.length;
  const out = await rig.translator().translate({ segments: segs(5, 1), source: 'english', target: 'german' });
  assert.equal(out.size, 5);
  assert.equal(responder.count(), 2);
  assert.deepEqual(Object.keys(requestedSegments(rig.fake.requests[n0 + 1]!)!), ['3']);
});

test('a segment whose inline tags were mangled is asked again; still wrong the second time, the job fails naming it', async () => {
  rig.respond({ mangle: (id, t) => (id === '2' ? t.replace(/<\/?1>/g, '') : t) });
  const e = await rig.translator().translate({ segments: segs(4, 1), source: 'english', target: 'german' }).catch((x: unknown) => x);
  assert.ok(e instanceof AppError);
  assert.equal(e.code, 'llm_error');
  assert.match(e.message, /did not return 1 segment\(s\) correctly after asking twice: 2 \(inline tags changed \(missing <1> <\/1>\)\)/);
  assert.deepEqual(e.details?.segments, ['2']);
});

test('a reply that is not JSON is asked again', async () => {
  const responder = rig.respond({ fail: (i) => (i === 0 ? 'Sure! Here are your translations.' : null) });
  const out = await rig.translator().translate({ segments: segs(3, 1), source: 'english', target: 'dutch' });
  assert.equal(out.size, 3);
  assert.equal(responder.count(), 2);
});

test('429 and 529 answers back off and retry, then succeed', async () => {
  const responder = rig.respond({ fail: (i) => (i === 0 ? { status: 429 } : i === 1 ? { status: 529 } : null) });
  const t0 = Date.now();
  const out = await rig.translator({ backoffMs: 50, maxAttempts: 4 }).translate({ segments: segs(2, 1), source: 'english', target: 'polish' });
  assert.equal(out.size, 2);
  assert.equal(responder.count(), 3);
  assert.ok(Date.now() - t0 >= 50 * 0.75 + 100 * 0.75, 'waited between attempts');
});

test('a provider that stays overloaded fails with a retryable error after the attempts', async () => {
  rig.respond({ fail: () => ({ status: 529 }) });
  const e = await rig.translator({ backoffMs: 1, maxAttempts: 2 }).translate({ segments: segs(2, 1), source: 'english', target: 'polish' }).catch((x: unknown) => x);
  assert.ok(e instanceof AppError);
  assert.equal(e.code, 'unavailable');
  assert.equal(e.details?.retryable, true);
});

test('aborting stops the translation and the request in flight', async () => {
  const ac = new AbortController();
  // The caller aborts once the request has reached the model, which would answer only after a minute.
  rig.respond({ fail: () => { ac.abort(); return { text: '{}', delayMs: 60_000 }; } });
  const t0 = Date.now();
  const e = await rig.translator().translate({ segments: segs(2, 1), source: 'english', target: 'polish', signal: ac.signal }).catch((x: unknown) => x);
  assert.ok(Date.now() - t0 < 30_000, 'it did not wait for the reply');
  assert.ok(e instanceof Error);
  rig.respond();
});

test('parseReply accepts a JSON object wrapped in prose or code fences and refuses anything else', () => {
  assert.deepEqual(parseReply('Here:\n```json\n{"1": "uno", "2": "dos"}\n```'), { 1: 'uno', 2: 'dos' });
  assert.equal(parseReply('no json'), null);
  assert.equal(parseReply('[1,2]'), null);
});
