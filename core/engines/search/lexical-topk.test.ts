import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { rng } from '../../testing/rng';
import type { Chunk } from './types';
import { createLexicalIndex, type LexicalResult } from './lexical-index';
import { blockBounds, decodePostings, encodePostings } from './lexical-postings';
import { encodeFixedPostings } from '../../testing/lexical-old-layout';
import { exhaustiveTopK, scoredPostings, prunedTopK, type FieldStats, type TermPostings } from './lexical-topk';

/** Words with a Zipf law over a generated vocabulary: a few very common words, many rare ones. */
function vocabulary(rand: () => number, size: number) {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zi', 'pa', 'do', 'be', 'gu', 'fi'];
  const words = new Set<string>();
  while (words.size < size) {
    let w = '';
    for (let i = 0, n = 2 + Math.floor(rand() * 3); i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    words.add(w);
  }
  const list = [...words];
  const harmonic = Math.log(size) + 0.5772;
  return () => list[Math.min(size - 1, Math.floor(Math.exp(rand() * harmonic) - 1))];
}

function generatedChunks(count: number, seed: number): Chunk[] {
  const rand = rng(seed);
  const word = vocabulary(rand, 3000);
  const out: Chunk[] = [];
  for (let i = 0; i < count; i++) {
    const itemId = Math.floor(i / 10) + 1;
    const words: string[] = [];
    // Lengths from 3 to 200 words; some chunks repeat a word many times (high term frequency).
    for (let j = 0, n = 3 + Math.floor(rand() * rand() * 200); j < n; j++) words.push(rand() < 0.03 && words.length ? words[words.length - 1] : word());
    out.push({
      id: `document:${itemId}:${i % 10}`, itemType: i % 7 === 0 ? 'presentation' : 'document', itemId, title: `${word()} ${word()}`,
      text: words.join(' '), page: 1, slide: null, heading: null, language: i % 5 === 0 ? 'de' : 'en', imageIds: [], ordinal: i % 10,
    });
  }
  return out;
}

const flat = (r: LexicalResult) => [r.words, r.grams, r.title].map((hits) => hits.map((h) => `${h.id}=${h.score}`));

test('skipping postings gives the same top k, ids and scores to the bit, as scoring every posting, across segments, deletions and filters', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-topk-'));
  try {
    const chunks = generatedChunks(3000, 7);
    // Small in-memory segments: many written segments, merged levels, and an unwritten one at the end.
    // Merges inline: the thread a merge runs in is not the point here (./lexical-merge.test.ts).
    const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 600_000, memoryPostings: 10_000, workerMergePostings: Infinity });
    for (let i = 0; i < 2500; i += 125) idx.upsert(chunks.slice(i, i + 125));
    for (let item = 3; item < 250; item += 17) idx.deleteItem('document', item);
    idx.upsert(chunks.slice(100, 160).map((c) => ({ ...c, text: `${c.text} ${c.text}` }))); // replaced: old postings dead
    await idx.flush();
    idx.upsert(chunks.slice(2500)); // left in memory (bounds computed when read)
    const rand = rng(99);
    let compared = 0, skipped = 0, total = 0;
    for (let q = 0; q < 150; q++) {
      const source = chunks[Math.floor(rand() * chunks.length)].text.split(' ');
      const start = Math.floor(rand() * Math.max(1, source.length - 6));
      const query = source.slice(start, start + 1 + Math.floor(rand() * 6)).join(' ');
      const k = [1, 3, 10, 100][q % 4];
      const filters = q % 5 === 0 ? { itemType: 'presentation' as const } : q % 5 === 1 ? { itemIds: [5, 9, 40, 41, 42, 77, 300] } : q % 5 === 2 ? { language: 'de' } : undefined;
      const language = q % 3 === 0 ? 'de' : 'en';
      const before = scoredPostings.total;
      const full = idx.search(query, { k, language, filters, exhaustive: true });
      const all = scoredPostings.total - before;
      const pruned = idx.search(query, { k, language, filters });
      const read = scoredPostings.total - before - all;
      assert.deepEqual(flat(pruned), flat(full), `query "${query}" k=${k} filters=${JSON.stringify(filters)}`);
      compared += full.words.length + full.grams.length + full.title.length;
      total += all; skipped += all - read;
    }
    assert.ok(compared > 3000, `compared ${compared} hits`);
    assert.ok(skipped > total / 4, `pruned skipped ${skipped} of ${total} postings`);
    await idx.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Lists over `docs` documents for `terms` terms, with ties on purpose (few distinct lengths and frequencies). */
function randomLists(seed: number, docs: number, terms: number, segments: number) {
  const rand = rng(seed);
  const lengths = Uint32Array.from({ length: docs }, () => 5 + Math.floor(rand() * 4) * 10);
  const alive = Uint8Array.from({ length: docs }, () => (rand() < 0.95 ? 1 : 0));
  const bounds = Array.from({ length: segments - 1 }, () => Math.floor(rand() * docs)).sort((a, b) => a - b);
  const segOf = (d: number) => bounds.filter((x) => x <= d).length + 1;
  const postings: TermPostings[] = [];
  for (let t = 0; t < terms; t++) {
    const share = [0.6, 0.3, 0.05, 0.01, 0.002][t % 5];
    const bySeg = new Map<number, { docs: number[]; tfs: number[] }>();
    for (let d = 0; d < docs; d++) {
      if (rand() >= share) continue;
      const s = segOf(d);
      if (!bySeg.has(s)) bySeg.set(s, { docs: [], tfs: [] });
      bySeg.get(s)!.docs.push(d);
      bySeg.get(s)!.tfs.push(rand() < 0.9 ? 1 : 1 + Math.floor(rand() * 300));
    }
    const lists = [...bySeg].map(([seg, l]) => {
      // Lists as segments store them now (packed), as earlier ones did (fixed, with block bounds or, older, without:
      // those computed when read), and packed without lengths (bounds for any length).
      const tfs = l.tfs.map((f) => Math.min(f, 255));
      const p = [
        () => decodePostings(encodePostings(l.docs, tfs, l.docs.length, lengths), l.docs.length),
        () => decodePostings(encodeFixedPostings(l.docs, tfs, l.docs.length, blockBounds(l.docs, tfs, l.docs.length, lengths)), l.docs.length, 'fixed'),
        () => decodePostings(encodeFixedPostings(l.docs, tfs, l.docs.length), l.docs.length, 'fixed'),
        () => decodePostings(encodePostings(l.docs, tfs, l.docs.length), l.docs.length),
      ][(seg + t) % 4]();
      return { ...p, seg };
    });
    const n = lists.reduce((s, p) => s + p.n, 0);
    if (n) postings.push({ idf: Math.log(1 + (docs - n + 0.5) / (n + 0.5)), lists });
  }
  const live = alive.reduce((s, x) => s + x, 0);
  const stats: FieldStats = { lengths, alive, avg: lengths.reduce((s, x) => s + x, 0) / live, k1: 1.2, b: 0.75 };
  return { postings, stats };
}

test('pruned top k equals exhaustive top k on random lists with many tied scores, and reads far fewer postings for a small k', () => {
  let all = 0, read = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const { postings, stats } = randomLists(seed, 10_000, 3 + (seed % 9), 1 + (seed % 4));
    for (const k of [1, 2, 10, 100, 1000]) {
      const accept = seed % 3 === 0 ? (d: number) => d % 3 !== 0 : undefined;
      const before = scoredPostings.total;
      const full = exhaustiveTopK(postings, stats, k, accept);
      const fullRead = scoredPostings.total - before;
      const pruned = prunedTopK(postings, stats, k, accept);
      const prunedRead = scoredPostings.total - before - fullRead;
      assert.deepEqual(pruned, full, `seed ${seed}, k ${k}`);
      assert.equal(full.length, Math.min(k, full.length));
      if (k === 10) { all += fullRead; read += prunedRead; }
    }
  }
  assert.ok(read < all / 2, `pruned scored ${read} of ${all} postings`);
});

test('the block bounds survive the blob in either encoding; a blob of an earlier version (no bounds) still reads its postings; a packed blob of the wrong length is refused', () => {
  const docs = [...Array.from({ length: 150 }, (_, i) => i * 3), 1_000, 200_000, 50_000_000, 4_294_967_295];
  const tfs = docs.map((d) => 1 + (d % 7));
  const lengths = new Proxy([] as number[], { get: (t, k) => (k === 'length' ? 2 ** 32 : typeof k === 'string' && /^\d+$/.test(k) ? 100 - (Number(k) % 50) : Reflect.get(t, k)) });
  const packed = encodePostings(docs, tfs, docs.length, lengths);
  const fixed = encodeFixedPostings(docs, tfs, docs.length, blockBounds(docs, tfs, docs.length, lengths));
  assert.ok(packed.length < fixed.length / 2, `${packed.length} bytes packed, ${fixed.length} fixed`);
  for (const withBounds of [decodePostings(packed, docs.length), decodePostings(fixed, docs.length, 'fixed')]) {
    assert.deepEqual([...withBounds.docs], docs);
    assert.deepEqual([...withBounds.tfs], tfs);
    assert.equal(withBounds.minLen?.length, 3);
    assert.deepEqual([...withBounds.maxTf!], [7, 7, Math.max(...tfs.slice(128))]);
    assert.equal(withBounds.minLen![2], Math.min(...docs.slice(128).map((d) => 100 - (d % 50))));
  }
  const old = decodePostings(encodeFixedPostings(docs, tfs, docs.length), docs.length, 'fixed');
  assert.deepEqual([...old.docs], docs);
  assert.equal(old.minLen, undefined);
  assert.throws(() => decodePostings(packed.subarray(0, packed.length - 1), docs.length), /postings blob/);
});

test('postings kept in memory for queries never outlive their segment: after clear, merges and new writes the answers are the new ones', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-cache-'));
  try {
    const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 600_000, memoryPostings: 5_000 });
    const first = generatedChunks(400, 3);
    for (let i = 0; i < first.length; i += 50) idx.upsert(first.slice(i, i + 50));
    await idx.flush();
    const query = first[10].text.split(' ').slice(0, 4).join(' ');
    const before = idx.search(query, { k: 5, language: 'en' }).words.map((h) => h.id);
    assert.ok(before.length > 0);
    idx.clear();
    // Same ids, other texts: segment numbers start again from 1, so a stale list would answer with the old texts' postings.
    const second = generatedChunks(400, 4);
    for (let i = 0; i < second.length; i += 50) idx.upsert(second.slice(i, i + 50));
    await idx.flush();
    for (const q of [query, second[10].text.split(' ').slice(0, 4).join(' ')]) {
      const cachedAnswer = idx.search(q, { k: 5, language: 'en' });
      const fresh = await createLexicalIndex({ dataDir: null });
      fresh.upsert(second);
      assert.deepEqual(flat(cachedAnswer), flat(fresh.search(q, { k: 5, language: 'en' })), q);
      await fresh.close();
    }
    await idx.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
