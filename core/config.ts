import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Shortest accepted CMS_TOKEN and ADMIN_PASSWORD. */
export const MIN_TOKEN_CHARS = 32;
export const MIN_PASSWORD_CHARS = 12;
import { AppError } from './errors';
import { isLlmProvider, LLM_PROVIDER_IDS, LLM_PROVIDERS, type LlmProvider } from './shared/llm-providers';

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
      /** RERANK_API: the request shape; null: from the URL and model (core/search/rerank.ts). */
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
  /** Bounds of every external tool a job runs (see core/tools/sandbox.ts). */
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

type Env = Record<string, string | undefined>;

/** Parses KEY=VALUE lines; existing environment variables win. */
export function readDotEnv(file: string): Env {
  if (!existsSync(file)) return {};
  const out: Env = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 1) continue;
    const key = line.slice(0, eq).trim().replace(/^export\s+/, '');
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}

/**
 * TRUST_PROXY: unset/false (the socket address is the client), a number of
 * proxy hops in front of the server, or a comma-separated list of proxy
 * addresses. `true` is refused: it would believe any client's X-Forwarded-For.
 */
function parseTrustProxy(v: string | null, problems: string[]): Config['trustProxy'] {
  if (v === null || /^(0|false|no|off)$/i.test(v)) return { hops: 0, addresses: [] };
  if (/^\d+$/.test(v)) return { hops: Math.min(Number(v), 10), addresses: [] };
  if (/^(true|yes|on)$/i.test(v)) {
    problems.push('TRUST_PROXY=true would trust any client\'s X-Forwarded-For: set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.6)');
    return { hops: 0, addresses: [] };
  }
  const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
  const bad = addresses.filter((a) => isIP(a.replace(/\/\d+$/, '')) === 0);
  if (bad.length) problems.push(`TRUST_PROXY must be a number of hops or a list of IP addresses (got "${bad.join(', ')}")`);
  return { hops: 0, addresses };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const merged: Env = { ...readDotEnv(path.join(cwd, '.env')), ...env };
  const problems: string[] = [];
  const str = (k: string, d: string | null = null) => {
    const v = merged[k];
    return v === undefined || v === '' ? d : v;
  };
  const int = (k: string, d: number, min = 0, max = Number.MAX_SAFE_INTEGER) => {
    const v = str(k);
    if (v === null) return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${k} must be a whole number from ${min} to ${max} (got "${v}")`);
      return d;
    }
    return n;
  };
  const bool = (k: string, d: boolean) => {
    const v = str(k);
    if (v === null) return d;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    problems.push(`${k} must be true or false (got "${v}")`);
    return d;
  };
  const url = (k: string) => {
    const v = str(k);
    if (v === null) return null;
    try {
      new URL(v);
      return v.replace(/\/+$/, '');
    } catch {
      problems.push(`${k} must be a URL like http://host:port (got "${v}")`);
      return null;
    }
  };

  const rerank = (): Config['search']['rerank'] => {
    const api = str('RERANK_API');
    if (api !== null && api !== 'tei' && api !== 'cohere') problems.push(`RERANK_API must be tei or cohere (got "${api}")`);
    const endpoint = url('RERANK_URL');
    if (endpoint !== null && !/^https?:\/\//i.test(endpoint)) problems.push(`RERANK_URL must be an http or https URL (got "${endpoint}")`);
    const timeoutMs = int('RERANK_TIMEOUT_MS', 2000, 50, 120_000);
    const topN = int('RERANK_TOP_N', 30, 1, 1000);
    if (endpoint === null) return null;
    return { url: endpoint, apiKey: str('RERANK_API_KEY'), model: str('RERANK_MODEL'), api: api === 'tei' || api === 'cohere' ? api : null, timeoutMs, topN };
  };

  const chromaCollection = () => {
    const v = str('CHROMA_COLLECTION', 'chunks')!;
    // Chroma's own rule for a collection name.
    if (/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$/.test(v) && !v.includes('..')) return v;
    problems.push(`CHROMA_COLLECTION must be 3-512 letters, digits, dots, dashes or underscores, starting and ending with a letter or digit (got "${v}")`);
    return 'chunks';
  };

  const databaseUrl = () => {
    const v = str('DATABASE_URL');
    if (v === null) return null;
    if (!/^postgres(ql)?:\/\/[^\s]+$/.test(v)) {
      problems.push('DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/cms');
      return null;
    }
    return v;
  };

  const dataDir = path.resolve(cwd, str('DATA_DIR', './data')!);
  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST', '127.0.0.1')!;

  const s3Bucket = str('S3_BUCKET');
  const s3Endpoint = url('S3_ENDPOINT');
  let storage: Config['storage'] = { kind: 'local', root: path.join(dataDir, 'objects') };
  if (s3Bucket || s3Endpoint) {
    if (!s3Bucket) problems.push('S3_BUCKET is required when S3_ENDPOINT is set');
    const accessKeyId = str('S3_ACCESS_KEY_ID', str('AWS_ACCESS_KEY_ID'));
    const secretAccessKey = str('S3_SECRET_ACCESS_KEY', str('AWS_SECRET_ACCESS_KEY'));
    if (!accessKeyId || !secretAccessKey) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required for S3 storage');
    storage = {
      kind: 's3',
      endpoint: s3Endpoint,
      region: str('S3_REGION', 'us-east-1')!,
      bucket: s3Bucket ?? '',
      accessKeyId: accessKeyId ?? '',
      secretAccessKey: secretAccessKey ?? '',
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', s3Endpoint !== null),
      prefix: (str('S3_PREFIX', '') ?? '').replace(/^\/+|\/+$/g, ''),
    };
  }

  const embedder = str('EMBEDDER', 'hash')!;
  if (!['hash', 'openai', 'onnx'].includes(embedder)) problems.push(`EMBEDDER must be hash, openai or onnx (got "${embedder}")`);
  if (embedder === 'openai' && !str('EMBEDDINGS_URL')) problems.push('EMBEDDINGS_URL is required when EMBEDDER=openai');
  if (embedder === 'onnx' && !str('EMBEDDINGS_MODEL_DIR')) problems.push('EMBEDDINGS_MODEL_DIR is required when EMBEDDER=onnx');

  const providerName = str('LLM_PROVIDER', 'anthropic')!;
  if (!isLlmProvider(providerName)) problems.push(`LLM_PROVIDER must be ${LLM_PROVIDER_IDS.join(' or ')} (got "${providerName}")`);
  const provider: LlmProvider = isLlmProvider(providerName) ? providerName : 'anthropic';
  const llmVars = LLM_PROVIDERS[provider];
  const openai = provider === 'openai';
  if (openai && !str('OPENAI_MODEL')) problems.push('OPENAI_MODEL is required when LLM_PROVIDER=openai (e.g. gpt-4o-mini, or llama3.1 on Ollama)');
  if (openai && !str('OPENAI_API_KEY') && !str('OPENAI_BASE_URL')) {
    problems.push('LLM_PROVIDER=openai needs OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a local server such as Ollama, vLLM, LM Studio)');
  }

  const widgetOrigins: string[] = [];
  for (const o of (str('WIDGET_ORIGINS', '') ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (o === '*') {
      widgetOrigins.push(o);
      continue;
    }
    try {
      if (o.includes('*')) throw new Error('a pattern');
      const u = new URL(o);
      if (!/^https?:$/.test(u.protocol) || u.pathname !== '/' || u.search) throw new Error('not an origin');
      widgetOrigins.push(u.origin);
    } catch {
      problems.push(`WIDGET_ORIGINS must list origins like https://www.example.com, each site in full (got "${o}"; patterns such as https://*.example are not supported, * alone allows any site)`);
    }
  }

  // Chosen secrets must resist guessing; left unset, strong ones are generated into the data folder.
  const token = str('CMS_TOKEN');
  if (token !== null && token.length < MIN_TOKEN_CHARS) {
    problems.push(`CMS_TOKEN is too short (${token.length} characters; at least ${MIN_TOKEN_CHARS}): leave it unset to have one generated, or use e.g. \`openssl rand -hex 24\``);
  }
  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < MIN_TOKEN_CHARS) {
    problems.push(`METRICS_TOKEN is too short (${metricsToken.length} characters; at least ${MIN_TOKEN_CHARS}): use e.g. \`openssl rand -hex 24\``);
  }
  const password = str('ADMIN_PASSWORD');
  if (password !== null && password.length < MIN_PASSWORD_CHARS) {
    problems.push(`ADMIN_PASSWORD is too short (${password.length} characters; at least ${MIN_PASSWORD_CHARS}): leave it unset to have one generated on first start`);
  }

  const ocr = str('OCR_LANGUAGES', 'eng+heb+fra')!.split(/[+,\s]+/).filter(Boolean);

  const config: Config = {
    port,
    host,
    dataDir,
    publicUrl: url('PUBLIC_URL'),
    admin: { username: str('ADMIN_USERNAME', 'admin')!, password: str('ADMIN_PASSWORD') },
    apiToken: str('CMS_TOKEN'),
    metricsToken: str('METRICS_TOKEN'),
    autoApprove: bool('AUTO_APPROVE', false),
    cookieSecure: bool('COOKIE_SECURE', false),
    sessionHours: int('SESSION_HOURS', 12, 1, 24 * 90),
    minFreeBytes: int('MIN_FREE_MB', 100, 0, 1024 * 1024) * 1024 * 1024,
    uploads: {
      maxBytes: int('MAX_UPLOAD_MB', 512, 1, 1024 * 100) * 1024 * 1024, idleTimeoutMs: int('UPLOAD_IDLE_TIMEOUT_S', 30, 1, 3600) * 1000,
      bodyTimeoutMs: int('BODY_TIMEOUT_S', 10, 1, 3600) * 1000,
      uploadBaseMs: int('UPLOAD_TIMEOUT_BASE_S', 60, 1, 86_400) * 1000,
      uploadMinBytesPerSec: int('UPLOAD_MIN_KBPS', 64, 1, 1024 * 1024) * 1024,
    },
    storage,
    search: {
      chromaUrl: url('CHROMA_URL'),
      chromaPort: int('CHROMA_PORT', 0, 0, 65535),
      chromaCollection: chromaCollection(),
      chromaWaitMs: int('CHROMA_WAIT_S', 120, 0, 3600) * 1000,
      embedder: embedder as Config['search']['embedder'],
      embeddingsUrl: url('EMBEDDINGS_URL'),
      embeddingsApiKey: str('EMBEDDINGS_API_KEY'),
      embeddingsModel: str('EMBEDDINGS_MODEL'),
      embeddingsModelDir: str('EMBEDDINGS_MODEL_DIR'),
      embeddingsDimension: str('EMBEDDINGS_DIMENSION') === null ? null : int('EMBEDDINGS_DIMENSION', 0, 1, 100_000),
      rerank: rerank(),
    },
    llm: {
      provider,
      apiKey: str(llmVars.keyVariable),
      baseUrl: url(llmVars.urlVariable),
      model: str(llmVars.modelVariable, llmVars.defaultModel ?? '')!,
      timeoutMs: int('LLM_TIMEOUT_MS', 60_000, 1000, 600_000),
      maxRetries: int('LLM_MAX_RETRIES', 2, 0, 10),
      maxTokens: int('LLM_MAX_TOKENS', 1024, 64, 32_000),
    },
    worker: { concurrency: int('WORKER_CONCURRENCY', 2, 0, 16), ocrLanguages: ocr, leaseMs: int('JOB_LEASE_SECONDS', 30, 2, 3600) * 1000 },
    databaseUrl: databaseUrl(),
    conversations: {
      retentionDays: int('CONVERSATION_RETENTION_DAYS', 90, 1, 36_500),
      maxMessages: int('CONVERSATION_MAX_MESSAGES', 200, 2, 100_000),
    },
    handoff: { webhookUrl: url('HANDOFF_WEBHOOK_URL'), webhookSecret: str('HANDOFF_WEBHOOK_SECRET') },
    stt: { url: url('STT_URL'), apiKey: str('STT_API_KEY'), model: str('STT_MODEL'), timeoutMs: int('STT_TIMEOUT_MS', 600_000, 1000, 86_400_000),
      maxUploadMb: int('STT_MAX_UPLOAD_MB', 24, 1, 1000), retries: int('STT_RETRIES', 3, 0, 10) },
    video: { maxMinutes: int('VIDEO_MAX_MINUTES', 30, 1, 24 * 60) },
    translation: {
      apertium: bool('TRANSLATION_APERTIUM', true),
      maxInputTokens: int('TRANSLATION_MAX_INPUT_TOKENS', 1500, 200, 50_000),
      memoryDir: path.join(dataDir, 'translation-memory'),
      glossaryFile: path.join(dataDir, 'glossary.json'),
    },
    tools: {
      memoryBytes: int('TOOL_MEMORY_MB', 1024, 0, 1024 * 1024) * 1024 * 1024,
      diskBytes: int('TOOL_DISK_MB', 2048, 0, 1024 * 1024 * 1024) * 1024 * 1024,
      timeBaseMs: int('TOOL_TIME_BASE_S', 60, 1, 86_400) * 1000,
      timePerMiBMs: int('TOOL_TIME_PER_MB_S', 5, 0, 3600) * 1000,
      isolate: bool('TOOL_ISOLATION', true),
    },
    trustProxy: parseTrustProxy(str('TRUST_PROXY'), problems),
    limits: {
      publicPerMinute: int('PUBLIC_RATE_LIMIT', 1200, 1, 10_000_000),
      chatPerMinute: int('CHAT_RATE_LIMIT', 20, 1, 100_000),
      chatPerMinutePerAddress: int('CHAT_RATE_LIMIT_PER_IP', 60, 1, 100_000),
      chatMaxMessageChars: int('CHAT_MAX_MESSAGE_CHARS', 2000, 10, 100_000),
      loginPerMinute: int('LOGIN_RATE_LIMIT', 10, 1, 10_000),
      loginFailuresPerAccount: int('LOGIN_ACCOUNT_LIMIT', 10, 1, 10_000),
    },
    widget: { origins: widgetOrigins },
    cli: { serverUrl: url('CMS_URL') ?? `http://127.0.0.1:${port || 3000}` },
    logLevel: str('LOG_LEVEL', 'info')!,
  };

  if (problems.length) {
    throw new AppError('validation', `Configuration is invalid:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
