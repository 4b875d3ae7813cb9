import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createLexicalIndex } from './lexical-index';
import { makeChunk, SAMPLE_CHUNKS } from '../testing/search-chunks';

const top = (r: { words: { chunk: { id: string } }[]; grams: { chunk: { id: string } }[] }) => [r.grams[0]?.chunk.id, r.words[0]?.chunk.id];

test('finds English, Hebrew and French chunks by words and n-grams', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  assert.deepEqual(top(idx.search('how do I reset the motion sensor', { k: 3, language: 'en' })), ['document:1:0', 'document:1:0']);
  // Hebrew with clitic prefixes the text does not have ("ולאפס", "החיישן")
  assert.equal(idx.search('איך ולאפס את החיישן', { k: 3, language: 'he' }).grams[0].chunk.id, 'document:2:0');
  assert.equal(idx.search('réinitialiser détecteur', { k: 3, language: 'fr' }).words[0].chunk.id, 'presentation:3:0');
});

test('filters by item type, item ids and language', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  const q = (filters: object) => idx.search('reset sensor réinitialiser détecteur חיישן', { k: 10, language: 'en', filters }).grams.map((h) => h.chunk.id);
  assert.deepEqual(q({ itemType: 'presentation' }), ['presentation:3:0']);
  assert.ok(q({ itemIds: [2] }).every((id) => id.startsWith('document:2:')));
  assert.ok(q({ language: 'he' }).length > 0 && q({ language: 'he' }).every((id) => id.startsWith('document:2:')));
});

test('upsert replaces a chunk with the same id; deleteItem and clear remove chunks', async () => {
  const idx = await createLexicalIndex({ dataDir: null });
  idx.upsert(SAMPLE_CHUNKS);
  idx.upsert([makeChunk(1, 0, 'The doorbell camera records a clip when someone rings.')]);
  assert.equal(idx.count(), SAMPLE_CHUNKS.length);
  assert.equal(idx.search('doorbell', { k: 3, language: 'en' }).words[0].chunk.id, 'document:1:0');
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
    assert.equal(b.search('חיישן התנועה', { k: 3, language: 'he' }).words[0].chunk.id, 'document:2:0');
    assert.equal(b.search('motion sensor', { k: 3, language: 'en' }).words.length, 0);
    // further changes after a reload are saved too (debounced, without a flush)
    b.upsert([makeChunk(9, 0, 'Garage door opener pairing')]);
    // The save timer is unref'd (it never holds a process open): hold the event loop while waiting for the save.
    const hold = setInterval(() => {}, 60_000);
    await saved.finally(() => clearInterval(hold));
    const c = await createLexicalIndex({ dataDir: dir });
    assert.equal(c.search('garage opener', { k: 3, language: 'en' }).words[0].chunk.id, 'document:9:0');
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
    const file = path.join(dir, 'lexical-index.bin');
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 50));
    await assert.rejects(createLexicalIndex({ dataDir: dir }), (e: Error & { code?: string }) => e.code === 'internal' && /damaged/.test(e.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
