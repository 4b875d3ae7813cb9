/** Search: Chroma, the embedder (EMBEDDER, EMBEDDINGS_*) and the reranker (RERANK_*). */
import type { EnvReader } from './read';
import type { Config } from './types';

export function searchConfig(r: EnvReader): Config['search'] {
  const { str, int, url, problems } = r;
  const embedder = str('EMBEDDER', 'hash')!;
  if (!['hash', 'openai', 'onnx'].includes(embedder)) problems.push(`EMBEDDER must be hash, openai or onnx (got "${embedder}")`);
  if (embedder === 'openai' && !str('EMBEDDINGS_URL')) problems.push('EMBEDDINGS_URL is required when EMBEDDER=openai');
  if (embedder === 'onnx' && !str('EMBEDDINGS_MODEL_DIR')) problems.push('EMBEDDINGS_MODEL_DIR is required when EMBEDDER=onnx');
  return {
    chromaUrl: url('CHROMA_URL'),
    chromaPort: int('CHROMA_PORT', 0, 0, 65535),
    chromaCollection: chromaCollection(r),
    chromaWaitMs: int('CHROMA_WAIT_S', 120, 0, 3600) * 1000,
    embedder: embedder as Config['search']['embedder'],
    embeddingsUrl: url('EMBEDDINGS_URL'),
    embeddingsApiKey: str('EMBEDDINGS_API_KEY'),
    embeddingsModel: str('EMBEDDINGS_MODEL'),
    embeddingsModelDir: str('EMBEDDINGS_MODEL_DIR'),
    embeddingsDimension: str('EMBEDDINGS_DIMENSION') === null ? null : int('EMBEDDINGS_DIMENSION', 0, 1, 100_000),
    rerank: rerankConfig(r),
  };
}

function rerankConfig({ str, int, url, problems }: EnvReader): Config['search']['rerank'] {
  const api = str('RERANK_API');
  if (api !== null && api !== 'tei' && api !== 'cohere') problems.push(`RERANK_API must be tei or cohere (got "${api}")`);
  const endpoint = url('RERANK_URL');
  if (endpoint !== null && !/^https?:\/\//i.test(endpoint)) problems.push(`RERANK_URL must be an http or https URL (got "${endpoint}")`);
  const timeoutMs = int('RERANK_TIMEOUT_MS', 2000, 50, 120_000);
  const topN = int('RERANK_TOP_N', 30, 1, 1000);
  if (endpoint === null) return null;
  return { url: endpoint, apiKey: str('RERANK_API_KEY'), model: str('RERANK_MODEL'), api: api === 'tei' || api === 'cohere' ? api : null, timeoutMs, topN };
}

function chromaCollection({ str, problems }: EnvReader): string {
  const v = str('CHROMA_COLLECTION', 'chunks')!;
  // Chroma's own rule for a collection name.
  if (/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$/.test(v) && !v.includes('..')) return v;
  problems.push(`CHROMA_COLLECTION must be 3-512 letters, digits, dots, dashes or underscores, starting and ending with a letter or digit (got "${v}")`);
  return 'chunks';
}
