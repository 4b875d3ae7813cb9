/**
 * The segment tables of the lexical index (./lexical-segments.ts) and the list of them in document order:
 * made, registered, swapped in for the segments a merge replaced, dropped; the numbers of tables not yet
 * registered; and the write gate a merge worker gives way to.
 */
import type Database from 'better-sqlite3';
import { createSegmentTable } from './lexical-merge';
import { encodePostings, SEGMENT_LAYOUT, type Postings } from './lexical-postings';

export const CURRENT_LAYOUT = SEGMENT_LAYOUT.packed;

export interface Segment { seg: number; level: number; postings: number; layout: number; get: Database.Statement<[string], { n: number; docs: Buffer }> }

/**
 * Writes of this connection, counted in `pause` (a merge worker gives way while above 0): `writing` runs
 * one, `writeTx` one immediate transaction (a deferred one that read first could not take the lock after a
 * worker's commit).
 */
export function createWriteGate(db: Database.Database) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const writing = <T>(fn: () => T): T => {
    Atomics.add(pause, 0, 1);
    try {
      return fn();
    } finally {
      Atomics.sub(pause, 0, 1);
      Atomics.notify(pause, 0);
    }
  };
  const writeTx = <T>(fn: () => T): T => writing(() => db.transaction(fn).immediate());
  return { pause: pause.buffer as SharedArrayBuffer, writing, writeTx };
}
export type WriteGate = ReturnType<typeof createWriteGate>;

export interface SegmentTables {
  /** The written segments in document order (levels never rise along it). */
  list(): Segment[];
  /** Reads the list from the database. */
  load(): void;
  /** Writes sorted (term, postings) pairs into a new segment table of `level`, appended to the list. */
  create(level: number, fill: (put: (term: string, p: Postings) => void) => void): Segment;
  drop(s: Segment): void;
  dropAll(): void;
  /**
   * The merged table `into` registered in place of `group` (in the caller's transaction): the merged
   * tables dropped (or, `dropTables` false, only unlisted: a merge worker drops them), the segment list
   * made new in place of the first merged segment.
   */
  swapIn(group: Segment[], into: number, level: number, postings: number, dropTables?: boolean): void;
  /** A number for a new table: above every registered one and every one being made. */
  nextSeg(): number;
  /** Tables a merge made or is making that are not registered yet: their numbers are not given to other segments. */
  unregistered: Set<number>;
  /** Numbers of the segment tables no segment lists (`making`: the table a running merge makes, listed). */
  unlisted(making?: number): number[];
}

export function createSegmentTables(db: Database.Database, opts: { lengths?: (prefix: string) => ArrayLike<number>; changed: () => void }): SegmentTables {
  db.exec(`CREATE TABLE IF NOT EXISTS segments (seg INTEGER PRIMARY KEY, level INTEGER NOT NULL, postings INTEGER NOT NULL, layout INTEGER NOT NULL DEFAULT 2);
           CREATE TABLE IF NOT EXISTS segment_state (one INTEGER PRIMARY KEY CHECK (one = 1), written_through INTEGER NOT NULL);
           INSERT OR IGNORE INTO segment_state VALUES (1, 0);`);
  // An index written before layouts were recorded: every segment it holds is of layout 2.
  if (!db.prepare<[], { name: string }>('PRAGMA table_info(segments)').all().some((c) => c.name === 'layout')) {
    db.exec(`ALTER TABLE segments ADD COLUMN layout INTEGER NOT NULL DEFAULT ${SEGMENT_LAYOUT.withoutRowid}`);
  }
  let list: Segment[] = [];
  const unregistered = new Set<number>();
  // Every layout answers the same statements (from layout 3 a table finds a term through its term index).
  const open = (seg: number, level: number, postings: number, layout: number): Segment =>
    ({ seg, level, postings, layout, get: db.prepare(`SELECT n, docs FROM seg_${seg} WHERE term = ?`) });
  const register = (seg: number, level: number, postings: number) =>
    db.prepare('INSERT INTO segments (seg, level, postings, layout) VALUES (?, ?, ?, ?)').run(seg, level, postings, CURRENT_LAYOUT);
  const nextSeg = () => Math.max(db.prepare<[], { m: number | null }>('SELECT max(seg) AS m FROM segments').get()!.m ?? 0, ...unregistered) + 1;
  const drop = (s: Segment) => {
    opts.changed();
    db.exec(`DROP TABLE IF EXISTS seg_${s.seg}`);
    db.prepare('DELETE FROM segments WHERE seg = ?').run(s.seg);
  };

  return {
    list: () => list,
    load() {
      // In document order: levels never rise along it, and within a level the older segment has the lower number
      // (a merge's segment is numbered when it starts, before the segments written while it runs).
      list = db.prepare<[], { seg: number; level: number; postings: number; layout: number }>('SELECT seg, level, postings, layout FROM segments ORDER BY level DESC, seg').all()
        .map((r) => open(r.seg, r.level, r.postings, r.layout));
    },
    create(level, fill) {
      const seg = nextSeg();
      createSegmentTable(db, seg);
      const ins = db.prepare(`INSERT INTO seg_${seg} (term, n, docs) VALUES (?, ?, ?)`);
      let total = 0;
      fill((term, p) => {
        ins.run(term, p.n, encodePostings(p.docs, p.tfs, p.n, opts.lengths?.(term[0])));
        total += p.n;
      });
      register(seg, level, total);
      const made = open(seg, level, total, CURRENT_LAYOUT);
      list.push(made);
      return made;
    },
    drop,
    dropAll() {
      for (const s of [...list]) drop(s);
      list = [];
    },
    swapIn(group, into, level, postings, dropTables = true) {
      register(into, level, postings);
      if (dropTables) for (const s of group) drop(s);
      else {
        // Listed nowhere from now on; the worker drops the tables (a DROP TABLE reads every page of a table: long for a big one).
        opts.changed();
        const unlist = db.prepare('DELETE FROM segments WHERE seg = ?');
        for (const s of group) unlist.run(s.seg);
      }
      // In the place of the first merged segment: the list stays in document order (segments written during a worker merge come after it).
      const at = list.findIndex((s) => group.includes(s));
      const rest = list.filter((s) => !group.includes(s));
      rest.splice(at < 0 ? rest.length : at, 0, open(into, level, postings, CURRENT_LAYOUT));
      list = rest;
    },
    nextSeg,
    unregistered,
    unlisted(making) {
      const listed = new Set(list.map((s) => s.seg));
      if (making !== undefined) listed.add(making);
      return db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'seg_[0-9]*'").pluck().all()
        .map((name) => Number(name.slice(4))).filter((n) => !listed.has(n));
    },
  };
}
