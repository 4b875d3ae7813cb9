import { ChromaClient, type Collection, type Metadata } from 'chromadb';
import { withDeadline } from '../../foundation/deadline';
import { AppError, isAppError } from '../../foundation/errors';
import type { Chunk, Embedder } from './types';

/** What Chroma keeps beside a chunk's embedding: the fields `toWhere` (./vector-index.ts) filters on. */
export type ChunkMeta = Metadata & { itemType: string; itemId: number; language: string };

const toMetadata = (c: Chunk): ChunkMeta => ({ itemType: c.itemType, itemId: c.itemId, language: c.language });

export interface ChromaCollectionOptions {
  url: string;
  embedder: Embedder;
  /** Collection name. */
  name: string;
  /** Deadline of a query, count, heartbeat or collection open. */
  readMs: number;
  /** Deadline of one write batch, delete or reset. */
  writeMs: number;
}

/**
 * One Chroma collection as the vector index (./vector-index.ts) uses it: the
 * client, the collection once opened (re-opened after a failure), whether it
 * was built by another embedder (`mismatch`), and whether the server takes
 * base64 embeddings. Every call to Chroma has a deadline, and its failures
 * become AppError('unavailable').
 */
export class ChromaCollection {
  readonly client: ChromaClient;
  /** Set when the collection was built by another embedder (or dimension): what it was built with. */
  mismatch: string | null = null;
  private collection: Collection | null = null;
  private base64: boolean | undefined;
  private readonly parsed: URL;

  constructor(private readonly options: ChromaCollectionOptions) {
    const parsed = new URL(options.url);
    this.parsed = parsed;
    this.client = new ChromaClient({
      host: parsed.hostname,
      port: Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)),
      ssl: parsed.protocol === 'https:',
    });
  }

  /** Every call to Chroma has a deadline: a stopped or hung server fails the call, it does not hold it. */
  read<T>(p: Promise<T>, what: string): Promise<T> {
    return withDeadline(p, this.options.readMs, `The search index (Chroma at ${this.options.url}), ${what},`);
  }

  write<T>(p: Promise<T>, what: string): Promise<T> {
    return withDeadline(p, this.options.writeMs, `The search index (Chroma at ${this.options.url}), ${what},`);
  }

  unavailable(e: unknown, what: string): AppError {
    if (isAppError(e)) return e;
    this.collection = null; // re-open next time: the server may have restarted or lost the collection
    const msg = e instanceof Error ? e.message : String(e);
    return new AppError('unavailable', `The search index (Chroma at ${this.options.url}) is not reachable: ${what} failed: ${msg}`, { cause: e });
  }

  async open(): Promise<Collection> {
    if (this.collection) return this.collection;
    const { embedder, name } = this.options;
    // Embedders that learn their size from the first answer (OpenAI-compatible) are asked once here.
    if (!embedder.dimension) await embedder.embed(['dimension probe']);
    try {
      const c = await this.read(this.client.getOrCreateCollection({
        name,
        embeddingFunction: null,
        metadata: { embedder: embedder.id, dimension: embedder.dimension },
        configuration: { hnsw: { space: 'cosine' } },
      }), 'opening the collection');
      const meta = c.metadata ?? {};
      this.mismatch = meta.embedder !== embedder.id || Number(meta.dimension) !== embedder.dimension
        ? `built with ${String(meta.embedder)} (${String(meta.dimension)} dimensions), configured ${embedder.id} (${embedder.dimension})`
        : null;
      this.collection = c;
      return c;
    } catch (e) {
      throw this.unavailable(e, 'opening the collection');
    }
  }

  /** The collection, refused with AppError('conflict') when it was built by another embedder. */
  async writable(): Promise<Collection> {
    const c = await this.open();
    if (this.mismatch) throw new AppError('conflict', `The vector index was ${this.mismatch}; run \`cms reindex\` to rebuild it.`);
    return c;
  }

  /** Drops the collection (gone already is fine) and opens it anew for the configured embedder. */
  async reset(): Promise<void> {
    try {
      await this.write(this.client.deleteCollection({ name: this.options.name }).catch((e: unknown) => {
        if (!/not (be )?found|does not exist/i.test(String((e as Error)?.message))) throw e;
      }), 'dropping the collection');
    } catch (e) {
      throw this.unavailable(e, 'dropping the collection');
    }
    this.collection = null;
    this.mismatch = null;
    await this.open();
  }

  /**
   * One upsert request. Where the server takes base64 embeddings (Chroma 1.x), the request the client
   * would send is built here: the client checks every number and base64-encodes byte by byte, most of
   * this process's share of a write (~60 ms per 256 chunks of 512 dimensions) and a million short strings
   * for the garbage collector.
   */
  async writeBatch(c: Collection, batch: Chunk[], embeddings: number[][]): Promise<void> {
    const records = { ids: batch.map((b) => b.id), metadatas: batch.map(toMetadata) };
    this.base64 ??= await this.client.supportsBase64Encoding();
    if (!this.base64) return c.upsert({ ...records, embeddings });
    const { parsed } = this;
    const at = `${parsed.protocol}//${parsed.host}/api/v2/tenants/${encodeURIComponent(c.tenant)}/databases/${encodeURIComponent(c.database)}/collections/${encodeURIComponent(c.id)}/upsert`;
    const res = await fetch(at, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Little-endian float32 as the client packs them (Float32Array in this machine's byte order, as the client's).
      body: JSON.stringify({ ...records, embeddings: embeddings.map((e) => Buffer.from(new Float32Array(e).buffer).toString('base64')) }),
    });
    const answer = await res.text();
    if (!res.ok) throw new Error(`Chroma answered ${res.status}: ${answer.slice(0, 300)}`);
  }
}
