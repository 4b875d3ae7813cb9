import { Command } from 'commander';
import { parseSince } from '../../core/product/index';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { usageError } from '../usage';
import { printStats } from '../views/stats-lines';

interface StatsOptions {
  since: string;
}

export function statsCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('stats')
      .description('what visitors asked: questions per day, languages, answered vs not in the documents, missing content, top sources, thumbs')
      .option('--since <period>', 'period: 7d, 24h, 30m or an ISO date', '7d'),
  )
    .addHelpText('after', '\nExamples:\n  cms stats\n  cms stats --since 30d\n  cms stats --since 2026-01-01 --json')
    .action(async (options: StatsOptions) => {
      if (Number.isNaN(parseSince(options.since, new Date()).getTime())) throw usageError(`--since must be like 7d, 24h, 30m or an ISO date (got "${options.since}")`);
      const { logger } = ctx;
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const s = await conn.product.questionStats(options.since);
        if (logger.mode === 'json') {
          logger.json(s);
          return EXIT.ok;
        }
        printStats(logger, s);
        return EXIT.ok;
      });
    });
}
