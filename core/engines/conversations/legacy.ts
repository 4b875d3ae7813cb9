import type { Catalog } from '../catalog/types';
import type { ConversationStore } from './types';

/**
 * Moves conversations that earlier versions kept in the catalog file
 * (chatMessages, ragTurns) into the conversation store, once, then empties
 * them from the catalog. Each question and its answer become one exchange
 * (so the dashboard's count carries over); the store gives new positions.
 */
export async function importLegacyConversations(catalog: Catalog, store: ConversationStore, log: (msg: string) => void): Promise<void> {
  const chatMessages = await catalog.chatMessages.list();
  const ragTurns = await catalog.ragTurns.list();
  if (!chatMessages.length && !ragTurns.length) return;
  const byRef = <T extends { referenceId: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.referenceId, [...(m.get(r.referenceId) ?? []), r]);
    return m;
  };
  // A user message opens an exchange; the bot's answer(s) after it belong to it.
  const exchanges = <T extends { role: string }>(rows: T[]) => {
    const out: T[][] = [];
    for (const r of rows) {
      if (r.role === 'user' || !out.length) out.push([r]);
      else out[out.length - 1].push(r);
    }
    return out;
  };
  for (const [ref, rows] of byRef([...chatMessages].sort((a, b) => a.seq - b.seq))) {
    for (const ex of exchanges(rows)) await store.append('chat', ref, ex.map(({ id: _i, seq: _s, referenceId: _r, dateTime: _d, ...data }) => data));
  }
  for (const [ref, rows] of byRef([...ragTurns].sort((a, b) => a.id - b.id))) {
    for (const ex of exchanges(rows)) await store.append('search', ref, ex.map(({ id: _i, referenceId: _r, ...data }) => data));
  }
  await catalog.transaction(async () => {
    await catalog.chatMessages.removeWhere(() => true);
    await catalog.ragTurns.removeWhere(() => true);
  });
  log(`Moved ${chatMessages.length} chat messages and ${ragTurns.length} search turns out of the catalog into the conversation store`);
}
