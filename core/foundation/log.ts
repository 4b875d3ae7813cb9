import os from 'node:os';
import pino, { type Logger } from 'pino';

/**
 * The one log format of every process (server, `cms worker`, the CLI's
 * service lines): pino's JSON, one object per line (`level`, `time`, `pid`,
 * `hostname`, `msg`, and fields). Fastify logs its requests through the same
 * logger. Human output of the CLI (tables, progress, prompts) is not a log
 * and stays as it is.
 */
export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function createLog(options: { level?: string; destination?: NodeJS.WritableStream | number; base?: Record<string, unknown> } = {}): Logger {
  const level = (LOG_LEVELS as readonly string[]).includes(options.level ?? '') ? options.level! : 'info';
  const dest = typeof options.destination === 'number' || options.destination === undefined
    ? pino.destination({ dest: options.destination ?? 1, sync: true })
    : options.destination;
  return pino({ level, ...(options.base ? { base: { pid: process.pid, hostname: os.hostname(), ...options.base } } : {}) }, dest);
}

/**
 * The service lines of a process (start, migrations, jobs, failures): always
 * written at `info` whatever LOG_LEVEL says (LOG_LEVEL=debug adds debug lines);
 * LOG_LEVEL sets the level of the request log.
 */
export function serviceLog(root: Logger): Logger {
  return root.child({}, { level: root.isLevelEnabled('debug') ? root.level : 'info' });
}

/** Fields a core `log` call may add to its line: `level` (info unless given) and machine-readable fields (jobId, itemId...). */
export type LogFields = { level?: 'debug' | 'info' | 'warn' | 'error' } & Record<string, unknown>;
/** What core's `log` options are: a message, and optionally its level and fields. */
export type LogLine = (message: string, fields?: LogFields) => void;

/** A `(message, fields?) => void` for core's `log` options: one line per message, at its level (info by default), with its fields. */
export const lineLogger = (log: Logger): LogLine => (message, fields) => {
  if (!fields) return log.info(message);
  const { level = 'info', ...rest } = fields;
  log[level](rest, message);
};
