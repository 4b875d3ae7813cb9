import { Command } from 'commander';
import type { ContentItem } from '../../core/foundation/types';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId } from '../usage';

/** `cms approve <ids...>` and `cms reject <ids...> --note "..."`: the review of items (core/features/governance). */

function printed(ctx: CliContext, verb: string, items: ContentItem[]) {
  if (ctx.logger.mode === 'json') ctx.logger.json({ [verb]: items });
  else for (const i of items) ctx.logger.line(`${verb[0].toUpperCase()}${verb.slice(1)} ${i.type} ${i.id} ("${i.title}")${i.reviewNote ? `: ${i.reviewNote}` : ''}`);
}

export function approveCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('approve')
      .description('approve items: they become public (unless staff-only or expired)')
      .argument('<ids...>', 'ids of documents, presentations, videos or content rows (as `cms ls` shows)'),
  )
    .addHelpText('after', '\nExamples:\n  cms approve 12\n  cms approve 12 13 14 --json')
    .action(async (rawIds: string[]) => {
      const ids = rawIds.map((v) => parseId(v));
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        printed(ctx, 'approved', await conn.product.approve(ids));
        return EXIT.ok;
      });
    });
}

export function rejectCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('reject')
      .description('reject items: they are never public')
      .argument('<ids...>', 'ids of documents, presentations, videos or content rows')
      .option('--note <text>', 'why (kept with the item and in the audit log)'),
  )
    .addHelpText('after', '\nExamples:\n  cms reject 12 --note "Draft prices"\n  cms reject 12 13 --json')
    .action(async (rawIds: string[], opts: { note?: string }) => {
      const ids = rawIds.map((v) => parseId(v));
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        printed(ctx, 'rejected', await conn.product.reject(ids, { note: opts.note ?? null }));
        return EXIT.ok;
      });
    });
}
