/**
 * The search part of the composition root (core/composition/services.ts). Needs: the config, the shared state (its pool
 * and catalog), the log. Makes: the search index (Chroma supervised when CHROMA_URL is unset; the change feed
 * with DATABASE_URL; a damaged lexical index set aside), the reranker on it, and whether it must be rebuilt.
 */
import { renameSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../engines/catalog/types';
import type { Config } from '../foundation/config';
import { AppError, isAppError } from '../foundation/errors';
import type { LogLine } from '../foundation/log';
import { superviseChroma, type ChromaSupervisor } from '../engines/search/chroma-supervisor';
import { createFeedSearchIndex } from '../engines/search/feed';
import { createHashEmbedder } from '../engines/search/hash-embedder';
import { createSearchIndex } from '../engines/search/index';
import { createOnnxEmbedder } from '../engines/search/onnx-embedder';
import { createOpenAiEmbedder } from '../engines/search/openai-embedder';
import { rerankerFromConfig } from '../engines/search/reranked';
import type { Embedder, MaintainedSearchIndex } from '../engines/search/types';
import type { SharedState } from './shared-state';
import type { Cleanups } from './cleanups';

export interface SearchPart { search: MaintainedSearchIndex; chroma: ChromaSupervisor | null; rebuildIndex: boolean }

export async function openSearch(config: Config, shared: SharedState, o: { log: LogLine; warn?: (msg: string) => void; cleanups: Cleanups }): Promise<SearchPart> {
  const { log, cleanups } = o;
  let chromaUrl = config.search.chromaUrl;
  let chromaSupervisor: ChromaSupervisor | null = null;
  if (!chromaUrl) {
    if (shared.pool) log('DATABASE_URL is set but CHROMA_URL is not: this process starts its own Chroma, so its vectors are not shared with other servers');
    // Supervised: restarted on the same port when it dies, while writes wait for it (writeWaitMs).
    const chroma = await superviseChroma({ dataDir: path.join(config.dataDir, 'chroma'), port: config.search.chromaPort || undefined, log });
    chromaSupervisor = chroma;
    cleanups.push(() => chroma.stop());
    chromaUrl = chroma.url;
  }
  if (shared.pool && config.storage.kind === 'local') {
    log('DATABASE_URL is set but files are stored on local disk: other servers and workers cannot read them (set S3_ENDPOINT/S3_BUCKET)');
  }
  const searchDir = path.join(config.dataDir, 'search');
  const indexOptions = { chromaUrl, collection: config.search.chromaCollection, embedder: createEmbedder(config.search), writeWaitMs: config.search.chromaWaitMs, log };
  let rebuildIndex = false;
  let search: MaintainedSearchIndex;
  if (shared.pool) {
    // Several processes: each keeps its lexical copy on its own disk (its data folder), built from PostgreSQL
    // and kept current by the change feed; a restart applies the changes since its last run.
    const local = await createSearchIndex({ dataDir: path.join(searchDir, 'from-postgres'), ...indexOptions });
    search = await createFeedSearchIndex({ index: local, pool: shared.pool, log });
  } else {
    search = await createSearchIndex({ dataDir: searchDir, ...indexOptions }).catch(async (e) => {
      // A damaged lexical index is set aside and rebuilt from the stored text, rather than blocking the start.
      const damaged = isAppError(e) ? (e.details?.damagedFile as string | undefined) : undefined;
      if (!damaged) throw e;
      renameSync(damaged, `${damaged}.damaged-${Date.now()}`);
      log(`${e.message} It was set aside; rebuilding the index from the stored text.`);
      rebuildIndex = true;
      return createSearchIndex({ dataDir: searchDir, ...indexOptions });
    });
  }
  cleanups.push(() => search.close());
  // RERANK_URL: retrieve() puts the fused candidates in the reranker's order (core/engines/search/reranked.ts); unset, nothing changes.
  const reranker = rerankerFromConfig(config.search.rerank, { warn: o.warn ?? log });
  if (reranker) search = { ...search, reranker };
  if (!shared.pool && !rebuildIndex && (await search.count()) === 0 && (await hasIndexedItems(shared.catalog))) {
    // A restored backup (the index is left out of it) or a lost index folder: rebuilt from the stored text.
    log('The search index is empty but the catalog has indexed items (a restored backup?): rebuilding it from the stored text.');
    rebuildIndex = true;
  }
  return { search, chroma: chromaSupervisor, rebuildIndex };
}

function createEmbedder(s: Config['search']): Embedder {
  switch (s.embedder) {
    case 'hash':
      return createHashEmbedder();
    case 'openai':
      return createOpenAiEmbedder({
        baseUrl: s.embeddingsUrl!, apiKey: s.embeddingsApiKey ?? undefined, model: s.embeddingsModel ?? 'text-embedding-3-small',
        dimension: s.embeddingsDimension ?? undefined,
      });
    case 'onnx':
      return createOnnxEmbedder({ modelDir: s.embeddingsModelDir!, dimension: s.embeddingsDimension ?? undefined });
    default: {
      const never: never = s.embedder;
      throw new AppError('validation', `Unknown embedder ${String(never)}`);
    }
  }
}

/** Whether some completed item has chunks (so an empty index means a lost one). */
async function hasIndexedItems(catalog: Catalog): Promise<boolean> {
  for (const type of ['document', 'presentation', 'video'] as const) {
    if (await catalog.items(type).find({ where: { status: 'completed' }, filter: (i) => (i as { chunkCount?: number }).chunkCount! > 0 })) return true;
  }
  return false;
}
