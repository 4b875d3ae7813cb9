/**
 * Storing a big file's chunks never holds the event loop for the whole
 * file (issue 39's stalls): without Chroma the lexical index takes them a
 * batch at a time, the loop free between two. A timer every 10 ms records
 * the longest gap while 3,000 chunks are stored.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createHashEmbedder } from './hash-embedder';
import { createSearchIndex } from './index';
import { makeChunk, SAMPLE_CHUNKS } from '../../testing/search-chunks';

test('3,000 chunks stored without Chroma: the event loop is never held for more than half the write (a batch at a time)', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'upsert-yield-'));
  const idx = await createSearchIndex({ dataDir: dir, chromaUrl: null, embedder: createHashEmbedder(), collection: 'yield' });
  try {
    const words = SAMPLE_CHUNKS.flatMap((c) => c.text.split(/\s+/));
    const chunks = Array.from({ length: 3000 }, (_, i) => makeChunk(7, i, Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ') + ` part${i}`));
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; }, 10);
    const t0 = performance.now();
    await idx.upsert(chunks);
    const total = performance.now() - t0;
    clearInterval(timer);
    longest = Math.max(longest, performance.now() - last);
    t.diagnostic(`3,000 chunks in ${Math.round(total)} ms; the event loop's longest gap ${Math.round(longest)} ms`);
    assert.ok(longest < total / 2, `the event loop was held ${Math.round(longest)} ms of ${Math.round(total)} ms`);
    assert.equal(idx.count ? await idx.count() : 3000, 3000);
  } finally {
    await idx.close();
    await rm(dir, { recursive: true, force: true });
  }
});
