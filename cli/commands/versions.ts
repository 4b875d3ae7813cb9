import path from 'node:path';
import { Command } from 'commander';
import type { VersionResult } from '../../core/product/index';
import type { ItemVersion } from '../../core/foundation/types';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId } from '../usage';

/** `cms replace`, `cms versions`, `cms restore-version`: versions of an item's file (core/features/governance/versions.ts). */

/** In direct mode this process runs the jobs: wait until none is queued or running, so the new version is processed before it exits. */
export async function drain(conn: Connection, signal: AbortSignal) {
  if (!conn.processesJobs) return;
  while (!signal.aborted && (await conn.product.jobs('queued')).length + (await conn.product.jobs('running')).length > 0) {
    await new Promise((r) => setTimeout(r, 250));
  }
}

function printResult(ctx: CliContext, verb: string, r: VersionResult) {
  if (ctx.logger.mode === 'json') return ctx.logger.json(r);
  const title = 'title' in r.item ? r.item.title : r.item.label;
  const live = r.version.state === 'live';
  ctx.logger.line(`${verb} ${r.type} ${r.item.id} ("${title}"): version ${r.version.n} (${r.version.fileName}) ${live ? 'is the file now' : 'waits for processing and review; the approved version stays public meanwhile'}`);
}

const approveOption = '--approve';
const approveHelp = 'approve the new version now (reviewer or admin): it goes live once processed';

export function replaceCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('replace')
      .description('replace an item\'s file with a new version: same id and links; processed and reviewed before it goes live')
      .argument('<id>', 'id of a document, presentation or video')
      .argument('<file>', 'the new file (same kind as the item)')
      .option(approveOption, approveHelp),
  )
    .addHelpText('after', '\nExamples:\n  cms replace 12 price-list-2027.pdf\n  cms replace 12 price-list-2027.pdf --approve --json')
    .action(async (rawId: string, file: string, opts: { approve?: boolean }) => {
      const id = parseId(rawId);
      ctx.exitCode = await withConnection(ctx, { worker: true }, async (conn) => {
        const r = await conn.product.replace(id, { file: { path: path.resolve(file), fileName: path.basename(file) }, approve: !!opts.approve });
        await drain(conn, ctx.signal);
        printResult(ctx, 'Replaced', r);
        return EXIT.ok;
      });
    });
}

export function versionsCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('versions').description('list the versions of an item\'s file, oldest first').argument('<id>', 'id of a document, presentation or video'),
  )
    .addHelpText('after', '\nExamples:\n  cms versions 12\n  cms versions 12 --json')
    .action(async (rawId: string) => {
      const id = parseId(rawId);
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const versions: ItemVersion[] = await conn.product.versions(id);
        if (ctx.logger.mode === 'json') ctx.logger.json({ versions });
        else {
          for (const v of versions) {
            ctx.logger.line(`${String(v.n).padStart(3)}  ${v.state.padEnd(10)} ${v.createdAt.slice(0, 19).replace('T', ' ')}  ${v.createdBy.padEnd(12)} ${v.fileName}${v.restoredFrom ? ` (restored from ${v.restoredFrom})` : ''}${v.note ? `: ${v.note}` : ''}`);
          }
        }
        return EXIT.ok;
      });
    });
}

export function restoreVersionCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('restore-version')
      .description('bring back an earlier version\'s file as a new version (processed and reviewed like a replacement)')
      .argument('<id>', 'id of a document, presentation or video')
      .argument('<n>', 'the version number (as `cms versions` lists it)')
      .option(approveOption, approveHelp),
  )
    .addHelpText('after', '\nExamples:\n  cms restore-version 12 1\n  cms restore-version 12 1 --approve')
    .action(async (rawId: string, rawN: string, opts: { approve?: boolean }) => {
      const id = parseId(rawId);
      const n = parseId(rawN, 'version');
      ctx.exitCode = await withConnection(ctx, { worker: true }, async (conn) => {
        const r = await conn.product.restoreVersion(id, n, { approve: !!opts.approve });
        await drain(conn, ctx.signal);
        printResult(ctx, 'Restored', r);
        return EXIT.ok;
      });
    });
}
