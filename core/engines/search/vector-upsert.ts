import type { ChromaCollection } from './vector-collection';
import type { Chunk, Embedder } from './types';

/** The text a chunk is embedded by: its heading (when it has one) and its text. */
const embeddedText = (c: Chunk) => (c.heading ? `${c.heading}\n${c.text}` : c.text);

/**
 * Writes chunks `batchSize` at a time in two slots: one batch in Chroma's hands (its own process) while the next
 * is embedded. A batch is handed to `onWritten` once Chroma confirmed it and the next batch has left, so that
 * work overlaps Chroma's.
 */
export async function upsertInBatches(
  chroma: ChromaCollection, embedder: Embedder, batchSize: number,
  chunks: Chunk[], signal?: AbortSignal, onWritten?: (batch: Chunk[]) => void | Promise<void>,
): Promise<void> {
  if (chunks.length === 0) return;
  const c = await chroma.writable();
  let sent: { batch: Chunk[]; done: Promise<void> } | null = null;
  try {
    for (let i = 0; i < chunks.length; i += batchSize) {
      signal?.throwIfAborted();
      const batch = chunks.slice(i, i + batchSize);
      const embeddings = await embedder.embed(batch.map(embeddedText), signal, batch.map((c) => c.language)); // judged once, by the chunker
      const confirmed = sent;
      sent = null;
      if (confirmed) await confirmed.done;
      signal?.throwIfAborted();
      sent = { batch, done: chroma.write(chroma.writeBatch(c, batch, embeddings), 'writing chunks').catch((e: unknown) => { throw chroma.unavailable(e, 'writing chunks'); }) };
      sent.done.catch(() => {}); // awaited in the next turn or below; not an unhandled rejection meanwhile
      if (confirmed) {
        await new Promise((resolve) => setImmediate(resolve)); // the request leaves before the overlapping work
        await onWritten?.(confirmed.batch);
      }
    }
    const last = sent;
    sent = null;
    if (last) {
      await last.done;
      await onWritten?.(last.batch);
    }
  } finally {
    // Stopped early (a failed embedding or write, an abort): the write under way ends before this returns.
    if (sent) await sent.done.catch(() => {});
  }
}
