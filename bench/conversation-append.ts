import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalog } from '../core/engines/catalog/catalog';
import { openFileConversationStore } from '../core/engines/conversations/file-store';
import { percentile } from './proc';

/**
 * The write cost that chose the embedded conversation store: one exchange
 * appended with `stored` messages already kept, in the catalog file (the
 * old place: the whole file is rewritten) and in the file-per-conversation
 * store (one append to that conversation's file).
 */
export async function conversationAppend(stored = 20_000, writes = 100) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-append-'));
  try {
    const msg = (i: number, ref: string) => ({
      referenceId: ref, role: 'user' as const, message: 'The M2 motor has a five year warranty. '.repeat(4),
      output: null, file: null, contentType: null, dateTime: new Date(i).toISOString(), userLanguage: 'en',
    });
    const catalog = openCatalog(path.join(dir, 'catalog'));
    await catalog.chatMessages.append(Array.from({ length: stored }, (_, i) => msg(i, `conv_${Math.floor(i / 10)}`)));
    const lowdb: number[] = [];
    for (let i = 0; i < writes; i++) {
      const t = performance.now();
      await catalog.chatMessages.append([msg(stored + i, 'conv_bench'), msg(stored + i, 'conv_bench')]);
      lowdb.push(performance.now() - t);
    }
    const store = await openFileConversationStore({ dir: path.join(dir, 'conversations'), pruneEveryMs: 0 });
    for (let i = 0; i < stored / 2; i++) await store.append('chat', `conv_${Math.floor(i / 5)}`, [msg(i, ''), msg(i, '')]);
    const files: number[] = [];
    for (let i = 0; i < writes; i++) {
      const t = performance.now();
      await store.append('chat', `conv_${i % 50}`, [msg(i, ''), msg(i, '')]);
      files.push(performance.now() - t);
    }
    await store.close();
    return {
      stored,
      catalogFile: { p50: percentile(lowdb, 50), p99: percentile(lowdb, 99) },
      filePerConversation: { p50: percentile(files, 50), p99: percentile(files, 99) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
