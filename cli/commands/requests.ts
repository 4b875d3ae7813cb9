import { Command } from 'commander';
import type { Product } from '../../core/product/index';
import type { HandoffRequest } from '../../core/foundation/types';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseCount } from '../usage';

/** `cms requests`: visitors' requests to be contacted by a person (list, handled, export, delete). */

const contact = (r: HandoffRequest) => [r.email, r.phone].filter(Boolean).join(', ');

export function requestsCommand(ctx: CliContext) {
  const run = (action: (p: Product) => Promise<unknown>, print: (value: never) => void) =>
    withConnection(ctx, { worker: false }, async (conn) => {
      const value = await action(conn.product);
      if (ctx.logger.mode === 'json') ctx.logger.json(value ?? { ok: true });
      else print(value as never);
      return EXIT.ok;
    }).then((code) => { ctx.exitCode = code; });
  const id = (v: string) => parseCount(v, 'id', 1, Number.MAX_SAFE_INTEGER);

  const cmd = new Command('requests').description('visitors\' requests to be contacted by a person (left in the public chat or the widget)');
  cmd.addCommand(withCommonOptions(new Command('list').exitOverride().description('open requests, newest first').option('--all', 'also the handled ones'))
    .action((o: { all?: boolean }) => run((p) => p.handoffRequests(o.all ? {} : { status: 'open' }), (rows: HandoffRequest[]) => {
      if (!rows.length) return ctx.logger.info(o.all ? 'No requests.' : 'No open requests.');
      ctx.logger.table(rows, [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'status', value: (r) => r.status },
        { header: 'when', value: (r) => r.createdAt.slice(0, 16).replace('T', ' ') },
        { header: 'name', value: (r) => r.name, max: 24 },
        { header: 'contact', value: contact, max: 32 },
        { header: 'question', value: (r) => r.question, max: 60 },
      ]);
    })), { isDefault: true });
  cmd.addCommand(withCommonOptions(new Command('handled').exitOverride().description('mark a request handled').argument('<id>').option('--reopen', 'mark it open again'))
    .action((v: string, o: { reopen?: boolean }) => run((p) => p.markHandoffHandled(id(v), !o.reopen), (r: HandoffRequest) => ctx.logger.info(`Request ${r.id} is ${r.status}.`))));
  cmd.addCommand(withCommonOptions(new Command('export').exitOverride().description('print one request as JSON (contact details and conversation)').argument('<id>'))
    .action((v: string) => run((p) => p.handoffRequest(id(v)), (r: HandoffRequest) => ctx.logger.line(JSON.stringify(r, null, 2)))));
  cmd.addCommand(withCommonOptions(new Command('delete').exitOverride().description('delete a request and the contact details in it').argument('<id>'))
    .action((v: string) => run((p) => p.removeHandoffRequest(id(v)), () => ctx.logger.info(`Request ${v} deleted.`))));
  cmd.addHelpText('after', '\nExamples:\n  cms requests\n  cms requests list --all --json\n  cms requests handled 12\n  cms requests export 12 > request-12.json\n  cms requests delete 12');
  return cmd;
}
