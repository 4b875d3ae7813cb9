import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import { createLexicalIndex, LEXICAL_FILE } from './lexical-index';
import { writeLexicalFile } from './lexical-store';
import { makeChunk, SAMPLE_CHUNKS } from '../../testing/search-chunks';
import { rewriteAsLayout3, rewriteAsOldLayout, segmentLayouts } from '../../testing/lexical-old-layout';
import { SEGMENT_LAYOUT } from './lexical-postings';

const top = (r: { words: { chunk: { id: string } | null }[]; grams: { chunk: { id: string } | null }[] }) => [r.grams[0]?.chunk?.id, r.words[0]?.chunk?.id];

test('finds English, Hebrew and French chunks by words and n-grams', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  assert.deepEqual(top(idx.search('how do I reset the motion sensor', { k: 3, language: 'en' })), ['document:1:0', 'document:1:0']);
  // Hebrew with clitic prefixes the text does not have ("ולאפס", "החיישן")
  assert.equal(idx.search('איך ולאפס את החיישן', { k: 3, language: 'he' }).grams[0].chunk?.id, 'document:2:0');
  assert.equal(idx.search('réinitialiser détecteur', { k: 3, language: 'fr' }).words[0].chunk?.id, 'presentation:3:0');
});

test('filters by item type, item ids and language', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  const q = (filters: object) => idx.search('reset sensor réinitialiser détecteur חיישן', { k: 10, language: 'en', filters }).grams.map((h) => h.chunk?.id ?? '(removed)');
  assert.deepEqual(q({ itemType: 'presentation' }), ['presentation:3:0']);
  assert.ok(q({ itemIds: [2] }).every((id) => id.startsWith('document:2:')));
  assert.ok(q({ language: 'he' }).length > 0 && q({ language: 'he' }).every((id) => id.startsWith('document:2:')));
});

test('a hit whose chunk is removed before it is read gives null, not an error (a version going live during a search)', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  const hits = idx.search('how do I reset the motion sensor', { k: 3, language: 'en' }).words;
  assert.equal(hits[0].id, 'document:1:0');
  idx.deleteItem('document', 1);
  assert.equal(hits[0].chunk, null);
});

test('upsert replaces a chunk with the same id; deleteItem and clear remove chunks', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  idx.upsert([makeChunk(1, 0, 'The doorbell camera records a clip when someone rings.')]);
  assert.equal(idx.count(), SAMPLE_CHUNKS.length);
  assert.equal(idx.search('doorbell', { k: 3, language: 'en' }).words[0].chunk?.id, 'document:1:0');
  assert.equal(idx.search('blinks blue', { k: 3, language: 'en' }).words.length, 0);
  assert.equal(idx.deleteItem('document', 1), 2);
  assert.equal(idx.search('doorbell thermostat', { k: 3, language: 'en' }).words.length, 0);
  assert.equal(idx.count(), 3);
  idx.clear();
  assert.equal(idx.count(), 0);
  assert.equal(idx.search('חיישן', { k: 3, language: 'he' }).grams.length, 0);
});

test('the index persists across a reload, including deletions (atomic file in the data folder)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const a = await createLexicalIndex({ dataDir: dir, saveDelayMs: 10 });
    a.upsert(SAMPLE_CHUNKS);
    a.deleteItem('document', 1);
    await a.close();
    let savedOnce!: () => void;
    const saved = new Promise<void>((resolve) => { savedOnce = resolve; });
    const b = await createLexicalIndex({ dataDir: dir, saveDelayMs: 10, onSaved: () => savedOnce() });
    assert.equal(b.count(), 3);
    assert.equal(b.get('document:2:0')?.text, SAMPLE_CHUNKS[2].text);
    assert.equal(b.search('חיישן התנועה', { k: 3, language: 'he' }).words[0].chunk?.id, 'document:2:0');
    assert.equal(b.search('motion sensor', { k: 3, language: 'en' }).words.length, 0);
    // further changes after a reload are saved too (debounced, without a flush)
    b.upsert([makeChunk(9, 0, 'Garage door opener pairing')]);
    // The save timer is unref'd (it never holds a process open): hold the event loop while waiting for the save.
    const hold = setInterval(() => {}, 60_000);
    await saved.finally(() => clearInterval(hold));
    const c = await createLexicalIndex({ dataDir: dir });
    assert.equal(c.search('garage opener', { k: 3, language: 'en' }).words[0].chunk?.id, 'document:9:0');
    await Promise.all([b.close(), c.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a damaged index file is reported, not silently dropped', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const a = await createLexicalIndex({ dataDir: dir });
    a.upsert(SAMPLE_CHUNKS);
    await a.close();
    const file = path.join(dir, LEXICAL_FILE);
    const bytes = await readFile(file);
    bytes.fill(0x41, 0, 200);
    await writeFile(file, bytes);
    await assert.rejects(createLexicalIndex({ dataDir: dir }), (e: Error & { code?: string }) => e.code === 'internal' && /damaged/.test(e.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Many varied chunks: a few hundred words drawn from the samples, with numbered model names. */
function manyChunks(n: number) {
  const words = SAMPLE_CHUNKS.flatMap((c) => c.text.split(/\s+/));
  return Array.from({ length: n }, (_, i) => {
    const w: string[] = [];
    for (let j = 0; j < 30; j++) w.push(words[(i * 7 + j * 13 + (i % 11) * j) % words.length]);
    w.push(`model${i % 97}x`);
    return makeChunk(100 + Math.floor(i / 10), i % 10, w.join(' '));
  });
}

/** Every merge inline, where the merge's thread is not the point (merges in a worker: ./lexical-merge.test.ts). */
const INLINE = { workerMergePostings: Infinity };

const QUERIES = ['motion sensor model17x', 'thermostat schedule heating', 'חיישן התנועה model3x', 'détecteur bouton'];
/** Every field's hits (id, score) of each of QUERIES. */
const askAll = (idx: Awaited<ReturnType<typeof createLexicalIndex>>) => QUERIES.map((q) => {
  const r = idx.search(q, { k: 20, language: 'en' });
  return (['words', 'grams', 'title'] as const).map((f) => r[f].map((h) => [h.id, h.score] as const));
});
/** Same hits in the same order, scores equal up to rounding (postings summed in another segment order). */
const sameHits = (x: ReturnType<typeof askAll>, y: ReturnType<typeof askAll>) => x.forEach((q, i) => q.forEach((f, j) => {
  assert.deepEqual(f.map((h) => h[0]), y[i][j].map((h) => h[0]), `${QUERIES[i]} / ${j}`);
  f.forEach((h, m) => assert.ok(Math.abs(h[1] - y[i][j][m][1]) < 1e-9, `${QUERIES[i]} / ${j}: score ${h[1]} against ${y[i][j][m][1]}`));
}));

test('results are the same whether the postings sit in one segment, many merged segments or memory', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const chunks = manyChunks(1500);
    const one = await createLexicalIndex({ dataDir: null, saveDelayMs: 60_000 });
    one.upsert(chunks);
    // A tiny memory budget: a segment per upsert call, merged by levels as they fill.
    const many = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 500 });
    for (let i = 0; i < chunks.length; i += 50) many.upsert(chunks.slice(i, i + 50));
    many.deleteItem('document', 105);
    one.deleteItem('document', 105);
    for (const q of ['motion sensor model17x', 'thermostat schedule heating', 'חיישן התנועה model3x', 'détecteur bouton']) {
      const a = one.search(q, { k: 20, language: 'en' });
      const b = many.search(q, { k: 20, language: 'en' });
      for (const f of ['words', 'grams', 'title'] as const) {
        assert.deepEqual(b[f].map((h) => h.chunk?.id), a[f].map((h) => h.chunk?.id), `${q} / ${f}`);
        b[f].forEach((h, i) => assert.ok(Math.abs(h.score - a[f][i].score) < 1e-9));
      }
    }
    assert.equal(many.count(), chunks.length - 10);
    await Promise.all([one.close(), many.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a title word held by one segment of many is found there, as in one segment; after a clear and new writes only the new titles are found', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  // Titles listed per segment (lexical-segments.ts): each batch of chunks has titles of its own.
  const titled = (n: number, name: (i: number) => string) => manyChunks(n).map((c, i) => ({ ...c, title: name(i) }));
  try {
    const chunks = titled(1200, (i) => `Manual ${['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'][Math.floor(i / 200)]}${i % 3} guide`);
    const one = await createLexicalIndex({ dataDir: null, saveDelayMs: 60_000 });
    one.upsert(chunks);
    const many = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 500 });
    for (let i = 0; i < chunks.length; i += 50) many.upsert(chunks.slice(i, i + 50));
    await many.flush();
    for (const q of ['alpha0', 'charlie2 guide', 'foxtrot1', 'manual', 'golf0']) {
      const a = one.search(q, { k: 30, language: 'en' }).title;
      const b = many.search(q, { k: 30, language: 'en' }).title;
      assert.deepEqual(b.map((h) => [h.id, h.score]), a.map((h) => [h.id, h.score]), q);
      assert.equal(a.length > 0, q !== 'golf0', q);
    }
    // Written again the same way, the new segments take the old ones' numbers.
    many.clear();
    const next = titled(1200, (i) => `Handbook golf${i % 2}`);
    for (let i = 0; i < next.length; i += 50) many.upsert(next.slice(i, i + 50));
    await many.flush();
    assert.equal(many.search('alpha0', { k: 30, language: 'en' }).title.length, 0);
    assert.equal(many.search('golf1', { k: 1000, language: 'en' }).title.length, 600);
    await Promise.all([one.close(), many.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const earlier = [
  { layout: 2, what: 'layout 2 (terms and blobs in one key, no block bounds, postings not packed)', rewrite: rewriteAsOldLayout, listed: null, rowid: false },
  { layout: 3, what: 'layout 3 (postings not packed)', rewrite: rewriteAsLayout3, listed: 3, rowid: true },
];
for (const e of earlier) test(`an index written in the earlier segment ${e.what} answers the same after the upgrade; at the first quiet time its segments are written again in the current layout`, async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-upgrade-'));
  try {
    const chunks = manyChunks(1500);
    const a = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 2000 });
    for (let i = 0; i < 1000; i += 50) a.upsert(chunks.slice(i, i + 50));
    a.deleteItem('document', 105);
    await a.flush();
    const before = askAll(a);
    await a.close();
    const file = path.join(dir, LEXICAL_FILE);
    e.rewrite(file);
    const old = segmentLayouts(file);
    assert.ok(old.length > 1 && old.every((s) => s.layout === e.listed && /WITHOUT ROWID/.test(s.sql) !== e.rowid), JSON.stringify(old));

    const b = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 2000 });
    assert.equal(b.count(), 990);
    assert.deepEqual(askAll(b), before);
    // More writes (new segments in the new layout beside the old ones), then a quiet time.
    for (let i = 1000; i < chunks.length; i += 50) b.upsert(chunks.slice(i, i + 50));
    await b.flush();
    assert.ok(segmentLayouts(file).some((s) => s.layout === e.layout) && segmentLayouts(file).some((s) => s.layout === SEGMENT_LAYOUT.packed));
    // The same chunks indexed afresh (a merge drops removed chunks' postings, which count in a term's
    // document frequency until then: compared once every segment is merged).
    const fresh = await createLexicalIndex({ dataDir: null, saveDelayMs: 60_000 });
    fresh.upsert(chunks.filter((c) => c.itemId !== 105));
    const want = askAll(fresh);
    await b.compact();
    sameHits(askAll(b), want);
    await b.close();
    const after = segmentLayouts(file);
    assert.ok(after.length === 1 && after[0].layout === SEGMENT_LAYOUT.packed && !/WITHOUT ROWID/.test(after[0].sql), JSON.stringify(after));
    const c = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    sameHits(askAll(c), want);
    await Promise.all([c.close(), fresh.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('at a quiet time the segments of a bulk load are merged into one (same answers); a few small segments beside a big one are left to the levels', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-compact-'));
  try {
    const chunks = manyChunks(1500);
    const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 3000, ...INLINE });
    for (let i = 0; i < 1450; i += 50) idx.upsert(chunks.slice(i, i + 50));
    await idx.flush();
    const file = path.join(dir, LEXICAL_FILE);
    assert.ok(segmentLayouts(file).length > 4);
    const before = askAll(idx);
    await idx.compact();
    assert.equal(segmentLayouts(file).length, 1);
    sameHits(askAll(idx), before);
    // A trickle after it: small segments beside the big one stay until they are a real share of the postings.
    for (let i = 1450; i < 1500; i += 10) { idx.upsert(chunks.slice(i, i + 10)); await idx.flush(); }
    const trickle = segmentLayouts(file).length;
    assert.ok(trickle > 4, String(trickle));
    await idx.compact();
    assert.equal(segmentLayouts(file).length, trickle);
    await idx.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a restart reads the index without rebuilding it; chunks not yet in a segment (a crash) are indexed again', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const a = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    a.upsert(manyChunks(500));
    await a.flush();
    // Written as chunk rows but never as a segment: the process dies before its save.
    a.upsert([makeChunk(9, 0, 'Garage door opener pairing')]);
    const b = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    assert.equal(b.count(), 501);
    assert.equal(b.search('garage opener', { k: 3, language: 'en' }).words[0].chunk?.id, 'document:9:0');
    assert.equal(b.search('model17x', { k: 3, language: 'en' }).words[0].chunk?.text.includes('model17x'), true);
    await Promise.all([a.close(), b.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a restart after a close reads the per-chunk figures from their snapshot: same scores, filters and counts; a change after a start drops it', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const chunks = manyChunks(1200);
    const a = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    a.upsert(chunks);
    a.deleteItem('document', 105);
    a.upsert([{ ...makeChunk(7, 0, 'Der Bewegungsmelder schaltet das Licht'), language: 'de' }]);
    await a.flush(); // postings as a restart reads them (a segment write leaves out removed chunks' postings)
    const queries = ['motion sensor model17x', 'thermostat schedule heating', 'Bewegungsmelder Licht'];
    const before = queries.map((q) => a.search(q, { k: 20, language: 'en', filters: { language: q.startsWith('B') ? 'de' : 'en' } }));
    await a.close();
    const b = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    assert.equal(b.count(), 1200 - 10 + 1);
    queries.forEach((q, i) => {
      const r = b.search(q, { k: 20, language: 'en', filters: { language: q.startsWith('B') ? 'de' : 'en' } });
      for (const f of ['words', 'grams', 'title'] as const) {
        assert.deepEqual(r[f].map((h) => [h.id, h.language]), before[i][f].map((h) => [h.id, h.language]), `${q} / ${f}`);
        r[f].forEach((h, j) => assert.ok(Math.abs(h.score - before[i][f][j].score) < 1e-9));
      }
    });
    // Changed after the start and never closed (a crash): a second start must not use the old snapshot.
    b.deleteItem('document', 106);
    const c = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    assert.equal(c.count(), 1200 - 20 + 1);
    assert.ok(c.search('model17x thermostat', { k: 50, language: 'en' }).words.every((h) => !h.id.startsWith('document:106:')));
    await Promise.all([b.close(), c.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an index file of the earlier in-memory version is read once into the new file and removed', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-'));
  try {
    const legacy = path.join(dir, 'lexical-index.bin');
    await writeLexicalFile(legacy, { recipe: 'old', chunks: SAMPLE_CHUNKS, fields: {} });
    const a = await createLexicalIndex({ dataDir: dir });
    assert.equal(a.count(), SAMPLE_CHUNKS.length);
    assert.equal(a.search('motion sensor', { k: 3, language: 'en' }).words[0].chunk?.id, 'document:1:0');
    await a.close();
    assert.equal(existsSync(legacy), false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a write SQLite rolls back leaves nothing of it in memory: not counted, not found, not in the snapshot written at close, and its document numbers given again carry only their own words', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-rollback-'));
  try {
    const idx = await createLexicalIndex({ dataDir: dir });
    idx.upsert([makeChunk(1, 0, 'The turquoise gateway pairs in five seconds.')]);
    // The second chunk cannot be stored (a value JSON cannot hold): the whole write is rolled back after the first was analysed.
    const unstorable = { ...makeChunk(2, 0, 'The aubergine blind motor hums quietly.'), extra: 1n } as unknown as ReturnType<typeof makeChunk>;
    assert.throws(() => idx.upsert([makeChunk(2, 1, 'The saffron shutter closes at dusk.'), unstorable]));
    assert.equal(idx.count(), 1);
    assert.deepEqual(idx.search('saffron shutter dusk', { k: 3, language: 'en' }).words.map((h) => h.id), []);
    // The next write is given the rolled-back document number: its hits are its own words only.
    idx.upsert([makeChunk(3, 0, 'Charge the remote with a USB-C cable.')]);
    assert.deepEqual(idx.search('saffron shutter dusk', { k: 3, language: 'en' }).words.map((h) => h.id), []);
    assert.deepEqual(idx.search('remote USB-C cable', { k: 3, language: 'en' }).words.map((h) => h.id), ['document:3:0']);
    await idx.close();
    const again = await createLexicalIndex({ dataDir: dir });
    assert.equal(again.count(), 2, 'the snapshot read at start counts what is stored');
    assert.deepEqual(again.search('saffron shutter dusk', { k: 3, language: 'en' }).words.map((h) => h.id), []);
    assert.deepEqual(again.search('turquoise gateway', { k: 3, language: 'en' }).words.map((h) => h.id), ['document:1:0']);
    await again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Dense lists from 512 postings (the default, 4,096, needs an index six times the size to have some). */
const DENSE = { warmMinPostings: 512 };

test('after a restart the dense postings lists are read into the cache between queries; answers are the same with or without them cached', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-warm-'));
  try {
    const build = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    build.upsert(manyChunks(1000));
    await build.flush();
    await build.close();

    const cold = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, postingsCacheBytes: 0 });
    await cold.warmed();
    assert.deepEqual(cold.cacheStats(), { entries: 0, bytes: 0 }, 'no cache, nothing read ahead');
    const expected = askAll(cold);
    await cold.close();

    const warm = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, ...DENSE });
    await warm.warmed();
    const { entries, bytes } = warm.cacheStats();
    // Lists of at least DENSE.warmMinPostings postings (5 bytes each) only: a few of the commonest 4-grams and words of 1,000 chunks.
    assert.ok(entries > 0 && bytes >= entries * DENSE.warmMinPostings * 5, `${entries} lists, ${bytes} bytes`);
    sameHits(askAll(warm), expected);
    await warm.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a close while the dense lists are being read ends the reading; a merge empties the cache and the next search reads them again', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-warm-'));
  try {
    const chunks = manyChunks(2000);
    const build = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000 });
    build.upsert(chunks.slice(0, 1000));
    await build.flush();
    await build.close();

    const closing = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, ...DENSE });
    const reading = closing.warmed();
    await closing.close();
    await reading;

    const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 60_000, memoryPostings: 12_500, ...DENSE });
    await idx.warmed();
    assert.ok(idx.cacheStats().entries > 0, 'the dense lists of the one segment');
    // A second bulk load in several segments, then the quiet time merges them all into one.
    for (let i = 1000; i < chunks.length; i += 125) idx.upsert(chunks.slice(i, i + 125));
    await idx.flush();
    const before = askAll(idx);
    await idx.compact();
    assert.deepEqual(idx.cacheStats(), { entries: 0, bytes: 0 }, 'the cached lists were of the merged segments');
    sameHits(askAll(idx), before);
    await idx.warmed();
    assert.ok(idx.cacheStats().entries > 0, 'read again for the merged segment');
    sameHits(askAll(idx), before);
    await idx.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
