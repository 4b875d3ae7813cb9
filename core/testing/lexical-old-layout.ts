/**
 * Turns a lexical index file into what earlier versions wrote, to prove an
 * upgrade still reads it: every segment table in layout 2
 * (`term PRIMARY KEY, n, docs` WITHOUT ROWID, the layout before terms were
 * kept apart from the blobs), postings blobs without their block bounds
 * (before those were stored), and a `segments` list without its `layout`
 * column. The postings themselves are unchanged.
 */
import Database from 'better-sqlite3';

export function rewriteAsOldLayout(file: string): void {
  const db = new Database(file);
  try {
    db.transaction(() => {
      const segs = db.prepare<[], { seg: number; level: number; postings: number }>('SELECT seg, level, postings FROM segments ORDER BY seg').all();
      for (const { seg } of segs) {
        db.exec(`CREATE TABLE old_${seg} (term TEXT PRIMARY KEY, n INTEGER NOT NULL, docs BLOB NOT NULL) WITHOUT ROWID;
                 INSERT INTO old_${seg} (term, n, docs) SELECT term, n, substr(docs, 1, n * 5) FROM seg_${seg} ORDER BY term;
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

/** The layout of every segment of an index file as listed (2: old, 3: terms apart; null: not listed, an old file) and its table's SQL. */
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
