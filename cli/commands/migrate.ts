import path from 'node:path';
import { Command } from 'commander';
import { migrateDataFolder } from '../compose';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';

/**
 * `cms migrate <data-folder>`: copies a single-machine data folder into the
 * configured PostgreSQL, object store and Chroma (core/programs/migrate.ts),
 * prints what arrived per part and exits 1 when a count does not match.
 */
export function migrateCommand(ctx: CliContext) {
  return withCommonOptions(new Command('migrate').description('copy a single-machine data folder into the configured PostgreSQL, S3 bucket and Chroma (can be run again)'))
    .argument('<data-folder>', 'the data folder of the single-machine install (stop its server first)')
    .addHelpText('after', '\nExample:\n  DATABASE_URL=postgres://cms@db/cms S3_BUCKET=cms S3_ENDPOINT=http://s3:9000 CHROMA_URL=http://chroma:8000 cms migrate ./data')
    .action(async (folder: string) => {
      const { logger } = ctx;
      const report = await migrateDataFolder({ from: path.resolve(ctx.cwd, folder), config: ctx.config(), log: (m) => logger.event(m) });
      if (logger.mode === 'json') logger.json(report);
      else {
        logger.info(`Copied ${report.from} into ${report.to.database}, ${report.to.storage}, ${report.to.search}:`);
        logger.table(report.parts, [
          { header: 'Part', value: (p) => p.name },
          { header: 'In the folder', value: (p) => String(p.source), align: 'right' },
          { header: 'In the target', value: (p) => String(p.target), align: 'right' },
        ]);
        for (const p of report.parts) for (const n of p.notes) logger.warn(`${p.name}: ${n}`);
        if (report.verified) logger.success('Every count matches. Start the servers with the same settings.');
        else logger.warn('Some parts did not arrive whole (above). Run `cms migrate` again; it copies only what is missing.');
      }
      ctx.exitCode = report.verified ? EXIT.ok : EXIT.failed;
    });
}
