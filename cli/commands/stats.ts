import { Command } from 'commander';
import { parseSince } from '../../core/product/index';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { usageError } from '../usage';

interface StatsOptions {
  since: string;
}

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)} %` : '–');

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
        const asked = s.answered + s.notFound;
        logger.info(`Since ${s.from.slice(0, 16).replace('T', ' ')} UTC: ${s.questions} questions in ${s.conversations} conversations`);
        logger.info(`Answered from the documents ${s.answered} (${pct(s.answered, asked)}), not in the documents ${s.notFound} (${pct(s.notFound, asked)})`);
        logger.info(`Ratings: ${s.ratings.up} up, ${s.ratings.down} down (${s.ratings.rated} of ${s.ratings.answers} answers rated${s.ratings.upRate === null ? '' : `, ${pct(s.ratings.up, s.ratings.rated)} up`})`);
        logger.info(`Languages: ${s.languages.map((l) => `${l.language} ${l.questions}`).join(', ') || '–'}; channels: ${s.channels.map((c) => `${c.channel} ${c.questions}`).join(', ') || '–'}`);
        logger.table(s.perDay, [
          { header: 'day', value: (d) => d.day },
          { header: 'questions', value: (d) => d.questions, align: 'right' },
          { header: 'not found', value: (d) => d.notFound, align: 'right' },
        ]);
        if (s.topUnanswered.length) {
          logger.info('Not in the documents (similar questions grouped):');
          logger.table(s.topUnanswered, [
            { header: 'times', value: (g) => g.count, align: 'right' },
            { header: 'lang', value: (g) => g.language },
            { header: 'question', value: (g) => g.question, max: 70 },
            { header: 'also asked as', value: (g) => g.examples.join(' | '), max: 60 },
          ]);
        }
        if (s.topSources.length) {
          logger.info('Most cited or handed-out content:');
          logger.table(s.topSources, [
            { header: 'times', value: (d) => d.count, align: 'right' },
            { header: 'type', value: (d) => d.itemType },
            { header: 'id', value: (d) => d.itemId, align: 'right' },
            { header: 'title', value: (d) => d.title, max: 60 },
          ]);
        }
        for (const c of s.comments.slice(0, 5)) logger.info(`${c.value === 'up' ? '👍' : '👎'} "${c.comment}" on "${c.question}"`);
        return EXIT.ok;
      });
    });
}
