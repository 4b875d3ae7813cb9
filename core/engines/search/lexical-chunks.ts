/**
 * The chunk rows of the lexical index (./lexical-index.ts) and their writes: each chunk analysed into the
 * in-memory segment, stored as a row, its figures kept in the DocTable; a failed write makes memory again
 * from the rows; the snapshot of figures removed at the first change after a start.
 */
import type Database from 'better-sqlite3';
import { analyzeWord, contentWords, wordTerms } from '../../foundation/text/analyze';
import { DocTable } from './lexical-doc-table';
import { FIELD_KEY } from './lexical-fields';
import type { MemorySegment } from './lexical-memory-segment';
import type { Segments } from './lexical-segments';
import type { Chunk } from './types';

type Analysed = { ids: number[]; lens: number[] };

/** A chunk's term ids in the in-memory segment and its field lengths (the same terms as chunkTerms). */
export function analyseChunk(memory: MemorySegment, chunk: Chunk): Analysed {
  const lang = chunk.language;
  const body = chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text;
  const ids: number[] = [];
  let nw = 0, ng = 0;
  for (const w of contentWords(body, lang)) {
    const wi = memory.wordIds(`${lang}\u0000${w}`, () => {
      const e = analyzeWord(w, lang);
      return [[FIELD_KEY.words, e.stem], ...e.grams.map((g): [string, string] => [FIELD_KEY.grams, g])];
    });
    for (let i = 0; i < wi.length; i++) ids.push(wi[i]);
    nw++; ng += wi.length - 1;
  }
  const title = wordTerms(chunk.title, lang);
  for (const t of title) ids.push(memory.termId(FIELD_KEY.title, t));
  return { ids, lens: [nw, ng, title.length] };
}

/** The statements on the chunk rows. */
export function chunkRows(db: Database.Database) {
  return {
    insertDoc: db.prepare('INSERT INTO docs (id, item_type, item_id, language, len_w, len_g, len_t, chunk) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    docById: db.prepare<[string], { doc: number }>('SELECT doc FROM docs WHERE id = ?'),
    deleteDoc: db.prepare('DELETE FROM docs WHERE doc = ?'),
    docsOfItem: db.prepare<[string, number], { doc: number }>('SELECT doc FROM docs WHERE item_type = ? AND item_id = ?'),
    chunkOfDoc: db.prepare<[number], { chunk: string }>('SELECT chunk FROM docs WHERE doc = ?'),
    chunkById: db.prepare<[string], { chunk: string }>('SELECT chunk FROM docs WHERE id = ?'),
    idsOfDocs: db.prepare<[string], { doc: number; id: string }>('SELECT doc, id FROM docs INDEXED BY docs_id_of_doc WHERE doc IN (SELECT value FROM json_each(?))'),
    docsAfter: db.prepare<[number, number], { doc: number; chunk: string }>('SELECT doc, chunk FROM docs WHERE doc > ? ORDER BY doc LIMIT ?'),
  };
}
export type ChunkRows = ReturnType<typeof chunkRows>;

/** The per-chunk figures read from the chunk rows. */
export function loadDocTable(db: Database.Database, docs: DocTable) {
  for (const r of db.prepare<[], { doc: number; item_type: string; item_id: number; language: string; len_w: number; len_g: number; len_t: number }>(
    'SELECT doc, item_type, item_id, language, len_w, len_g, len_t FROM docs ORDER BY doc').iterate()) {
    docs.add(r.doc, r.item_type, r.item_id, r.language, [r.len_w, r.len_g, r.len_t]);
  }
}

/** The chunks no stored segment holds yet, into the memory segment. */
export function indexUnwritten(rows: ChunkRows, segments: Segments) {
  for (let after = segments.writtenThrough(); ;) {
    const batch = rows.docsAfter.all(after, 1000);
    if (batch.length === 0) break;
    for (const r of batch) segments.memory.addIds(r.doc, analyseChunk(segments.memory, JSON.parse(r.chunk) as Chunk).ids);
    after = batch[batch.length - 1].doc;
  }
}

/** Every chunk held, in insertion order, `size` at a time. */
export function* chunkBatches(rows: ChunkRows, size: number): Generator<Chunk[]> {
  for (let after = 0; ;) {
    const batch = rows.docsAfter.all(after, size);
    if (batch.length === 0) return;
    yield batch.map((r) => JSON.parse(r.chunk) as Chunk);
    after = batch[batch.length - 1].doc;
  }
}

/** The writes of chunks: stored, removed, cleared, each in one guarded write transaction. */
export function createChunkWrites(db: Database.Database, docs: DocTable, segments: Segments, rows: ChunkRows) {
  /** The snapshot of per-chunk figures is removed at the first change after a start (written again at close). */
  let snapshotKept = true;
  const dropSnapshot = () => { if (snapshotKept) { db.exec('DELETE FROM doc_snapshot'); snapshotKept = false; } };
  /**
   * A write SQLite rolled back may have changed the figures and postings in memory already (and its
   * document numbers are given again): both are made again from the rows, so that neither a search nor
   * the snapshot written at close holds chunks that are not stored.
   */
  const rebuildMemory = () => {
    Object.assign(docs, new DocTable());
    segments.memory.clear();
    segments.memory.maxDoc = segments.writtenThrough();
    loadDocTable(db, docs);
    indexUnwritten(rows, segments);
  };
  /** False when memory could not be made again after a failed write: no snapshot is written at close then. */
  let memoryTrusted = true;
  /**
   * A write transaction (immediate, with a running merge worker told to give way: see Segments.writing);
   * when it throws, memory is made again from what is stored, and the error goes on.
   */
  const guarded = <A extends unknown[]>(fn: (...a: A) => void) => (...a: A): void => {
    let entered = false;
    const tx = db.transaction((...b: A) => { entered = true; fn(...b); });
    try {
      segments.writing(() => tx.immediate(...a));
    } catch (e) {
      // A write that never began (the lock not had: "database is locked") changed nothing in memory: nothing to make
      // again. Making it again reads every chunk's figures and analyses the unwritten chunks: tens of seconds of the
      // event loop on a big index, each time a bulk import met a lock (issue 39's stalls).
      if (entered) {
        try { rebuildMemory(); } catch { memoryTrusted = false; }
      }
      throw e;
    }
  };
  const storeChunks = guarded((list: Chunk[], analysed: Array<Analysed & { json: string }>) => {
    dropSnapshot();
    for (let i = 0; i < list.length; i++) {
      const chunk = list[i];
      const old = rows.docById.get(chunk.id);
      if (old) { rows.deleteDoc.run(old.doc); docs.remove(old.doc); }
      const { ids, lens, json } = analysed[i];
      const doc = Number(rows.insertDoc.run(chunk.id, chunk.itemType, chunk.itemId, chunk.language, lens[0], lens[1], lens[2], json).lastInsertRowid);
      docs.add(doc, chunk.itemType, chunk.itemId, chunk.language, lens);
      segments.memory.addIds(doc, ids);
    }
  });
  return {
    /**
     * Stores chunks. They are analysed before the write transaction (most of the time an upsert takes), so that
     * SQLite's write lock is held for the rows only: a merge worker writes between two upserts.
     */
    add(list: Chunk[]) {
      storeChunks(list, list.map((chunk) => ({ ...analyseChunk(segments.memory, chunk), json: JSON.stringify(chunk) })));
    },
    /** Removes the documents `docs` of an item. */
    remove: guarded((gone: Array<{ doc: number }>) => { dropSnapshot(); for (const r of gone) { rows.deleteDoc.run(r.doc); docs.remove(r.doc); } }),
    clear: guarded(() => {
      dropSnapshot();
      segments.dropAll();
      db.exec("DELETE FROM docs; DELETE FROM sqlite_sequence WHERE name = 'docs'");
    }),
    trusted: () => memoryTrusted,
  };
}
