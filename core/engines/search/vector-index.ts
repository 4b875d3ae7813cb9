/**
 * The vector side of search: one Chroma collection of chunk embeddings
 * (cosine space), embeddings computed by our Embedder and passed in
 * (`embeddingFunction: null`). Chroma holds each chunk's embedding and the
 * three fields searches filter on (item type, item id, language), not its
 * text: the lexical index holds the chunks (core/engines/search/index.ts reads a
 * hit's chunk there), and a document stored in Chroma would be written to
 * its full-text index too, measured as a third of a 200-page PDF's import.
 * The collection metadata records the
 * embedder id and dimension; when they differ from the configured
 * embedder the index reports `needsReindex` and takes no writes or queries
 * until `reset()` rebuilds the collection. Chroma failures become
 * AppError('unavailable').
 */
import { withDeadline } from '../../foundation/deadline';
import type { ContentType } from '../../foundation/types';
import type { Chunk, Embedder, SearchFilters } from './types';
import { ChromaCollection, type ChunkMeta } from './vector-collection';
import { upsertInBatches } from './vector-upsert';

/** A chunk Chroma found near the query: its id and the fields stored beside its embedding. */
export interface VectorHit { id: string; score: number; itemType: ContentType; itemId: number; language: string }

export interface VectorIndex {
  readonly url: string;
  /** True when the collection was built by another embedder (or dimension). */
  needsReindex(): Promise<boolean>;
  /**
   * Writes chunks in batches; `onWritten` is told of each batch once Chroma has it, while the next
   * batch is being written (what it does then overlaps Chroma's own work on that next batch).
   */
  upsert(chunks: Chunk[], signal?: AbortSignal, onWritten?: (batch: Chunk[]) => void | Promise<void>): Promise<void>;
  search(query: string, k: number, filters?: SearchFilters): Promise<VectorHit[]>;
  deleteItem(itemType: ContentType, itemId: number): Promise<void>;
  /** Drops and recreates the collection for the configured embedder. */
  reset(): Promise<void>;
  count(): Promise<number>;
  heartbeat(): Promise<void>;
}

export interface VectorIndexOptions {
  /** Chroma base URL, e.g. http://127.0.0.1:8000 */
  url: string;
  embedder: Embedder;
  /** Collection name (default 'chunks'). */
  collection?: string;
  /** Records per Chroma write (default 256). */
  batchSize?: number;
  /** Deadline of a query, count, heartbeat or collection open (default 2.5 s). */
  readDeadlineMs?: number;
  /** Deadline of one write batch, delete or reset (default 30 s). */
  writeDeadlineMs?: number;
}

/** Chroma `where` for our filters (undefined when none). */
export function toWhere(filters?: SearchFilters): Record<string, unknown> | undefined {
  const clauses: Record<string, unknown>[] = [];
  if (filters?.itemType) clauses.push({ itemType: filters.itemType });
  if (filters?.itemIds) clauses.push({ itemId: { $in: filters.itemIds } });
  if (filters?.language) clauses.push({ language: filters.language });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

export function createVectorIndex(options: VectorIndexOptions): VectorIndex {
  const { url, embedder } = options;
  const batchSize = options.batchSize ?? 256;
  const readMs = options.readDeadlineMs ?? 2_500;
  const chroma = new ChromaCollection({ url, embedder, name: options.collection ?? 'chunks', readMs, writeMs: options.writeDeadlineMs ?? 30_000 });

  return {
    url,
    async needsReindex() {
      await chroma.open();
      return chroma.mismatch !== null;
    },

    upsert: (chunks, signal, onWritten) => upsertInBatches(chroma, embedder, batchSize, chunks, signal, onWritten),

    async search(query, k, filters) {
      const c = await chroma.writable();
      const [embedding] = await withDeadline(embedder.embed([query]), Math.max(readMs, 5_000), `The embedding model (${embedder.id})`);
      try {
        const res = await chroma.read(c.query({
          queryEmbeddings: [embedding], nResults: k, where: toWhere(filters) as never,
          include: ['metadatas', 'distances'] as never,
        }), 'querying');
        const ids = res.ids[0] ?? [];
        return ids.map((id, i) => {
          const meta = (res.metadatas?.[0]?.[i] ?? {}) as Partial<ChunkMeta>;
          // cosine distance in [0, 2] -> similarity in [-1, 1]
          const score = 1 - (res.distances?.[0]?.[i] ?? 1);
          return { id, score, itemType: meta.itemType as ContentType, itemId: Number(meta.itemId), language: String(meta.language ?? 'und') };
        });
      } catch (e) {
        throw chroma.unavailable(e, 'querying');
      }
    },

    async deleteItem(itemType, itemId) {
      const c = await chroma.open();
      try {
        await chroma.write(c.delete({ where: { $and: [{ itemType }, { itemId }] } as never }), 'deleting an item');
      } catch (e) {
        throw chroma.unavailable(e, 'deleting an item');
      }
    },

    reset: () => chroma.reset(),

    async count() {
      const c = await chroma.open();
      try {
        return await chroma.read(c.count(), 'counting');
      } catch (e) {
        throw chroma.unavailable(e, 'counting');
      }
    },

    async heartbeat() {
      try {
        await chroma.read(chroma.client.heartbeat(), 'heartbeat');
      } catch (e) {
        throw chroma.unavailable(e, 'heartbeat');
      }
    },
  };
}
