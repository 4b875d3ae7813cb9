/**
 * Turns a lexical index file into what earlier versions wrote, to prove an
 * upgrade still reads it. `rewriteAsOldLayout`: every segment table in
 * layout 2 (`term PRIMARY KEY, n, docs` WITHOUT ROWID, the layout before
 * terms were kept apart from the blobs), postings blobs in the fixed
 * encoding without their block bounds (before those were stored), and a
 * `segments` list without its `layout` column. `rewriteAsLayout3`: the
 * tables as they are, postings in the fixed encoding with their bounds
 * (before they were packed), listed as layout 3. The postings themselves
 * are unchanged.
 */
import Database from 'better-sqlite3';
import { decodePostings, encodingOf, type Postings } from '../engines/search/lexical-postings';

/**
 * The blob of n postings in the fixed encoding earlier versions wrote (layouts 2 and 3; the index only reads
 * it now): n document numbers (uint32), their n frequencies, then, with `bounds`, padded to 4 bytes, the
 * block bounds (shortest lengths as uint32, then highest frequencies).
 */
export function encodeFixedPostings(docs: ArrayLike<number>, tfs: ArrayLike<number>, n: number, bounds?: Required<Pick<Postings, 'minLen' | 'maxTf'>>): Buffer {
  const nb = bounds ? bounds.minLen.length : 0;
  const at = (n * 5 + 3) & ~3;
  const buf = Buffer.alloc(bounds ? at + nb * 5 : n * 5);
  for (let i = 0; i < n; i++) buf.writeUInt32LE(docs[i], i * 4);
  for (let i = 0; i < n; i++) buf[n * 4 + i] = tfs[i];
  if (bounds) {
    for (let b = 0; b < nb; b++) buf.writeUInt32LE(bounds.minLen[b], at + b * 4);
    buf.set(bounds.maxTf, at + nb * 4);
  }
  return buf;
}

/** Every blob of every listed segment written again in the fixed encoding (`bounds`: with the stored block bounds). */
function unpack(db: Database.Database, bounds: boolean): void {
  for (const { seg, layout } of db.prepare<[], { seg: number; layout: number }>('SELECT seg, layout FROM segments').all()) {
    const put = db.prepare(`UPDATE seg_${seg} SET docs = ? WHERE id = ?`);
    for (const r of db.prepare<[], { id: number; n: number; docs: Buffer }>(`SELECT id, n, docs FROM seg_${seg}`).all()) {
      const p = decodePostings(r.docs, r.n, encodingOf(layout));
      put.run(encodeFixedPostings(p.docs, p.tfs, p.n, bounds && p.minLen && p.maxTf ? { minLen: p.minLen, maxTf: p.maxTf } : undefined), r.id);
    }
  }
}

export function rewriteAsLayout3(file: string): void {
  const db = new Database(file);
  try {
    db.transaction(() => {
      unpack(db, true);
      db.exec('UPDATE segments SET layout = 3');
    })();
  } finally {
    db.close();
  }
}

export function rewriteAsOldLayout(file: string): void {
  const db = new Database(file);
  try {
    db.transaction(() => {
      unpack(db, false);
      const segs = db.prepare<[], { seg: number; level: number; postings: number }>('SELECT seg, level, postings FROM segments ORDER BY seg').all();
      for (const { seg } of segs) {
        db.exec(`CREATE TABLE old_${seg} (term TEXT PRIMARY KEY, n INTEGER NOT NULL, docs BLOB NOT NULL) WITHOUT ROWID;
                 INSERT INTO old_${seg} (term, n, docs) SELECT term, n, docs FROM seg_${seg} ORDER BY term;
                 DROP TABLE seg_${seg};
                 ALTER TABLE old_${seg} RENAME TO seg_${seg};`);
      }
      db.exec(`CREATE TABLE old_segments (seg INTEGER PRIMARY KEY, level INTEGER NOT NULL, postings INTEGER NOT NULL);
               INSERT INTO old_segments SELECT seg, level, postings FROM segments;
               DROP TABLE segments;
               ALTER TABLE old_segments RENAME TO segments;`);
    })();
  } finally {
    db.close();
  }
}

/** The layout of every segment of an index file as listed (`SEGMENT_LAYOUT`; null: not listed, an old file) and its table's SQL. */
export function segmentLayouts(file: string): Array<{ seg: number; layout: number | null; sql: string }> {
  const db = new Database(file, { readonly: true });
  try {
    const listed = db.prepare<[], { name: string }>('PRAGMA table_info(segments)').all().some((c) => c.name === 'layout');
    return db.prepare<[], { seg: number; layout: number | null }>(`SELECT seg, ${listed ? 'layout' : 'NULL AS layout'} FROM segments ORDER BY seg`).all()
      .map((r) => ({ ...r, sql: db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(`seg_${r.seg}`) ?? '' }));
  } finally {
    db.close();
  }
}
