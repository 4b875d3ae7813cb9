import type pg from 'pg';
import { dbError } from '../postgres/pool';
import type { ContentType } from '../../foundation/types';
import type { LexicalIndex } from './lexical-index';
import type { Chunk } from './types';

/**
 * This process's lexical copy kept to the search change feed (./feed.ts):
 * the feed position applied so far (`last`, kept with the lexical file as
 * `feedSeq`), the catch-up under way, and the poll timer.
 */

type ChangeRow = { seq: string; op: 'upsert' | 'delete' | 'clear'; item_type: ContentType | null; item_id: number | null; chunk_ids: string[] | null };

/** Feed rows read in one page. */
const PAGE = 500;

export class FeedFollower {
  private last = 0;
  private closed = false;
  private catching: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly lexical: LexicalIndex,
    private readonly log: (msg: string) => void,
  ) {}

  /** Applies every change committed so far; one catch-up at a time (callers share the one under way). */
  readonly catchUp = (): Promise<void> => (this.catching ??= this.applyChanges().finally(() => (this.catching = null)));

  /** Brings the copy up to date: from the feed when it still holds every change since the kept file, else from the stored chunks. */
  async start(): Promise<void> {
    const { lexical, pool } = this;
    // A lexical file kept from an earlier run is brought up to date from the feed when the feed still holds every change since.
    const kept = Number(lexical.getMeta('feedSeq') ?? 0);
    const oldest = kept > 0 ? await pool.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM search_changes') : null;
    if (oldest?.rows[0].seq != null && Number(oldest.rows[0].seq) <= kept + 1) {
      this.last = kept;
      await this.catchUp();
      this.log(`Search: lexical index kept from the last run (${lexical.count()} chunks), changes since applied; following the change feed`);
    } else {
      await this.rebuild();
      this.log(`Search: lexical index built from PostgreSQL (${lexical.count()} chunks); following the change feed`);
    }
  }

  /** Reads the feed every `pollMs`, and removes feed rows older than `keepMs` about once a minute. */
  follow(pollMs: number, keepMs: number): void {
    let ticks = 0;
    this.timer = setInterval(() => {
      if (this.closed) return;
      void this.catchUp().catch((e: Error) => this.log(`Reading the search change feed failed: ${e.message}`));
      if (++ticks % Math.max(1, Math.round(60_000 / pollMs)) === 0) {
        void this.pool.query('DELETE FROM search_changes WHERE at < now() - make_interval(secs => $1)', [keepMs / 1000]).catch(() => {});
      }
    }, pollMs);
    this.timer.unref();
  }

  /**
   * Brings the lexical copy to the feed's order up to this process's own
   * change `seq`. A write applies itself to the copy at once, but a poll
   * that read an older change (say, this item's delete) before the write
   * would apply it after, undoing the write here until the next poll: an
   * item re-indexed on a new version went unfound for a moment after it
   * was live. Replaying the feed up to the write before returning closes
   * that window: whoever reads after a write sees the feed's state.
   */
  async caughtUpTo(seq: number): Promise<void> {
    try {
      while (this.last < seq && !this.closed) await this.catchUp();
    } catch (e) {
      this.log(`Reading the search change feed failed: ${(e as Error).message}`);
    }
  }

  /** Stops following; resolves once the catch-up under way ended. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.catching?.catch(() => {});
  }

  /** The feed position is kept with the lexical file, so a restart only applies what changed since. */
  private setLast(seq: number) {
    this.last = seq;
    this.lexical.setMeta('feedSeq', String(seq));
  }

  /** Builds the lexical copy from the stored chunks, as of one snapshot of the feed, a page at a time. */
  private async rebuild() {
    const { lexical } = this;
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const head = await c.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM search_changes');
      lexical.clear();
      for (let after = ''; ;) {
        const rows = await c.query<{ id: string; chunk: Chunk }>('SELECT id, chunk FROM search_chunks WHERE id > $1 ORDER BY id LIMIT 2000', [after]);
        if (rows.rows.length === 0) break;
        lexical.upsert(rows.rows.map((r) => r.chunk));
        after = rows.rows[rows.rows.length - 1].id;
      }
      await c.query('COMMIT');
      this.setLast(Number(head.rows[0].seq));
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw dbError(e, 'to build the search index from the stored chunks');
    } finally {
      c.release();
    }
  }

  /** Applies the feed's rows after `last`, a page at a time; rebuilds when the rows after `last` were pruned. */
  private async applyChanges() {
    const { pool } = this;
    const oldest = await pool.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM search_changes');
    if (oldest.rows[0].seq !== null && Number(oldest.rows[0].seq) > this.last + 1 && this.last > 0) {
      this.log('This server fell behind the search change feed: rebuilding its lexical index from the stored chunks');
      await this.rebuild();
      return;
    }
    for (;;) {
      const r = await pool.query<ChangeRow>(`SELECT seq, op, item_type, item_id, chunk_ids FROM search_changes WHERE seq > $1 ORDER BY seq LIMIT ${PAGE}`, [this.last]);
      for (const ch of r.rows) {
        if (ch.op === 'clear') this.lexical.clear();
        else if (ch.op === 'delete') this.lexical.deleteItem(ch.item_type!, ch.item_id!);
        else {
          const rows = await pool.query<{ chunk: Chunk }>('SELECT chunk FROM search_chunks WHERE id = ANY($1)', [ch.chunk_ids]);
          if (rows.rows.length) this.lexical.upsert(rows.rows.map((x) => x.chunk));
        }
        this.last = Number(ch.seq);
      }
      if (r.rows.length) this.setLast(this.last);
      if (r.rows.length < PAGE) return;
    }
  }
}
