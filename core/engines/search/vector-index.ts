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
import { ChromaClient, type Collection, type Metadata } from 'chromadb';
import { withDeadline } from '../../foundation/deadline';
import { AppError, isAppError } from '../../foundation/errors';
import type { ContentType } from '../../foundation/types';
import type { Chunk, Embedder, SearchFilters } from './types';

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

/** What Chroma keeps beside a chunk's embedding: the fields `toWhere` filters on. */
type ChunkMeta = Metadata & { itemType: string; itemId: number; language: string };

const toMetadata = (c: Chunk): ChunkMeta => ({ itemType: c.itemType, itemId: c.itemId, language: c.language });

/** The text a chunk is embedded by: its heading (when it has one) and its text. */
const embeddedText = (c: Chunk) => (c.heading ? `${c.heading}\n${c.text}` : c.text);

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
  const name = options.collection ?? 'chunks';
  const batchSize = options.batchSize ?? 256;
  const parsed = new URL(url);
  const client = new ChromaClient({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)),
    ssl: parsed.protocol === 'https:',
  });
  let collection: Collection | null = null;
  let mismatch: string | null = null;
  const readMs = options.readDeadlineMs ?? 2_500;
  const writeMs = options.writeDeadlineMs ?? 30_000;
  /** Every call to Chroma has a deadline: a stopped or hung server fails the call, it does not hold it. */
  const read = <T>(p: Promise<T>, what: string) => withDeadline(p, readMs, `The search index (Chroma at ${url}), ${what},`);
  const write = <T>(p: Promise<T>, what: string) => withDeadline(p, writeMs, `The search index (Chroma at ${url}), ${what},`);

  const unavailable = (e: unknown, what: string): AppError => {
    if (isAppError(e)) return e;
    collection = null; // re-open next time: the server may have restarted or lost the collection
    const msg = e instanceof Error ? e.message : String(e);
    return new AppError('unavailable', `The search index (Chroma at ${url}) is not reachable: ${what} failed: ${msg}`, { cause: e });
  };

  const open = async (): Promise<Collection> => {
    if (collection) return collection;
    // Embedders that learn their size from the first answer (OpenAI-compatible) are asked once here.
    if (!embedder.dimension) await embedder.embed(['dimension probe']);
    try {
      const c = await read(client.getOrCreateCollection({
        name,
        embeddingFunction: null,
        metadata: { embedder: embedder.id, dimension: embedder.dimension },
        configuration: { hnsw: { space: 'cosine' } },
      }), 'opening the collection');
      const meta = c.metadata ?? {};
      mismatch = meta.embedder !== embedder.id || Number(meta.dimension) !== embedder.dimension
        ? `built with ${String(meta.embedder)} (${String(meta.dimension)} dimensions), configured ${embedder.id} (${embedder.dimension})`
        : null;
      collection = c;
      return c;
    } catch (e) {
      throw unavailable(e, 'opening the collection');
    }
  };

  let base64: boolean | undefined;
  /**
   * One upsert request. Where the server takes base64 embeddings (Chroma 1.x), the request the client
   * would send is built here: the client checks every number and base64-encodes byte by byte, most of
   * this process's share of a write (~60 ms per 256 chunks of 512 dimensions) and a million short strings
   * for the garbage collector.
   */
  const writeBatch = async (c: Collection, batch: Chunk[], embeddings: number[][]): Promise<void> => {
    const records = { ids: batch.map((b) => b.id), metadatas: batch.map(toMetadata) };
    base64 ??= await client.supportsBase64Encoding();
    if (!base64) return c.upsert({ ...records, embeddings });
    const at = `${parsed.protocol}//${parsed.host}/api/v2/tenants/${encodeURIComponent(c.tenant)}/databases/${encodeURIComponent(c.database)}/collections/${encodeURIComponent(c.id)}/upsert`;
    const res = await fetch(at, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Little-endian float32 as the client packs them (Float32Array in this machine's byte order, as the client's).
      body: JSON.stringify({ ...records, embeddings: embeddings.map((e) => Buffer.from(new Float32Array(e).buffer).toString('base64')) }),
    });
    const answer = await res.text();
    if (!res.ok) throw new Error(`Chroma answered ${res.status}: ${answer.slice(0, 300)}`);
  };

  const writable = async (): Promise<Collection> => {
    const c = await open();
    if (mismatch) throw new AppError('conflict', `The vector index was ${mismatch}; run \`cms reindex\` to rebuild it.`);
    return c;
  };

  return {
    url,
    async needsReindex() {
      await open();
      return mismatch !== null;
    },

    async upsert(chunks, signal, onWritten) {
      if (chunks.length === 0) return;
      const c = await writable();
      // Two slots: one batch in Chroma's hands (its own process) while the next is embedded. A batch is
      // handed to `onWritten` once Chroma confirmed it and the next batch has left, so that work overlaps Chroma's.
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
          sent = { batch, done: write(writeBatch(c, batch, embeddings), 'writing chunks').catch((e: unknown) => { throw unavailable(e, 'writing chunks'); }) };
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
    },

    async search(query, k, filters) {
      const c = await writable();
      const [embedding] = await withDeadline(embedder.embed([query]), Math.max(readMs, 5_000), `The embedding model (${embedder.id})`);
      try {
        const res = await read(c.query({
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
        throw unavailable(e, 'querying');
      }
    },

    async deleteItem(itemType, itemId) {
      const c = await open();
      try {
        await write(c.delete({ where: { $and: [{ itemType }, { itemId }] } as never }), 'deleting an item');
      } catch (e) {
        throw unavailable(e, 'deleting an item');
      }
    },

    async reset() {
      try {
        await write(client.deleteCollection({ name }).catch((e: unknown) => {
          if (!/not (be )?found|does not exist/i.test(String((e as Error)?.message))) throw e;
        }), 'dropping the collection');
      } catch (e) {
        throw unavailable(e, 'dropping the collection');
      }
      collection = null;
      mismatch = null;
      await open();
    },

    async count() {
      const c = await open();
      try {
        return await read(c.count(), 'counting');
      } catch (e) {
        throw unavailable(e, 'counting');
      }
    },

    async heartbeat() {
      try {
        await read(client.heartbeat(), 'heartbeat');
      } catch (e) {
        throw unavailable(e, 'heartbeat');
      }
    },
  };
}
