import { Command } from 'commander';
import { ITEM_STATUSES, RUNNING_STATUSES, type ContentItem } from '../../core/foundation/types';
import type { Product } from '../../core/product/index';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { bytes } from '../format';
import { EXIT } from '../handle-error';
import type { Logger, Style } from '../logger';
import { usageError } from '../usage';
import type { Column } from '../views/table';

const KINDS = ['documents', 'presentations', 'videos', 'categories', 'images'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(value: string | undefined): Kind | null {
  if (!value) return null;
  const v = value.toLowerCase();
  const found = KINDS.find((k) => k === v || k === `${v}s` || k.replace(/ies$/, 'y') === v);
  if (!found) throw usageError(`Unknown type "${value}". Use one of: ${KINDS.join(', ')}`);
  return found;
}

/** `--status failed,running`: the item statuses to keep ("running" stands for every status of work in progress). */
function statusFilter(value: string | undefined): ((status: string) => boolean) | null {
  if (value === undefined) return null;
  const wanted = new Set<string>();
  for (const raw of value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean)) {
    if (raw === 'running') RUNNING_STATUSES.forEach((st) => wanted.add(st));
    else if ((ITEM_STATUSES as readonly string[]).includes(raw)) wanted.add(raw);
    else throw usageError(`Unknown status "${raw}" for --status. Use one or more of: running, ${ITEM_STATUSES.join(', ')}`);
  }
  if (!wanted.size) throw usageError('--status needs at least one status');
  return (status) => wanted.has(status);
}

const date = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
const statusStyle = (s: string) => (s === 'failed' ? 'red' : s === 'completed' || s === 'approved' ? 'green' : s === 'archived' ? 'dim' : 'cyan') as Style;
/** An archived item (its file left a synced folder, or archived by hand) is never public: it shows as archived, whatever its processing status. */
const shownStatus = (r: { status: unknown; archivedAt?: string | null }) => (r.archivedAt ? 'archived' : String(r.status));

export function lsCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('ls')
      .description(`list content (all documents, presentations and videos), or one of: ${KINDS.join(', ')}`)
      .argument('[type]', KINDS.join(' | '))
      .option('-s, --status <statuses>', `only items in these statuses, comma-separated: running, ${ITEM_STATUSES.join(', ')}`),
  )
    .addHelpText('after', '\nExamples:\n  cms ls\n  cms ls documents\n  cms ls --status failed\n  cms ls videos --status running,failed\n  cms ls categories --json')
    .action(async (type: string | undefined, options: { status?: string }) => {
      const kind = kindOf(type);
      const keep = statusFilter(options.status);
      if (keep && (kind === 'categories' || kind === 'images')) throw usageError(`--status filters documents, presentations and videos, not ${kind}`);
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        await list(ctx.logger, conn.product, kind, keep);
        return EXIT.ok;
      });
    });
}

function showRows<T>(logger: Logger, rows: T[], columns: Column<T>[], what: string) {
  if (logger.mode === 'json') return logger.json(rows);
  if (!rows.length) return logger.info(`No ${what}.`);
  logger.table(rows, columns);
}

async function list(logger: Logger, product: Product, kind: Kind | null, keep: ((status: string) => boolean) | null) {
  const only = <T extends { status: unknown }>(rows: T[]) => (keep ? rows.filter((r) => keep(String(r.status))) : rows);
  const show = <T>(l: Logger, rows: T[], columns: Column<T>[], what: string) => showRows(l, rows, columns, keep ? `${what} in those statuses` : `${what} yet`);
  switch (kind) {
    case null:
      return show<ContentItem>(logger, only(await product.content()), [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'type', value: (r) => r.type },
        { header: 'title', value: (r) => r.title, max: 40 },
        { header: 'status', value: (r) => shownStatus(r), style: (r) => statusStyle(shownStatus(r)) },
        { header: 'file', value: (r) => r.fileName, max: 36 },
        { header: 'size', value: (r) => (r.fileSize ? bytes(r.fileSize) : ''), align: 'right' },
        { header: 'uploaded', value: (r) => date(r.uploadDate) },
      ], 'content');
    case 'documents':
      return show(logger, only(await product.items('document')), [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'title', value: (r) => r.title, max: 40 },
        { header: 'status', value: (r) => shownStatus(r), style: (r) => statusStyle(shownStatus(r)) },
        { header: 'pages', value: (r) => r.pageCount, align: 'right' },
        { header: 'chunks', value: (r) => r.chunkCount, align: 'right' },
        { header: 'images', value: (r) => r.imageCount, align: 'right' },
        { header: 'lang', value: (r) => r.sourceLanguage },
        { header: 'category', value: (r) => r.categoryId },
        { header: 'file', value: (r) => r.fileName, max: 36 },
      ], 'documents');
    case 'presentations':
      return show(logger, only(await product.items('presentation')), [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'title', value: (r) => r.label, max: 40 },
        { header: 'status', value: (r) => shownStatus(r), style: (r) => statusStyle(shownStatus(r)) },
        { header: 'slides', value: (r) => r.slideCount, align: 'right' },
        { header: 'chunks', value: (r) => r.chunkCount, align: 'right' },
        { header: 'images', value: (r) => r.imageCount, align: 'right' },
        { header: 'translation', value: (r) => (r.translation.state === 'none' ? '' : `${r.translation.targetLanguage} ${r.translation.state}`) },
        { header: 'file', value: (r) => r.fileName, max: 36 },
      ], 'presentations');
    case 'videos':
      return show(logger, only(await product.items('video')), [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'title', value: (r) => r.label, max: 40 },
        { header: 'status', value: (r) => shownStatus(r), style: (r) => statusStyle(shownStatus(r)) },
        { header: 'duration', value: (r) => (r.duration === null ? '' : `${Math.round(r.duration)} s`), align: 'right' },
        { header: 'subcategory', value: (r) => r.subcategory },
        { header: 'translation', value: (r) => (r.translation.state === 'none' ? '' : `${r.translation.targetLanguage} ${r.translation.state}`) },
        { header: 'file', value: (r) => r.fileName, max: 36 },
      ], 'videos');
    case 'categories':
      return show(logger, await product.categories(), [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'name', value: (r) => r.name, max: 40 },
        { header: 'active', value: (r) => (r.isActive ? 'yes' : 'no') },
        { header: 'description', value: (r) => r.description, max: 60 },
      ], 'categories');
    case 'images': {
      const [bot, presentation] = await Promise.all([product.images('bot'), product.images('presentation')]);
      const rows = [
        ...bot.map((i) => ({ id: i.id, kind: 'document', source: i.documentId, title: i.documentTitle, where: i.page ? `p. ${i.page}` : '', description: i.description, url: i.image })),
        ...presentation.map((i) => ({
          id: i.id, kind: i.kind === 'slide' ? 'slide render' : 'presentation', source: i.presentationId, title: i.presentationTitle,
          where: i.slide ? `slide ${i.slide}` : '', description: i.description, url: i.image,
        })),
      ].sort((a, b) => a.id - b.id);
      if (logger.mode === 'json') return logger.json({ botImages: bot, presentationImages: presentation });
      return show(logger, rows, [
        { header: 'id', value: (r) => r.id, align: 'right' },
        { header: 'kind', value: (r) => r.kind },
        { header: 'from', value: (r) => (r.source ? `${r.source} ${r.title ?? ''}` : ''), max: 36 },
        { header: 'where', value: (r) => r.where },
        { header: 'description', value: (r) => r.description, max: 40 },
        { header: 'url', value: (r) => r.url, max: 60 },
      ], 'images');
    }
    default: {
      const never: never = kind;
      throw usageError(`Unknown type ${String(never)}`);
    }
  }
}
