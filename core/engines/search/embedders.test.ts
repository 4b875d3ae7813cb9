import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { charNgrams, contentWords } from '../../foundation/text/analyze';
import { detectLanguage } from '../../foundation/text/language';
import { foldWord } from '../../foundation/text/normalize';
import { stem } from '../../foundation/text/stem';
import { createHashEmbedder, fnv1a, hashEmbed } from './hash-embedder';
import { createOnnxEmbedder } from './onnx-embedder';
import { createOpenAiEmbedder, embeddingsUrl } from './openai-embedder';

const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

test('hash embedder: deterministic, unit length, same-topic texts closer in any script', async () => {
  const e = createHashEmbedder({ dimension: 256 });
  assert.equal(e.id, 'hash-ngram-v1:256');
  const [a, b, c, d, f] = await e.embed([
    'reset the motion sensor', 'How do I reset my motion sensors?', 'the thermostat schedule at night',
    'איפוס חיישן התנועה', 'כיצד מאפסים את חיישני התנועה',
  ]);
  assert.equal(a.length, 256);
  assert.ok(Math.abs(cos(a, a) - 1) < 1e-9);
  assert.deepEqual((await e.embed(['reset the motion sensor']))[0], a);
  assert.ok(cos(a, b) > cos(a, c) + 0.2);
  assert.ok(cos(d, f) > cos(d, a));
  assert.throws(() => createHashEmbedder({ dimension: 3 }), /dimension/);
});

/** The recipe computed the plain way: every feature of every word anew, counted by string. */
function referenceEmbed(text: string, dim: number): number[] {
  const lang = detectLanguage(text);
  const vec = new Float64Array(dim);
  const add = (features: string[], weight: number, prefix: string) => {
    const tf = new Map<string, number>();
    for (const f of features) tf.set(f, (tf.get(f) ?? 0) + 1);
    for (const [f, n] of tf) {
      const h = fnv1a(prefix + f);
      vec[(h >>> 1) % dim] += (h & 1 ? 1 : -1) * weight * (1 + Math.log(n));
    }
  };
  const words: string[] = [], grams: string[] = [];
  for (const w of contentWords(text, lang)) { words.push(foldWord(stem(w, lang))); charNgrams(foldWord(w), 4, 4, grams); }
  add(words, 1, 'w:');
  add(grams, 0.5, 'g:');
  const norm = Math.sqrt(vec.reduce((s, x) => s + x * x, 0));
  return [...vec].map((x) => (norm > 0 ? x / norm : 0));
}

test('hash embedder: interned word features give exactly the vector of the plain recipe, whatever was embedded before', () => {
  const texts = [
    'The hub connects to your home network over Wi-Fi; the hub pairs every sensor, sensors report to the hub.',
    'Der Bewegungsmelder meldet jede Bewegung an die Zentrale, die Zentrale schaltet das Licht.',
    'Датчик движения сообщает о каждом движении центру управления.',
    'חיישן התנועה מדווח על כל תנועה לרכזת, והרכזת מדליקה את האור בבית.',
  ];
  // Texts embedded in between, then one text with more new features than the tables hold at first (they grow while it is counted).
  for (let i = 0; i < 300; i++) hashEmbed(`model SH-${i} zone${i} ${texts[i % texts.length]}`, 512);
  const words = Array.from({ length: 40_000 }, (_, i) => `unit${i.toString(36)}x`);
  const big = [...words, ...words.slice(0, 5000)].join(' ');
  for (const t of [big, ...texts]) assert.deepEqual(hashEmbed(t, 512), referenceEmbed(t, 512));
});

test('hash embedder: a language given with a text (a chunk\'s judged language) is the one it stems with, not judged again', async () => {
  const e = createHashEmbedder({ dimension: 512 });
  const texts = ['The sensors were reporting movements to the hub all night.', 'Der Bewegungsmelder meldet jede Bewegung an die Zentrale.'];
  assert.equal(detectLanguage(texts[0]), 'en');
  // Stemmed as German, the English text's words (sensors, reporting, movements) give other features than as English.
  assert.notDeepEqual(hashEmbed(texts[0], 512, 'de'), hashEmbed(texts[0], 512, 'en'));
  const given = await e.embed(texts, undefined, ['de', 'de']);
  assert.deepEqual(given, [hashEmbed(texts[0], 512, 'de'), hashEmbed(texts[1], 512, 'de')]);
  // Without languages, each text is judged on its own.
  assert.deepEqual(await e.embed(texts), [hashEmbed(texts[0], 512, 'en'), hashEmbed(texts[1], 512, 'de')]);
});

test('hash embedder embeds 1000 chunk-sized texts in well under 5 seconds', async () => {
  const text = 'The hub connects to your home network over Wi-Fi and pairs every sensor in the house. '.repeat(12);
  const t = performance.now();
  await createHashEmbedder().embed(Array.from({ length: 1000 }, (_, i) => `${text} ${i}`));
  assert.ok(performance.now() - t < 5000);
});

/** A real /v1/embeddings peer: vectors from the text length, answers in shuffled order. */
async function fakeEmbeddingServer(dim: number) {
  const calls: Array<{ auth?: string; body: { model: string; input: string[] } }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      if (req.url !== '/v1/embeddings' || req.method !== 'POST') { res.writeHead(404).end('no'); return; }
      if (req.headers.authorization === 'Bearer wrong') { res.writeHead(401).end('{"error":"bad key"}'); return; }
      const body = JSON.parse(raw);
      calls.push({ auth: req.headers.authorization, body });
      if (body.model === 'broken') { res.writeHead(500).end('model crashed'); return; }
      const data = body.input.map((t: string, index: number) => ({ index, object: 'embedding', embedding: Array.from({ length: dim }, (_, j) => (t.length + j) % 7) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: data.reverse(), model: body.model }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('OpenAI-compatible embedder batches, keeps input order, sends the key, learns the dimension', async () => {
  const srv = await fakeEmbeddingServer(8);
  try {
    const e = createOpenAiEmbedder({ baseUrl: srv.url, apiKey: 'k1', model: 'nomic-embed-text', batchSize: 2 });
    assert.equal(e.dimension, 0);
    const out = await e.embed(['a', 'bb', 'ccc', '']);
    assert.equal(out.length, 4);
    assert.deepEqual(out.map((v) => v[0]), [1, 2, 3, 1]);
    assert.equal(e.dimension, 8);
    assert.equal(e.id, 'openai:nomic-embed-text:8');
    assert.equal(srv.calls.length, 2);
    assert.equal(srv.calls[0].auth, 'Bearer k1');
    assert.deepEqual(srv.calls[0].body.input, ['a', 'bb']);
  } finally {
    await srv.close();
  }
});

test('OpenAI-compatible embedder turns failures into AppErrors', async () => {
  const srv = await fakeEmbeddingServer(4);
  try {
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code);
    assert.equal(await code(createOpenAiEmbedder({ baseUrl: srv.url, apiKey: 'wrong', model: 'm' }).embed(['x'])), 'not_configured');
    assert.equal(await code(createOpenAiEmbedder({ baseUrl: srv.url, model: 'broken' }).embed(['x'])), 'unavailable');
    assert.equal(await code(createOpenAiEmbedder({ baseUrl: srv.url, model: 'm', dimension: 5 }).embed(['x'])), 'conflict');
    assert.equal(await code(createOpenAiEmbedder({ baseUrl: 'http://127.0.0.1:9', model: 'm' }).embed(['x'])), 'unavailable');
  } finally {
    await srv.close();
  }
  assert.equal(embeddingsUrl('https://api.openai.com/v1/'), 'https://api.openai.com/v1/embeddings');
  assert.equal(embeddingsUrl('http://localhost:11434'), 'http://localhost:11434/v1/embeddings');
});

test('ONNX embedder refuses a missing or incomplete model folder with not_configured', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'onnx-'));
  try {
    const err = (f: () => unknown) => { try { f(); return null; } catch (e) { return e as Error & { code?: string }; } };
    const missing = err(() => createOnnxEmbedder({ modelDir: path.join(dir, 'nope') }));
    assert.equal(missing?.code, 'not_configured');
    assert.match(missing!.message, /does not exist/);
    await mkdir(path.join(dir, 'm'));
    await writeFile(path.join(dir, 'm', 'config.json'), '{"hidden_size": 384}');
    assert.match(err(() => createOnnxEmbedder({ modelDir: path.join(dir, 'm') }))!.message, /no tokenizer\.json/);
    await writeFile(path.join(dir, 'm', 'tokenizer.json'), '{}');
    assert.match(err(() => createOnnxEmbedder({ modelDir: path.join(dir, 'm') }))!.message, /no onnx\/model\.onnx/);
    await mkdir(path.join(dir, 'm', 'onnx'));
    await writeFile(path.join(dir, 'm', 'onnx', 'model.onnx'), 'not a model');
    const e = createOnnxEmbedder({ modelDir: path.join(dir, 'm') });
    assert.equal(e.dimension, 384);
    // Either the optional package is absent or the file is not a model: both are configuration problems.
    await assert.rejects(e.embed(['x']), (x: Error & { code?: string }) => x.code === 'not_configured');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
