import type { Db } from './pg-catalog-db';
import { PgCollection } from './pg-collection';
import type { MessageLog, StoredChatMessage } from './types';

/** Chat messages of earlier versions in the PostgreSQL catalog (moved to the conversation store at start); kept by seq. */
export function pgChatMessages(db: Db): MessageLog {
  const messages = new PgCollection<StoredChatMessage & { id: any }>(db, 'chatMessages', 'Message');
  const bySeq = (rows: StoredChatMessage[]) => rows.sort((a, b) => a.seq - b.seq);
  return {
    list: async (filter) => bySeq(await messages.list(filter ? { filter } : undefined)),
    count: () => messages.count(),
    append: (rows) => db.atomic(async () => {
      const out: StoredChatMessage[] = [];
      for (const row of rows) {
        const r = await db.run<{ data: StoredChatMessage }>(
          `WITH n AS (SELECT nextval('catalog_ids') AS seq)
           INSERT INTO catalog_rows (collection, id, data) SELECT 'chatMessages', n.seq, $1::jsonb || jsonb_build_object('id', 'm' || n.seq, 'seq', n.seq) FROM n RETURNING data`,
          [JSON.stringify(row)],
        );
        out.push(r.rows[0].data);
      }
      return out;
    }),
    removeWhere: (pred) => db.atomic(async () => {
      const gone = (await messages.list({ filter: pred })).map((m) => m.seq);
      if (gone.length) await db.run("DELETE FROM catalog_rows WHERE collection = 'chatMessages' AND id = ANY($1::bigint[])", [gone]);
      return gone.length;
    }),
  };
}
