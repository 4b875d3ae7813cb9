/**
 * The one typed configuration (./config/types.ts), read from the environment (and an optional `.env` file)
 * once at the edge (server boot, CLI start) and passed down; one function per area in ./config/.
 * Every variable is documented in the README.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from './errors';
import { checkSecrets } from './config/access';
import { llmConfig } from './config/llm';
import { envReader, type Env } from './config/read';
import { limitsConfig, parseTrustProxy, uploadsConfig, widgetOrigins } from './config/requests';
import { searchConfig } from './config/search';
import { databaseUrl, storageConfig } from './config/storage';
import type { Config } from './config/types';
import { sttConfig, toolsConfig, translationConfig, workerConfig } from './config/work';

export { MIN_PASSWORD_CHARS, MIN_TOKEN_CHARS } from './config/access';
export type { Config } from './config/types';

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

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const r = envReader({ ...readDotEnv(path.join(cwd, '.env')), ...env });
  const { str, int, bool, url, problems } = r;
  const dataDir = path.resolve(cwd, str('DATA_DIR', './data')!);
  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST', '127.0.0.1')!;
  // The areas whose checks span several variables first (their problems listed in this order).
  const storage = storageConfig(r, dataDir);
  const search = searchConfig(r);
  const llm = llmConfig(r);
  const widget = { origins: widgetOrigins(r) };
  checkSecrets(r);

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
    uploads: uploadsConfig(r),
    storage,
    search,
    llm,
    worker: workerConfig(r),
    databaseUrl: databaseUrl(r),
    conversations: {
      retentionDays: int('CONVERSATION_RETENTION_DAYS', 90, 1, 36_500),
      maxMessages: int('CONVERSATION_MAX_MESSAGES', 200, 2, 100_000),
    },
    handoff: { webhookUrl: url('HANDOFF_WEBHOOK_URL'), webhookSecret: str('HANDOFF_WEBHOOK_SECRET') },
    stt: sttConfig(r),
    video: { maxMinutes: int('VIDEO_MAX_MINUTES', 30, 1, 24 * 60) },
    translation: translationConfig(r, dataDir),
    tools: toolsConfig(r),
    trustProxy: parseTrustProxy(str('TRUST_PROXY'), problems),
    limits: limitsConfig(r),
    widget,
    cli: { serverUrl: url('CMS_URL') ?? `http://127.0.0.1:${port || 3000}` },
    logLevel: str('LOG_LEVEL', 'info')!,
  };

  if (problems.length) {
    throw new AppError('validation', `Configuration is invalid:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
