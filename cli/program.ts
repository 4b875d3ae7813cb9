/**
 * The `cms` program: assembles the commands, runs one with the given environment, folder and output streams,
 * turns any error into output and an exit code. cli/main.ts runs it for the real process (signals, exit);
 * tests run commands in this process through it (cli/test-support.ts `runCmsHere`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { auditCommand } from './commands/audit';
import { tokensCommand, usersCommand } from './commands/accounts';
import { evalCommand } from './commands/eval';
import { approveCommand, rejectCommand } from './commands/review';
import { replaceCommand, restoreVersionCommand, versionsCommand } from './commands/versions';
import { syncCommand } from './commands/sync';
import { importCommand } from './commands/import';
import { lsCommand } from './commands/ls';
import { reindexCommand } from './commands/reindex';
import { retryCommand } from './commands/retry';
import { transcribeCommand } from './commands/transcribe';
import { rmCommand } from './commands/rm';
import { searchCommand } from './commands/search';
import { statsCommand } from './commands/stats';
import { statusCommand } from './commands/status';
import { glossaryCommand } from './commands/glossary';
import { requestsCommand } from './commands/requests';
import { translateCommand } from './commands/translate';
import { workerCommand } from './commands/worker';
import { migrateCommand } from './commands/migrate';
import { backupCommand, restoreCommand } from './commands/backup';
import { createContext, ROOT, type Env } from './context';
import { EXIT, handleError } from './handle-error';

const EXIT_HELP = `
Exit codes (every command):
  0    done
  1    something failed (a file, a translation, the server); the rest was still done
  2    bad usage or value: unknown command or option, bad id, date or language (e.g. --to klingon)
  130  interrupted (Ctrl-C, SIGTERM, closed terminal), whatever else happened
       (\`cms worker\` runs until stopped: a signal ends it with 0)

Output: a live view on a terminal; plain timestamped lines when piped, with CI=true or TERM=dumb;
JSON with --json. NO_COLOR turns colours off.`;

export interface CliIo {
  env?: Env;
  cwd?: string;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Aborted on Ctrl-C (SIGINT, SIGTERM, SIGHUP): commands stop waiting and clean up. */
  signal: AbortSignal;
}

/** Runs `cms <argv>`; resolves with its exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const ctx = createContext(argv, io);
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const output = {
    writeOut: (s: string) => ctx.logger.raw(s),
    writeErr: (s: string) => ctx.logger.rawErr(s),
    outputError: () => {}, // handleError prints errors, once
  };
  const program = new Command('cms')
    .description('Content platform CLI: import, follow, search and manage documents, presentations and videos.\n' +
      'Talks to the running server (CMS_URL, token from CMS_TOKEN or DATA_DIR/cms-token); without one, works on DATA_DIR directly.')
    .version(version, '-v, --version')
    .option('--json', 'print JSON for scripts')
    .option('--debug', 'show stack traces and mode details')
    .addHelpText('after', EXIT_HELP)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput(output);
  for (const make of [importCommand, statusCommand, retryCommand, reindexCommand, lsCommand, rmCommand, searchCommand, statsCommand, evalCommand, translateCommand, transcribeCommand, glossaryCommand, approveCommand, rejectCommand, replaceCommand, versionsCommand, restoreVersionCommand, syncCommand, auditCommand, usersCommand, tokensCommand, requestsCommand, workerCommand, migrateCommand, backupCommand, restoreCommand]) {
    program.addCommand(make(ctx).exitOverride().configureOutput(output).showSuggestionAfterError());
  }

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    ctx.exitCode = io.signal.aborted ? (ctx.logger.error('Interrupted.'), EXIT.interrupted) : handleError(e, ctx.logger, { debug: ctx.debug });
  }
  // Ctrl-C (or SIGTERM, SIGHUP) exits 130 whatever else happened, also when a command had already set its code.
  if (io.signal.aborted && !ctx.endsOnSignal) ctx.exitCode = EXIT.interrupted;
  await ctx.logger.flush();
  return ctx.exitCode;
}

