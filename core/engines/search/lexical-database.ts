/** The lexical index's SQLite file (./lexical-index.ts): its tables and how it is opened. */
import Database from 'better-sqlite3';
import { AppError } from '../../foundation/errors';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS docs (
    doc INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, item_type TEXT NOT NULL, item_id INTEGER NOT NULL,
    language TEXT NOT NULL, len_w INTEGER NOT NULL, len_g INTEGER NOT NULL, len_t INTEGER NOT NULL, chunk TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS docs_item ON docs (item_type, item_id);
  -- The ids of a search's hits read from this small index, not from the rows (which hold the chunk text: a page read per hit).
  CREATE INDEX IF NOT EXISTS docs_id_of_doc ON docs (doc, id);
  -- The per-chunk figures as of the last close (through = the last document then): a start reads this instead of every chunk row.
  CREATE TABLE IF NOT EXISTS doc_snapshot (one INTEGER PRIMARY KEY CHECK (one = 1), through INTEGER NOT NULL, info TEXT NOT NULL, data BLOB NOT NULL);
`;

/** The index's error when its file cannot be opened or read. */
export function damaged(file: string, e: unknown): AppError {
  return new AppError('internal', `The lexical search index ${file} is damaged (${(e as Error).message}); delete it and run a reindex.`, { cause: e, details: { damagedFile: file } });
}

export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  try {
    // Postings blobs span many pages, read one page per read (overflow pages): 16 kB pages read them in a quarter of the reads.
    // Taken by a new file only (an existing file keeps the page size it was made with).
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536'); // 64 MB of page cache
    db.pragma('temp_store = FILE');
    db.exec(SCHEMA);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}
