import type pg from 'pg';
import { CHANNEL } from './pg-catalog-db';

/**
 * Changes other processes announce on the catalog's channel (LISTEN on a
 * connection of its own, listened again a second after it failed), told to
 * the functions subscribed; this process's own announcements (its `origin`) are not.
 */
export class CatalogListener {
  private readonly listeners = new Set<() => void>();
  private listener: pg.PoolClient | null = null;
  private closed = false;

  constructor(private readonly pool: pg.Pool, private readonly origin: string, private readonly log: (msg: string) => void) {}

  async listen(): Promise<void> {
    try {
      const c = await this.pool.connect();
      c.on('notification', (n) => {
        try {
          if (JSON.parse(n.payload ?? '{}').origin === this.origin) return;
        } catch { /* not ours */ }
        for (const f of this.listeners) f();
      });
      c.on('error', () => {
        this.listener = null;
        c.release(true);
        if (!this.closed) setTimeout(() => void this.listen(), 1000).unref();
      });
      await c.query(`LISTEN ${CHANNEL}`);
      this.listener = c;
    } catch (e) {
      this.log(`Listening for catalog changes failed: ${(e as Error).message}; workers still look for work on their timer`);
    }
  }

  /** Calls `fn` on each change announced by another process; returns the unsubscribe. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      this.listener.release();
      this.listener = null;
    }
  }
}
