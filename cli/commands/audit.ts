import { Command } from 'commander';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';

/** `cms audit [--since 7d] [--json]`: who changed what (approvals, rejections, audience, deletions, sign-ins, token writes). */
export function auditCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('audit')
      .description('list the audit log, newest first')
      .option('--since <period>', 'a period (7d, 24h, 30m) or a date', '7d')
      .option('--limit <n>', 'at most this many entries', (v) => Number(v)),
  )
    .addHelpText('after', '\nExamples:\n  cms audit\n  cms audit --since 30d --json')
    .action(async (opts: { since: string; limit?: number }) => {
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const entries = await conn.product.auditLog({ since: opts.since, limit: opts.limit });
        if (ctx.logger.mode === 'json') {
          ctx.logger.json({ entries });
          return EXIT.ok;
        }
        if (entries.length === 0) ctx.logger.line(`Nothing recorded since ${opts.since}.`);
        for (const e of entries) {
          const what = [e.target, e.title ? `"${e.title}"` : '', e.note ?? ''].filter(Boolean).join(' ');
          ctx.logger.line(`${e.at.replace('T', ' ').slice(0, 19)}  ${e.actor.padEnd(12)} ${e.action.padEnd(14)} ${what}`);
        }
        return EXIT.ok;
      });
    });
}
