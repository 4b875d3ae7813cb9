import { runCli } from './program';
import { EXIT } from './handle-error';

/** The `cms` process: Ctrl-C and friends abort the command (a second one leaves at once), then it exits with the command's code. */
async function main(argv: string[]): Promise<number> {
  const stop = new AbortController();
  let signals = 0;
  const onSignal = () => {
    signals++;
    // First Ctrl-C: stop waiting and clean up (release the data folder). Second: leave now.
    if (signals > 1) process.exit(EXIT.interrupted);
    stop.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A closed terminal: stop like Ctrl-C (tools are confined to die with this process anyway, see core/foundation/tools/sandbox.ts).
  process.on('SIGHUP', onSignal);
  // A reader that stopped early (`cms ls | head -1`): end quietly, as Unix tools do, instead of crashing on EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }

  return runCli(argv, { signal: stop.signal });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    // Only reached if the error handler itself failed.
    process.stderr.write(`${(e instanceof Error && e.stack) || String(e)}\n`);
    process.exit(EXIT.failed);
  },
);
