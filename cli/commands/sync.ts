import { Command, Option } from 'commander';
import { siteSyncSummary, syncFolder, syncSite, syncSummary } from '../compose';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { drain } from './versions';

/**
 * `cms sync <folder>`: make the items match a folder (core/operations/folder-sync.ts);
 * `cms sync <URL>`: the same with a website's pages (core/operations/site-sync.ts). For operators and cron.
 */
export function syncCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('sync')
      .description('import new files of a folder, make changed ones new versions, archive items of files gone; unchanged files cost nothing')
      .argument('<folder>', 'the folder (its sub-folders too; files are matched by their path relative to it), or the http(s) URL of a website\'s sitemap.xml or start page')
      .option('--approve', 'approve what is imported or changed (reviewer or admin): public once processed')
      .addOption(new Option('--audience <audience>', 'who may see what is imported').choices(['public', 'staff']))
      .option('--delete', 'delete the items of files gone from the folder (default: archive them)')
      .option('--allow-host <host>', 'a website: HOST or HOST:PORT it may request besides its own, even at a private or loopback address (repeatable)', (v: string, all: string[]) => [...all, v], [] as string[])
      .option('--no-wait', 'only queue the processing (direct mode waits for it by default)'),
  )
    .addHelpText('after', '\nPrints "N new, N changed, N removed"; a second run with nothing changed prints "0 new, 0 changed, 0 removed".\n' +
      'Exit code 1 when a file or page could not be imported (the rest is still synced).\n' +
      'A website: the pages its sitemap lists (or its start page\'s links reach on the same host); robots.txt followed; only changed pages are fetched again; ' +
      'private and loopback addresses only for a host named with --allow-host.\n\nExamples:\n  cms sync ./manuals\n  cms sync https://www.example.com/sitemap.xml --approve\n  cms sync /srv/share/brochures --approve --audience staff --json\n  cms sync ./manuals --delete')
    .action(async (folder: string, opts: { approve?: boolean; audience?: 'public' | 'staff'; delete?: boolean; allowHost?: string[]; wait: boolean }) => {
      ctx.exitCode = await withConnection(ctx, { worker: opts.wait }, async (conn) => {
        if (/^https?:\/\//i.test(folder)) {
          const report = await syncSite(conn.product, folder, {
            approve: opts.approve, audience: opts.audience, delete: opts.delete, allowHosts: opts.allowHost ?? [], signal: ctx.signal,
            onPage: (e) => { if (ctx.logger.mode !== 'json') ctx.logger.line(`${e.action.padEnd(8)} ${e.path}${e.id ? ` (${e.type} ${e.id})` : ''}${e.error ? `: ${e.error}` : ''}`); },
          });
          if (opts.wait) await drain(conn, ctx.signal);
          if (ctx.logger.mode === 'json') ctx.logger.json({ summary: siteSyncSummary(report), ...report });
          else {
            ctx.logger.line(`${siteSyncSummary(report)} (${report.found} pages found, ${report.unchanged} unchanged, ${report.requests} requests)`);
            if (report.navigation.length) ctx.logger.line(`${report.navigation.length} mostly navigation, not imported`);
            if (report.failed.length) ctx.logger.line(`${report.failed.length} failed`);
            if (report.recordError) ctx.logger.line(`The run was not recorded for the console's Website sources: ${report.recordError}`);
          }
          return report.failed.length ? EXIT.failed : EXIT.ok;
        }
        const report = await syncFolder(conn.product, folder, {
          approve: opts.approve, audience: opts.audience, delete: opts.delete, signal: ctx.signal,
          onFile: (e) => { if (ctx.logger.mode !== 'json') ctx.logger.line(`${e.action.padEnd(8)} ${e.path}${e.id ? ` (${e.type} ${e.id})` : ''}${e.error ? `: ${e.error}` : ''}`); },
        });
        if (opts.wait) await drain(conn, ctx.signal);
        if (ctx.logger.mode === 'json') ctx.logger.json({ summary: syncSummary(report), ...report });
        else {
          ctx.logger.line(syncSummary(report));
          if (report.adopted.length) ctx.logger.line(`${report.adopted.length} already imported, now synced from this folder`);
          if (report.failed.length) ctx.logger.line(`${report.failed.length} failed`);
        }
        return report.failed.length ? EXIT.failed : EXIT.ok;
      });
    });
}
