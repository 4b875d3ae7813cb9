import path from 'node:path';
import { Command } from 'commander';
import { backupDataFolder, restoreBackup } from '../compose';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** `cms backup <file>`: a consistent snapshot of DATA_DIR, also while the server runs (core/operations/backup.ts). */
export function backupCommand(ctx: CliContext) {
  return withCommonOptions(new Command('backup').description('write a consistent snapshot of the data folder (DATA_DIR) to a .tar.gz file, also while the server runs'))
    .argument('<file>', 'the backup file to write, e.g. backup-2026-11-25.tar.gz')
    .addHelpText('after', '\nExample:\n  DATA_DIR=/srv/cms/data cms backup /backups/cms-$(date +%F).tar.gz')
    .action(async (file: string) => {
      const { logger } = ctx;
      const report = await backupDataFolder({ dataDir: ctx.config().dataDir, file: path.resolve(ctx.cwd, file) });
      if (logger.mode === 'json') logger.json(report);
      else {
        logger.success(`Backed up ${report.records} records (${report.completedItems} completed items) and ${report.files} files to ${report.file} (${mb(report.bytes)})`);
        for (const key of report.missing) logger.warn(`${key} was deleted while the backup ran: its record is in the backup without the file`);
      }
      ctx.exitCode = EXIT.ok;
    });
}

/** `cms restore <file> <data-folder>`: unpacks a backup into a new data folder. */
export function restoreCommand(ctx: CliContext) {
  return withCommonOptions(new Command('restore').description('unpack a backup made by `cms backup` into a new, empty data folder'))
    .argument('<file>', 'the backup file')
    .argument('<data-folder>', 'a new or empty folder; start the server with DATA_DIR pointing at it')
    .addHelpText('after', '\nExample:\n  cms restore /backups/cms-2026-11-25.tar.gz /srv/cms/data-restored && DATA_DIR=/srv/cms/data-restored npm run serve')
    .action(async (file: string, folder: string) => {
      const { logger } = ctx;
      const report = await restoreBackup({ file: path.resolve(ctx.cwd, file), dataDir: path.resolve(ctx.cwd, folder) });
      if (logger.mode === 'json') logger.json(report);
      else {
        logger.success(`Restored ${report.records} records (${report.completedItems} completed items) and ${report.files} files into ${report.dataDir}`);
        logger.info(`Start the server with DATA_DIR=${report.dataDir}; it rebuilds the search index from the stored text at its first start.`);
      }
      ctx.exitCode = EXIT.ok;
    });
}
