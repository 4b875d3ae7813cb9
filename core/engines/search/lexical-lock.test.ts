/**
 * A write of the lexical index that cannot take SQLite's write lock (another
 * process holds it past the 5 s wait: "database is locked") fails without
 * touching memory, so memory is not made again from the stored rows: that
 * re-reads every chunk's figures and analyses every unwritten chunk on the
 * event loop (issue 39's stalls during a bulk import). Measured with
 * 20,000 unwritten chunks: 16.3 s of the event loop before, 5.1 s (the
 * lock wait itself) after; this test uses 12,000.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createLexicalIndex, LEXICAL_FILE } from './lexical-index';
import { makeChunk, SAMPLE_CHUNKS } from '../../testing/search-chunks';

test('a write that could not take the lock fails in about the lock wait, without making memory again, and the index still answers and writes', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lex-lock-'));
  const idx = await createLexicalIndex({ dataDir: dir, saveDelayMs: 600_000 });
  try {
    const words = SAMPLE_CHUNKS.flatMap((c) => c.text.split(/\s+/));
    const chunks = Array.from({ length: 12_000 }, (_, i) => makeChunk(100 + Math.floor(i / 10), i % 10,
      Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 13) % words.length] + (k % 5 === 0 ? ` q${i}` : '')).join(' ')));
    for (let i = 0; i < chunks.length; i += 1000) idx.upsert(chunks.slice(i, i + 1000));
    const holder = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(${JSON.stringify(path.join(dir, LEXICAL_FILE))});
      db.exec('BEGIN IMMEDIATE');
      console.log('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 7000);
      db.exec('COMMIT');
    `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(holder, 'exit');
    await once(holder.stdout!, 'data');
    const t0 = performance.now();
    assert.throws(() => idx.upsert([makeChunk(9999, 0, 'one more chunk about the locked gateway')]), /database is locked/);
    const held = performance.now() - t0;
    t.diagnostic(`the failed write held the event loop ${Math.round(held)} ms (SQLite's lock wait is 5,000 ms)`);
    assert.ok(held < 8000, `the failed write held the event loop ${Math.round(held)} ms: memory was made again`);
    await exited;
    assert.equal(idx.count(), chunks.length);
    assert.ok(idx.search('q11345', { k: 3, language: 'en' }).words.some((h) => h.id === chunks[11345]!.id));
    idx.upsert([makeChunk(9999, 0, 'one more chunk about the locked gateway')]);
    assert.equal(idx.count(), chunks.length + 1);
  } finally {
    await idx.close();
    await rm(dir, { recursive: true, force: true });
  }
});
