import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { TRANSLATION_LANGUAGES } from '../../core/foundation/types';
import type { Product } from '../../core/product/index';
import type { TranslationRecord } from '../../core/foundation/types';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { displayPath, expandInputs, type Candidate } from '../import/expand';
import { createImporter, totals, type ImportRow } from '../import/importer';
import { createReporter } from '../import/report';
import { watchFolders } from '../import/watch';
import { createTracker } from '../tracker';
import { parseCount, usageError } from '../usage';

interface ImportOptions {
  category?: string;
  translateTo?: string;
  title?: string;
  recursive?: boolean;
  watch?: boolean;
  interval: string;
  force?: boolean;
  approve?: boolean;
  audience?: 'public' | 'staff';
  validUntil?: string;
}

export function importCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('import')
      .description('import PDF, DOCX, PPTX and MP4 files (type picked from the content) and wait until they are processed')
      .argument('<paths...>', 'files, folders or glob patterns')
      .option('-c, --category <name|id>', 'put documents and presentations in this category')
      .option('-t, --translate-to <language>', `also translate into this language (${TRANSLATION_LANGUAGES.join(', ')})`)
      .option('--title <title>', 'title of the item (one file only)')
      .option('-r, --recursive', 'include files in sub-folders')
      .option('-w, --watch', 'keep running and import new files that appear in the given folders')
      .option('--interval <ms>', 'how often --watch scans the folders', '1000')
      .option('-f, --force', 'import again even when the same content was imported before')
      .option('--approve', 'approve on upload: public once processed (otherwise it waits for review)')
      .option('--audience <audience>', 'public (default) or staff (signed-in users only)')
      .option('--valid-until <date>', 'no longer public after this date, e.g. 2027-01-31'),
  )
    .addHelpText('after', '\nExamples:\n  cms import manual.pdf deck.pptx\n  cms import ./docs --recursive --category "Blinds"\n  cms import "manuals/**/*.pdf" --translate-to hebrew\n  cms import ./inbox --watch --json')
    .action(async (paths: string[], options: ImportOptions) => {
      ctx.exitCode = await runImport(ctx, paths, options);
    });
}

function validLanguage(value: string | undefined): string | null {
  if (!value) return null;
  const lang = value.trim().toLowerCase();
  if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(lang)) {
    throw usageError(`Unknown language "${value}" for --translate-to. Use one of: ${TRANSLATION_LANGUAGES.join(', ')}`);
  }
  return lang;
}

async function resolveCategory(product: Product, value: string): Promise<number> {
  const categories = await product.categories();
  const wanted = value.trim();
  const found = /^\d+$/.test(wanted)
    ? categories.find((c) => c.id === Number(wanted))
    : categories.find((c) => c.name.localeCompare(wanted, undefined, { sensitivity: 'accent' }) === 0);
  if (found) return found.id;
  const known = categories.map((c) => `"${c.name}" (${c.id})`).join(', ');
  throw usageError(`No category "${value}". ${known ? `Categories: ${known}` : 'There are no categories yet: create one in the web console first.'}`);
}

/** The folders among the inputs, for --watch (which needs one, and no --title). */
async function foldersToWatch(ctx: CliContext, inputs: string[], options: ImportOptions): Promise<string[]> {
  const watchDirs: string[] = [];
  for (const input of inputs) {
    const abs = path.resolve(ctx.cwd, input);
    if ((await stat(abs).catch(() => null))?.isDirectory()) watchDirs.push(abs);
  }
  if (!watchDirs.length) throw usageError('--watch needs at least one folder to watch');
  if (options.title) throw usageError('--title cannot be used with --watch');
  return watchDirs;
}

async function runImport(ctx: CliContext, inputs: string[], options: ImportOptions): Promise<number> {
  const { logger, signal } = ctx;
  const translateTo = validLanguage(options.translateTo);
  const intervalMs = parseCount(options.interval, '--interval', 100, 600_000);
  const watchDirs = options.watch ? await foldersToWatch(ctx, inputs, options) : [];
  const expansion = await expandInputs(inputs, { cwd: ctx.cwd, recursive: !!options.recursive, allowEmptyFolders: !!options.watch });
  if (options.title && expansion.files.length !== 1) throw usageError(`--title is for one file, but ${expansion.files.length} were given`);

  const started = Date.now();
  return withConnection(ctx, { worker: true }, async (conn) => {
    const categoryId = options.category ? await resolveCategory(conn.product, options.category) : null;
    const where = conn.mode === 'http' ? `the server at ${conn.target}` : `${conn.target} (no server running: processing here)`;
    logger.info(`Importing ${expansion.files.length} file${expansion.files.length === 1 ? '' : 's'} into ${where}`);
    if (expansion.skippedFolders.length) logger.warn(`${expansion.skippedFolders.length} sub-folder(s) left out; add --recursive to include them`);

    const footer = options.watch ? `Watching ${watchDirs.map((d) => displayPath(d, ctx.cwd)).join(', ')} for new files (Ctrl-C to stop)` : undefined;
    let translated: { completed: number; failed: TranslationRecord[] } | null = null;
    const reporter = await createReporter(logger, { stream: !!options.watch, footer });
    const tracker = createTracker(conn.product, { intervalMs: conn.mode === 'http' ? 500 : 200, signal });
    const importer = createImporter(conn.product, tracker, {
      categoryId, translateTo, title: options.title, force: !!options.force, approve: !!options.approve, audience: options.audience, validUntil: options.validUntil ?? null,
    }, (e) => reporter.event(e), signal);

    try {
      reporter.event({ kind: 'planned', count: expansion.files.length + expansion.problems.length });
      for (const p of expansion.problems) importer.problem(p.input, p.reason);
      const outcomes: Promise<ImportRow>[] = [];
      // A server that is down or refuses the token ends the whole run (and a watch) at the next file.
      const stopWatching = new AbortController();
      signal.addEventListener('abort', () => stopWatching.abort(), { once: true });
      let fatal: unknown = null;
      const submit = async (c: Candidate) => {
        if (fatal) throw fatal;
        const s = importer.importFile(c);
        outcomes.push(s.row);
        s.row.catch((e: unknown) => {
          fatal ??= e;
          stopWatching.abort();
        });
        await s.submitted;
        await new Promise((r) => setImmediate(r));
        if (fatal) throw fatal;
      };
      for (const c of expansion.files) {
        if (signal.aborted) importer.notStarted(c);
        else await submit(c);
      }
      if (options.watch && !signal.aborted) {
        if (logger.mode !== 'tty') logger.info(footer!); // on a terminal the live view shows it
        const handled = new Set(expansion.files.map((f) => f.path));
        let chain = Promise.resolve();
        await watchFolders({ dirs: watchDirs, recursive: !!options.recursive, intervalMs, signal: stopWatching.signal, handled }, (file) => {
          // One upload at a time, in the order files settle; processing overlaps.
          reporter.event({ kind: 'planned', count: 1 });
          chain = chain.then(() => submit({ path: file, display: displayPath(file, ctx.cwd) }));
        });
        await chain;
      }
      await Promise.all(outcomes);
      // The translations asked for run after each ingest: the summary waits for them and counts the failed ones.
      if (translateTo && !signal.aborted) translated = await followTranslations(conn, importer.rows, translateTo, signal);
      const translations = translated ? { completed: translated.completed, failed: translated.failed } : undefined;
      await reporter.finish(importer.rows, { mode: conn.mode, target: conn.target, ms: Date.now() - started, translations });
      if (translated && logger.mode !== 'json') {
        for (const f of translated.failed) logger.line(`${f.itemType} ${f.itemId} → ${f.targetLanguage}: translation failed: ${f.error ?? 'no reason'}`);
        logger.line(`Translations into ${translateTo}: ${translated.completed} completed, ${translated.failed.length} failed`);
      }
    } catch (e) {
      await reporter.close();
      throw e;
    }
    // One rule for every command: interrupted 130 (whatever else happened), something failed 1, else 0.
    if (signal.aborted) return EXIT.interrupted;
    const t = totals(importer.rows);
    return t.failed || translated?.failed.length ? EXIT.failed : EXIT.ok;
  });
}

/** Follows the translations of the imported items until each is completed or failed (or the run is interrupted). */
async function followTranslations(conn: Connection, rows: ImportRow[], lang: string, signal: AbortSignal): Promise<{ completed: number; failed: TranslationRecord[] }> {
  const items = rows.filter((r) => r.status === 'completed' && r.type && r.id !== null);
  for (;;) {
    const records = (await conn.product.translationList()).filter((t) => t.targetLanguage === lang && items.some((r) => r.type === t.itemType && r.id === t.itemId));
    const settled = records.every((t) => t.state === 'completed' || t.state === 'failed');
    if (settled || signal.aborted) return { completed: records.filter((t) => t.state === 'completed').length, failed: records.filter((t) => t.state === 'failed') };
    await new Promise((r) => setTimeout(r, conn.mode === 'http' ? 500 : 200));
  }
}
