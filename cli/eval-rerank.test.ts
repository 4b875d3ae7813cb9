/**
 * `cms eval` (in-process: cli/test-support.ts runCmsHere) with RERANK_URL set to a local fake reranker that
 * reverses the candidates: the report carries the fused and the reranked
 * scores, and the reranked ones are those of the order the fake returned.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeRerank, type FakeRerank } from '../core/testing/fake-rerank';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let data: string;
let fake: FakeRerank;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-eval-rerank-'));
  data = path.join(tmp, 'eval');
  mkdirSync(data);
  const passages = [
    ['The hub pairs with a sensor over Zigbee; pairing the hub takes about thirty seconds.', 'How long does pairing the hub take?', 'about thirty seconds'],
    ['To reset the hub, hold the hub button for ten seconds until the ring blinks red.', 'How do I reset the hub?', 'ten seconds'],
    ['The hub updates its firmware at night; a hub update takes five minutes.', 'How long does a hub firmware update take?', 'five minutes'],
  ];
  writeFileSync(path.join(data, 'hub.en.json'), JSON.stringify({
    data: [{ title: 'Hub', paragraphs: passages.map(([context, question, answer], i) => ({ context, qas: [{ id: String(i), question, answers: [{ text: answer }] }] })) }],
  }));
  // Scores rising with the candidate's place: the fused order reversed.
  fake = await startFakeRerank({ apiKey: 'rk-eval', mode: { kind: 'score', score: (_q, _t, i) => i } });
});

after(async () => {
  await fake.close();
  rmSync(tmp, { recursive: true, force: true });
});

test('cms eval with RERANK_URL reports the fused and the reranked order; a reversing reranker\'s order is the one scored', async () => {
  const env = { DATA_DIR: path.join(tmp, 'data'), RERANK_URL: `${fake.url}/rerank`, RERANK_API_KEY: 'rk-eval' };
  const r = await runCmsHere(['eval', '--data', data, '--json'], { env, timeoutMs: 120_000 });
  assert.equal(r.code, 0, r.stderr);
  const out = parseJson<{ languages: Record<string, { hit1: number }>; reranked: { languages: Record<string, { hit1: number; questions: number }>; outcomes: Record<string, number> } }>(r);
  assert.equal(out.languages.en.hit1, 1);
  assert.equal(out.reranked.languages.en.questions, 3);
  assert.equal(out.reranked.languages.en.hit1, 0);
  assert.deepEqual(out.reranked.outcomes, { ok: 3 });
  assert.equal(fake.requests.length, 3);
  assert.ok(fake.requests.every((q) => q.authorization === 'Bearer rk-eval' && q.body.texts!.length >= 2));

  const text = await runCmsHere(['eval', '--data', data], { env, timeoutMs: 120_000 });
  assert.equal(text.code, 0, text.stderr);
  const all = text.stdout + text.stderr;
  assert.match(all, /Fused order:[\s\S]*en\s+3\s+1\.000[\s\S]*Reranked by http:\/\/127\.0\.0\.1:\d+\/rerank:[\s\S]*en\s+3\s+0\.000/);
  assert.match(all, /Reranking requests: 3 ok/);
});
