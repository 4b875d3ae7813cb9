import type { ReactElement } from 'react';
import { createLog, serviceLog, type JsonLog } from '../core/product/index';
import { formatTable, type Column } from './views/table';

/**
 * How output is shaped: `tty` (colours, live progress views), `plain`
 * (stdout is a pipe or file: one plain line per event, no ANSI), `json`
 * (stdout carries only JSON for scripts; human notes go to stderr).
 */
export type OutputMode = 'tty' | 'plain' | 'json';

export interface LiveView {
  update(element: ReactElement): void;
  /** Removes the live area (completed `<Static>` lines stay). */
  done(): Promise<void>;
}

export interface Logger {
  readonly mode: OutputMode;
  readonly color: boolean;
  /** A human line on stdout (stderr in json mode, so stdout stays parseable). */
  info(message: string): void;
  success(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** An exact line on stdout (help text, tables). */
  line(text: string): void;
  /** A line about something that happened: on stdout, prefixed with the time when not on a terminal (logs, cron). */
  event(text: string): void;
  /** Raw text to stdout / stderr, as given (commander help). */
  raw(text: string): void;
  rawErr(text: string): void;
  /** One JSON document on stdout. */
  json(value: unknown): void;
  /** One compact JSON line on stdout (streams: --watch, --follow). */
  jsonLine(value: unknown): void;
  /**
   * The log of a long-running part (the services' lines, `cms worker`): pino JSON lines, one format with the
   * server's, whatever the output mode; on stdout, or stderr with `to: 'stderr'`.
   */
  log(options?: { level?: string; to?: 'stdout' | 'stderr' }): JsonLog;
  table<T>(rows: T[], columns: Column<T>[]): void;
  /** A live ink view on a TTY; null in plain and json modes. */
  live(element: ReactElement): Promise<LiveView | null>;
  paint(text: string, style: Style): string;
  /** Resolves once stdout has flushed. */
  flush(): Promise<void>;
}

export type { Style } from './views/style';
import type { Style } from './views/style';
const CODES: Record<Style, [number, number]> = {
  dim: [2, 22], bold: [1, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39],
};

export interface LoggerOptions {
  json: boolean;
  debug: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  env?: Record<string, string | undefined>;
}

/** "2026-11-24T21:30:14Z": the time of a plain event line (UTC, to the second). */
export const timestamp = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');

/** Decides the output mode once, from --json and whether stdout is a terminal. */
export function outputModeFor(json: boolean, stdout: NodeJS.WriteStream, env: Record<string, string | undefined>): OutputMode {
  if (json) return 'json';
  if (!stdout.isTTY || env.CI === 'true' || env.TERM === 'dumb') return 'plain';
  return 'tty';
}

/** The one way the CLI prints. */
export function createLogger(options: LoggerOptions): Logger {
  const out = options.stdout ?? process.stdout;
  const err = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const mode = outputModeFor(options.json, out, env);
  const color = mode === 'tty' && !env.NO_COLOR;
  const errColor = !!err.isTTY && !env.NO_COLOR && mode !== 'json';
  const paintWith = (on: boolean) => (text: string, style: Style) => (on ? `\x1b[${CODES[style][0]}m${text}\x1b[${CODES[style][1]}m` : text);
  const paint = paintWith(color);
  const paintErr = paintWith(errColor);
  const human = (text: string) => (mode === 'json' ? err : out).write(text + '\n');

  return {
    mode,
    color,
    info: (m) => human(m),
    success: (m) => human(mode === 'json' ? m : paint(m, 'green')),
    warn: (m) => err.write(paintErr(`Warning: ${m}`, 'yellow') + '\n'),
    error: (m) => err.write(paintErr(`Error: ${m}`, 'red') + '\n'),
    debug: (m) => {
      if (options.debug) err.write(paintErr(`[debug] ${m}`, 'dim') + '\n');
    },
    line: (t) => out.write(t + '\n'),
    event: (t) => out.write((mode === 'plain' ? `${timestamp(new Date())} ` : '') + t + '\n'),
    raw: (t) => out.write(t),
    rawErr: (t) => err.write(t),
    json: (v) => out.write(JSON.stringify(v, null, 2) + '\n'),
    jsonLine: (v) => out.write(JSON.stringify(v) + '\n'),
    log: (o = {}) => serviceLog(createLog({ level: o.level ?? env.LOG_LEVEL, destination: o.to === 'stderr' ? err : out })),
    // On a terminal a table fits its width (one column less, so a full row never wraps).
    table: (rows, columns) => human(formatTable(rows, columns, mode === 'tty' ? { paint, maxWidth: out.columns ? out.columns - 1 : undefined } : {})),
    async live(element) {
      if (mode !== 'tty') return null;
      const { render } = await import('ink');
      const { eraseReflowed } = await import('./views/live-area');
      // Before ink's own resize handler: a narrower terminal re-wrapped the live lines onto more rows than ink erases.
      let columns = out.columns;
      const onResize = () => {
        if (out.columns < columns) out.write(eraseReflowed(out.columns));
        columns = out.columns;
      };
      out.on('resize', onResize);
      const instance = render(element, { stdout: out, stderr: err, patchConsole: false, exitOnCtrlC: false });
      return {
        update: (el) => instance.rerender(el),
        async done() {
          instance.unmount();
          await instance.waitUntilExit().catch(() => {});
          out.off('resize', onResize);
        },
      };
    },
    paint,
    flush: () => new Promise<void>((resolve) => out.write('', () => resolve())),
  };
}
