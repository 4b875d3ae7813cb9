import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { Config } from '../core/product/index';
import { loadConfig } from './compose';
import { createLogger, type Logger } from './logger';

/** The project folder (its `.env` and default `./data` are the server's). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Env = Record<string, string | undefined>;

/** What every command gets: the logger, the config (read once, lazily), the user's folder, a stop signal. */
export interface CliContext {
  readonly logger: Logger;
  readonly debug: boolean;
  readonly env: Env;
  /** The folder the user ran `cms` in: file arguments are relative to it. */
  readonly cwd: string;
  readonly signal: AbortSignal;
  config(): Config;
  /** Set by a command; main exits with it. */
  exitCode: number;
  /** The command's normal end is a signal (`cms worker`): stopping it that way is not an interruption. */
  endsOnSignal?: boolean;
}

/** Flags read before commander parses, because output is shaped before anything runs. */
export function globalFlags(argv: string[]) {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  return { json: flags.includes('--json'), debug: flags.includes('--debug') };
}

export function createContext(argv: string[], options: { env?: Env; cwd?: string; signal: AbortSignal; stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream }): CliContext {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const flags = globalFlags(argv);
  const logger = createLogger({ json: flags.json, debug: flags.debug, env, stdout: options.stdout, stderr: options.stderr });
  let config: Config | undefined;
  return {
    logger,
    debug: flags.debug,
    env,
    cwd,
    signal: options.signal,
    config() {
      if (!config) {
        // The project's .env is read from the project folder; a DATA_DIR given in the shell is relative to the user's folder.
        const fromShell = { ...env };
        if (fromShell.DATA_DIR && !path.isAbsolute(fromShell.DATA_DIR)) fromShell.DATA_DIR = path.resolve(cwd, fromShell.DATA_DIR);
        config = loadConfig(fromShell, ROOT);
      }
      return config;
    },
    exitCode: 0,
  };
}

/** Adds the options every command accepts. */
export function withCommonOptions(command: Command): Command {
  return command.option('--json', 'print JSON for scripts (one document, or JSON lines when following)').option('--debug', 'show stack traces and mode details');
}
