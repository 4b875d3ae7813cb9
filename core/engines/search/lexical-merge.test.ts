import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { createLexicalIndex, LEXICAL_FILE, type LexicalIndex, type LexicalIndexOptions } from './lexical-index';
import type { MergeEvent } from './lexical-segments';
import { makeChunk, SAMPLE_CHUNKS } from '../../testing/search-chunks';

/** Varied chunks: words drawn from the samples, with numbered model names (a term per 97 chunks). */
function manyChunks(n: number, from = 0) {
  const words = SAMPLE_CHUNKS.flatMap((c) => c.text.split(/\s+/));
  return Array.from({ length: n }, (_, j) => {
    const i = from + j;
    const w: string[] = [];
    for (let k = 0; k < 30; k++) w.push(words[(i * 7 + k * 13 + (i % 11) * k) % words.length]);
    w.push(`model${i % 97}x`);
    return makeChunk(100 + Math.floor(i / 10), i % 10, w.join(' '));
  });
}

const QUERIES = ['motion sensor model17x', 'thermostat schedule heating', 'חיישן התנועה model3x', 'détecteur bouton'];
const askAll = (idx: LexicalIndex) => QUERIES.map((q) => {
  const r = idx.search(q, { k: 20, language: 'en' });
  return (['words', 'grams', 'title'] as const).map((f) => r[f].map((h) => [h.id, h.score] as const));
});
/** Same hits in the same order, scores equal up to rounding (a term's postings summed from other segments). */
const sameHits = (x: ReturnType<typeof askAll>, y: ReturnType<typeof askAll>) => x.forEach((q, i) => q.forEach((f, j) => {
  assert.deepEqual(f.map((h) => h[0]), y[i][j].map((h) => h[0]), `${QUERIES[i]} / ${j}`);
  f.forEach((h, m) => assert.ok(Math.abs(h[1] - y[i][j][m][1]) < 1e-9, `${QUERIES[i]} / ${j}: score ${h[1]} against ${y[i][j][m][1]}`));
}));

/** The file's segment tables: those the registry lists, and those it does not (a merge's table, or garbage). */
function tables(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const listed = db.prepare<[], number>('SELECT seg FROM segments ORDER BY seg').pluck().all();
    const all = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'seg_[0-9]*'").pluck().all().map((n) => Number(n.slice(4)));
    return { listed, unlisted: all.filter((n) => !listed.includes(n)).sort((a, b) => a - b) };
  } finally {
    db.close();
  }
}

/** An index whose every merge runs in a worker, with 6 segments of 2,400 chunks (no level full: merged at a quiet time only). */
async function sixSegments(dir: string, more: Partial<LexicalIndexOptions> = {}) {
  const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 600_000, workerMergePostings: 0, ...more });
  const chunks = manyChunks(2400);
  for (let i = 0; i < chunks.length; i += 400) { idx.upsert(chunks.slice(i, i + 400)); await idx.flush(); }
  return { idx, chunks, file: path.join(dir, LEXICAL_FILE) };
}

async function inDir(fn: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-merge-'));
  try { await fn(dir); } finally { await rm(dir, { recursive: true, force: true }); }
}

test('a query during a merge in a worker is answered from the old segments, the same as before it; after it one segment answers the same', () => inDir(async (dir) => {
  const events: MergeEvent[] = [];
  let during: ReturnType<typeof askAll> | null = null;
  let whileRunning: ReturnType<typeof tables> | null = null;
  const { idx, file } = await sixSegments(dir, {
    onMerge: (e) => {
      events.push(e);
      // The worker has made its table and is filling it (or has filled it): nothing is swapped in yet.
      if (e.phase === 'started') { during = askAll(idx); whileRunning = tables(file); }
    },
  });
  assert.equal(tables(file).listed.length, 6);
  const before = askAll(idx);
  await idx.compact();
  assert.deepEqual(events.map((e) => [e.phase, e.kind, e.worker]), [['started', 'compact', true], ['done', 'compact', true]]);
  assert.deepEqual(during, before, 'answered from the old segments while the merge ran');
  assert.ok(whileRunning!.listed.length === 6 && whileRunning!.unlisted.includes(events[0].into), JSON.stringify(whileRunning));
  assert.deepEqual(tables(file).listed, [events[0].into]);
  sameHits(askAll(idx), before);
  await idx.idle(); // the worker drops the merged tables after the swap
  assert.deepEqual(tables(file), { listed: [events[0].into], unlisted: [] });
  await idx.close();
}));

test('chunks written and removed during a merge in a worker are kept: a new segment beside the merged one, the answers as if they had come right after the merge', () => inDir(async (dir) => {
  const late = manyChunks(400, 2400);
  let wrote = false;
  const { idx, chunks, file } = await sixSegments(dir, {
    onMerge: (e) => {
      if (e.phase !== 'started' || wrote) return;
      wrote = true;
      idx.upsert(late);
      void idx.flush();
      idx.deleteItem('document', 105);
    },
  });
  await idx.compact();
  assert.ok(wrote);
  assert.equal(tables(file).listed.length, 2, 'the merged segment and the one written during the merge');
  assert.equal(idx.count(), chunks.length + late.length - 10);
  const kept = [...chunks, ...late].filter((c) => c.itemId !== 105);
  assert.ok(idx.search('model17x', { k: 100, language: 'en' }).words.some((h) => late.some((c) => c.id === h.id)));
  assert.ok(QUERIES.every((q) => idx.search(q, { k: 100, language: 'en' }).words.every((h) => !h.id.startsWith('document:105:'))));
  // As if they had come right after the merge: the same steps inline, one after the other (the removed chunks'
  // postings stay in the merged segment, counted in a term's document frequency, until it is merged again).
  const fresh = await createLexicalIndex({ dataDir: null, saveDelayMs: 600_000 });
  for (let i = 0; i < chunks.length; i += 400) { fresh.upsert(chunks.slice(i, i + 400)); await fresh.flush(); }
  await fresh.compact();
  fresh.upsert(late);
  await fresh.flush();
  fresh.deleteItem('document', 105);
  sameHits(askAll(idx), askAll(fresh));
  assert.equal(fresh.count(), kept.length);
  await Promise.all([idx.close(), fresh.close()]);
}));

test('a merge that fails in its worker leaves the segments answering the same, is logged, and is done at the next quiet time', () => inDir(async (dir) => {
  const lines: string[] = [];
  let logged!: () => void;
  const failedOnce = new Promise<void>((resolve) => { logged = resolve; });
  let merged!: () => void;
  const doneOnce = new Promise<void>((resolve) => { merged = resolve; });
  const { idx, file } = await sixSegments(dir, {
    saveDelayMs: 1,
    log: (line) => { lines.push(line); logged(); },
    onMerge: (e) => { if (e.phase === 'done') merged(); },
  });
  const listed = tables(file).listed;
  // The worker's write fails: a table of the name it is to create already exists (the quiet time's save takes the number before).
  const other = new Database(file);
  other.exec(`CREATE TABLE seg_${Math.max(...listed) + 2} (x)`);
  other.close();
  // The save timer holds no process open: the loop is held while the quiet time comes.
  const hold = setInterval(() => {}, 60_000);
  try {
    idx.upsert([makeChunk(9, 0, 'Garage door opener pairing')]);
    const before = askAll(idx);
    await failedOnce;
    assert.equal(lines.length, 1);
    assert.match(lines[0], /Could not merge 7 segments of the lexical search index .*\(at a quiet time\): table seg_\d+ already exists.*next quiet time/);
    await idx.idle();
    assert.deepEqual(tables(file), { listed: [...listed, Math.max(...listed) + 1], unlisted: [] }, 'the quiet time wrote its segment; the failed merge left nothing');
    const after = askAll(idx);
    sameHits(after, before);
    assert.equal(idx.search('garage opener', { k: 3, language: 'en' }).words[0]?.id, 'document:9:0');
    // The next quiet time merges them.
    idx.upsert([makeChunk(9, 1, 'Garage door opener remote')]);
    const more = askAll(idx);
    await doneOnce;
    await idx.idle();
    assert.equal(tables(file).listed.length, 1);
    assert.equal(lines.length, 1);
    sameHits(askAll(idx), more);
  } finally {
    clearInterval(hold);
    await idx.close();
  }
}));

test('closing the index during a merge in a worker stops it: the index reopens with the same answers and the half-written table is dropped', () => inDir(async (dir) => {
  let closing: Promise<void> | null = null;
  let into = 0;
  const { idx, file } = await sixSegments(dir, {
    onMerge: (e) => { if (e.phase === 'started') { into = e.into; closing = idx.close(); } },
  });
  const before = askAll(idx);
  const listed = tables(file).listed;
  await assert.rejects(idx.compact(), /stopped/);
  await closing;
  assert.deepEqual(tables(file).listed, listed, 'the segments as they were');
  const again = await createLexicalIndex({ dataDir: dir, saveDelayMs: 600_000, workerMergePostings: 0 });
  assert.deepEqual(askAll(again), before);
  await again.idle(); // a worker drops what the stopped merge left
  assert.deepEqual(tables(file), { listed, unlisted: [] });
  assert.ok(into > Math.max(...listed));
  await again.compact();
  sameHits(askAll(again), before);
  await again.close();
}));

test('two quiet-time merges asked while a merge runs start one after the other, never on the same segments (no "no such table: seg_N")', () => inDir(async (dir) => {
  const events: MergeEvent[] = [];
  let extra: Promise<void>[] = [];
  const { idx, file } = await sixSegments(dir, {
    onMerge: (e) => {
      events.push(e);
      if (e.phase !== 'started' || extra.length) return;
      // While the first merge runs: five more segments, and two more quiet times that both wait for it.
      const late = manyChunks(2000, 2400);
      for (let i = 0; i < late.length; i += 400) { idx.upsert(late.slice(i, i + 400)); void idx.flush(); }
      extra = [idx.compact(), idx.compact()];
    },
  });
  await idx.compact();
  assert.equal(extra.length, 2);
  await Promise.all(extra);
  await idx.idle();
  const failed = events.filter((e) => e.phase === 'failed');
  assert.deepEqual(failed.map((e) => e.error?.message), []);
  const started = events.filter((e) => e.phase === 'started').map((e) => e.segments);
  for (let i = 0; i < started.length; i++) for (let j = i + 1; j < started.length; j++) {
    assert.deepEqual(started[i]!.filter((s) => started[j]!.includes(s)), [], `merges ${i} and ${j} shared segments`);
  }
  assert.deepEqual(tables(file).unlisted, []);
  assert.equal(idx.count(), 4400);
  await idx.close();
}));

test('while changes keep coming (a bulk import) the index saves but does not merge every segment into one until they stop', () => inDir(async (dir) => {
  /** Merges of every segment ('compact') as they start: while the changes came, or after. */
  const compacts: Array<{ whileWriting: boolean }> = [];
  let writing = true;
  let saves = 0;
  const idx = await createLexicalIndex({
    dataDir: dir, saveDelayMs: 150, onSaved: () => { saves++; },
    onMerge: (e) => { if (e.phase === 'started' && e.kind === 'compact') compacts.push({ whileWriting: writing }); },
  });
  const file = path.join(dir, LEXICAL_FILE);
  const chunks = manyChunks(4000);
  // A batch every 40 ms until 8 saves were made while changes kept coming (each a segment; more than 4 are worth merging).
  let written = 0;
  while (saves < 8 && written < chunks.length) {
    idx.upsert(chunks.slice(written, written + 40));
    written += 40;
    await new Promise((r) => setTimeout(r, 40));
  }
  writing = false;
  const segments = saves;
  await idx.flush();
  await idx.idle();
  assert.ok(segments >= 8, `segments written while the changes came: ${segments}`);
  assert.deepEqual(compacts.filter((c) => c.whileWriting), [], 'no merge of every segment while the changes came');
  assert.equal(idx.count(), written);
  // At the quiet time, everything in one segment.
  await idx.compact();
  assert.equal(tables(file).listed.length, 1);
  await idx.close();
}));
