import { Command } from 'commander';
import { AppError } from '../../core/foundation/errors';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId } from '../usage';

export function rmCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('rm')
      .description('delete items everywhere: record, stored files, images and search index entries')
      .argument('<ids...>', 'ids of documents, presentations or videos (as `cms ls` shows)'),
  )
    .addHelpText('after', '\nExamples:\n  cms rm 12\n  cms rm 12 13 14 --json')
    .action(async (rawIds: string[]) => {
      const ids = rawIds.map((v) => parseId(v));
      const { logger } = ctx;
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const content = await conn.product.content();
        const deleted: Array<{ id: number; type: string; title: string }> = [];
        for (const id of ids) {
          const item = content.find((c) => c.id === id);
          if (!item) throw new AppError('not_found', `No item has id ${id}${deleted.length ? ` (deleted so far: ${deleted.map((d) => d.id).join(', ')})` : ''}`);
          await conn.product.remove(id);
          deleted.push({ id, type: String(item.type), title: item.title });
          if (logger.mode !== 'json') logger.line(`Deleted ${item.type} ${id} ("${item.title}")`);
        }
        if (logger.mode === 'json') logger.json({ deleted });
        return EXIT.ok;
      });
    });
}
