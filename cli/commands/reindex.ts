import { Command } from 'commander';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { duration } from '../format';
import { EXIT } from '../handle-error';
import { startProgress } from '../progress';

export function reindexCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('reindex').description('rebuild the search index from the stored text of every completed item (after changing the embedder)'),
  )
    .addHelpText('after', '\nExample:\n  cms reindex --json')
    .action(async () => {
      const { logger } = ctx;
      const started = Date.now();
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        logger.info(`Reindexing on ${conn.target}${conn.mode === 'http' ? ' (the server reports no progress; this may take a while)' : ''}`);
        const progress = await startProgress(logger, 'Reindexing');
        let result;
        try {
          result = await conn.product.reindex((done, total, title) => progress.update(done, total, title));
        } finally {
          await progress.stop();
        }
        const ms = Date.now() - started;
        if (logger.mode === 'json') logger.json({ mode: conn.mode, target: conn.target, ...result, ms });
        else logger.success(`Reindexed ${result.items} item${result.items === 1 ? '' : 's'} into ${result.chunks} chunks in ${duration(ms)}`);
        return EXIT.ok;
      });
    });
}
