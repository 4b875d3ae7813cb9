import { AppError } from '../../foundation/errors';
import type { LexicalIndex } from './lexical-index';
import type { VectorSide } from './index-vectors';
import type { Chunk, IndexProgress } from './types';
import type { VectorIndex } from './vector-index';

/** Chunks analysed into the lexical index in one go without Chroma (~2 ms a chunk on a busy 2-core machine). */
const LEXICAL_BATCH = 64;

/** Indexes chunks: in Chroma (when configured) and, a batch once Chroma has it, in the lexical index. */
export async function upsertChunks(lexical: LexicalIndex, side: VectorSide | null, chunks: Chunk[], onProgress?: IndexProgress): Promise<void> {
  if (chunks.length === 0) return;
  // A batch goes to the lexical index once Chroma has it (never ahead of it), while Chroma takes the next batch.
  // The lexical index takes it LEXICAL_BATCH chunks at a time, the event loop free between two (analysing a
  // big file's chunks at once held it for seconds: ~2 ms a chunk on a busy 2-core machine).
  let indexed = 0;
  const toLexical = async (batch: Chunk[]) => {
    for (let i = 0; i < batch.length; i += LEXICAL_BATCH) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const part = batch.slice(i, i + LEXICAL_BATCH);
      lexical.upsert(part);
      indexed += part.length;
      onProgress?.(indexed, chunks.length);
    }
  };
  if (side) {
    const { vectors } = side;
    await side.whenUp(async () => { if (!(await vectors.needsReindex())) await vectors.upsert(chunks.slice(indexed), undefined, toLexical); });
  }
  // Without Chroma, or what it did not take.
  if (indexed < chunks.length) await toLexical(chunks.slice(indexed));
}

/** Rebuilds the vector index from the chunks the lexical index holds; returns how many were written. */
export async function reindexVectors(
  lexical: LexicalIndex, vectors: VectorIndex | null, { signal, onProgress }: { signal?: AbortSignal; onProgress?: IndexProgress } = {},
): Promise<number> {
  if (!vectors) throw new AppError('not_configured', 'Reindexing needs Chroma: no Chroma URL is configured.');
  const total = lexical.count();
  await vectors.reset();
  let done = 0;
  for (const batch of lexical.batches(256)) {
    signal?.throwIfAborted();
    await vectors.upsert(batch, signal);
    done += batch.length;
    onProgress?.(done, total);
  }
  if (done === 0) onProgress?.(0, 0);
  return done;
}
