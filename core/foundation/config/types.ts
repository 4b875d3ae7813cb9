import type { LlmProvider } from '../shared/llm-providers';

/**
 * The one typed configuration, read from the environment (and an optional
 * `.env` file) once at the edge (server boot, CLI start) and passed down.
 * Every variable is documented in the README.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | null;
  admin: { username: string; password: string | null };
  /** API token for the CLI and cron scripts; generated into the data folder when unset. */
  apiToken: string | null;
  /** Bearer token that may read GET /api/metrics and nothing else (METRICS_TOKEN); admins may read it too. */
  metricsToken: string | null;
  /** AUTO_APPROVE: every upload is approved on arrival (default false: uploads wait for review before the public sees them). */
  autoApprove: boolean;
  cookieSecure: boolean;
  sessionHours: number;
  /** Bytes that must stay free in the data folder (MIN_FREE_MB): uploads refused, job steps failed below it. */
  minFreeBytes: number;
  uploads: {
    maxBytes: number; idleTimeoutMs: number;
    /** Whole-body deadline of every request that is not a file upload (BODY_TIMEOUT_S). */
    bodyTimeoutMs: number;
    /** File uploads: base plus size at the slowest accepted rate (UPLOAD_TIMEOUT_BASE_S, UPLOAD_MIN_KBPS). */
    uploadBaseMs: number; uploadMinBytesPerSec: number;
  };
  storage:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        endpoint: string | null;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        prefix: string;
      };
  search: {
    chromaUrl: string | null;
    chromaPort: number;
    /** The Chroma collection of this deployment's chunk vectors (several deployments can share one Chroma). */
    chromaCollection: string;
    /** How long index writes (and so jobs) wait for Chroma to come back before failing. */
    chromaWaitMs: number;
    embedder: 'hash' | 'openai' | 'onnx';
    embeddingsUrl: string | null;
    embeddingsApiKey: string | null;
    embeddingsModel: string | null;
    embeddingsModelDir: string | null;
    embeddingsDimension: number | null;
    /** A reranking endpoint (RERANK_URL) that reorders the fused candidates before the answer; null: none. */
    rerank: {
      url: string; apiKey: string | null; model: string | null;
      /** RERANK_API: the request shape; null: from the URL and model (core/engines/search/rerank.ts). */
      api: 'tei' | 'cohere' | null;
      timeoutMs: number;
      /** RERANK_TOP_N: how many fused candidates are sent. */
      topN: number;
    } | null;
  };
  llm: {
    /** Which API the chat model speaks; key, URL and model come from that provider's variables. */
    provider: LlmProvider;
    apiKey: string | null;
    baseUrl: string | null;
    model: string;
    timeoutMs: number;
    maxRetries: number;
    maxTokens: number;
  };
  /** concurrency 0: this process runs no jobs (a server beside `cms worker` processes). */
  worker: { concurrency: number; ocrLanguages: string[]; leaseMs: number };
  /** PostgreSQL shared by several servers; null keeps everything in the data folder. */
  databaseUrl: string | null;
  conversations: { retentionDays: number; maxMessages: number };
  /** Hand-off requests: where each one is POSTed (JSON, signed with the secret as HMAC-SHA256), if anywhere. */
  handoff: { webhookUrl: string | null; webhookSecret: string | null };
  /** Speech to text: an OpenAI-compatible /v1/audio/transcriptions endpoint; offline pocketsphinx (English) otherwise. */
  stt: { url: string | null; apiKey: string | null; model: string | null; timeoutMs: number; maxUploadMb: number; retries: number };
  /** Videos longer than this are refused before any work (the estimate is on the record otherwise). */
  video: { maxMinutes: number };
  translation: {
    /** Use Debian's apertium for the pairs it has (labelled machine translation). */
    apertium: boolean;
    /** Estimated input tokens per LLM translation request. */
    maxInputTokens: number;
    /** Translation memory folder (append-only JSONL per language pair). */
    memoryDir: string;
    glossaryFile: string;
  };
  /** Bounds of every external tool a job runs (see core/foundation/tools/sandbox.ts). */
  tools: { memoryBytes: number; diskBytes: number; timeBaseMs: number; timePerMiBMs: number; isolate: boolean };
  /** Which proxies in front of the server to believe about the client address (TRUST_PROXY). */
  trustProxy: { hops: number; addresses: string[] };
  limits: {
    /** Requests a minute per client address to each public route (public chat, sign-in, media). */
    publicPerMinute: number;
    chatPerMinute: number;
    chatPerMinutePerAddress: number;
    chatMaxMessageChars: number;
    loginPerMinute: number;
    /** Failed sign-ins per username in 15 minutes before it is refused for a while (LOGIN_ACCOUNT_LIMIT). */
    loginFailuresPerAccount: number;
  };
  /** Sites allowed to embed the chat widget (origins like https://www.brand.com; '*' for any). */
  widget: { origins: string[] };
  cli: { serverUrl: string };
  logLevel: string;
}
