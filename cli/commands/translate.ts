import { Command } from 'commander';
import { AppError } from '../../core/foundation/errors';
import type { ContentType, TranslationRecord } from '../../core/foundation/types';
import { withConnection, type Connection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId, usageError } from '../usage';

interface TranslateOptions {
  to?: string;
  providers?: boolean;
  wait: boolean;
  subtitles?: string;
  dub?: boolean;
}

const describe = (t: TranslationRecord) => {
  const who = `${t.itemType} ${t.itemId} → ${t.targetLanguage}`;
  const via = t.provider ? ` (${t.provider}${t.quality === 'machine' ? ', machine translation' : ''})` : '';
  if (t.state === 'completed') return `${who}: completed${via}, ${t.progress.total} segments, ${t.requests} requests, ${t.memoryHits} from memory: ${t.filePath}`;
  if (t.state === 'failed') return `${who}: failed: ${t.error}`;
  return `${who}: ${t.state}${t.progress.total ? ` ${t.progress.done}/${t.progress.total} segments` : ''}${via}`;
};

export function translateCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('translate')
      .description('translate documents, presentations or videos into one or more languages (a new file per language, layout kept; videos get subtitles)')
      .argument('[ids...]', 'ids of documents, presentations or videos (as `cms ls` shows)')
      .option('--to <languages>', 'target languages, comma-separated (e.g. hebrew,arabic)')
      .option('--providers', 'list which provider serves which language pair (and why one is not available), then exit')
      .option('--subtitles <mode>', 'videos: soft (a subtitle track, default) or burned (into the picture)')
      .option('--dub', 'videos: add a dubbed sound track (synthetic voice) in the target language')
      .option('--no-wait', 'queue the translations and return without waiting for them'),
  )
    .addHelpText('after', '\nExamples:\n  cms translate --providers\n  cms translate 12 --to hebrew\n  cms translate 12 13 --to hebrew,arabic --json\n  cms translate 21 --to spanish --subtitles burned --dub')
    .action(async (rawIds: string[], options: TranslateOptions) => {
      if (options.providers) {
        ctx.exitCode = await withConnection(ctx, { worker: false }, (conn) => listProviders(ctx, conn));
        return;
      }
      if (!rawIds.length) throw usageError('Give the ids of the items to translate (or --providers to list what can be translated)');
      if (!options.to) throw usageError('Give at least one target language with --to');
      const ids = rawIds.map((v) => parseId(v));
      const langs = options.to.split(',').map((l) => l.trim()).filter(Boolean);
      if (!langs.length) throw usageError('Give at least one target language with --to');
      if (options.subtitles !== undefined && options.subtitles !== 'soft' && options.subtitles !== 'burned') throw usageError('--subtitles must be soft or burned');
      const video = { ...(options.subtitles ? { subtitles: options.subtitles as 'soft' | 'burned' } : {}), ...(options.dub ? { dub: true } : {}) };
      ctx.exitCode = await withConnection(ctx, { worker: options.wait }, (conn) => translate(ctx, conn, ids, langs, options.wait, video));
    });
}

/** Which provider serves which pair: one line per provider, then the pairs grouped by source language. */
async function listProviders(ctx: CliContext, conn: Connection): Promise<number> {
  const offers = await conn.product.translationOffers();
  const { logger } = ctx;
  if (logger.mode === 'json') { logger.json(offers); return EXIT.ok; }
  for (const p of offers.providers) {
    logger.line(`${p.id} (${p.quality === 'llm' ? 'language model' : 'machine translation'}): ${p.available ? `${p.pairs} language pairs` : `not available: ${p.reason ?? ''}`}`);
  }
  const bySource = new Map<string, string[]>();
  for (const p of offers.pairs) bySource.set(p.source, [...(bySource.get(p.source) ?? []), `${p.target} (${p.provider})`]);
  if (!bySource.size) logger.line('No language pair can be translated.');
  for (const [source, targets] of bySource) logger.line(`${source} → ${targets.join(', ')}`);
  if (offers.hint) logger.line(offers.hint.text);
  return EXIT.ok;
}

/** Asks for every (item, language) translation, then follows them until each is completed or failed. */
async function translate(ctx: CliContext, conn: Connection, ids: number[], langs: string[], wait: boolean, video: { subtitles?: 'soft' | 'burned'; dub?: boolean } = {}): Promise<number> {
  const { logger, signal } = ctx;
  const content = await conn.product.content();
  const requested: TranslationRecord[] = [];
  const refused: Array<{ itemType: string; itemId: number; targetLanguage: string; error: string; errorCode: string }> = [];
  for (const id of ids) {
    const item = content.find((c) => c.id === id);
    if (!item) throw new AppError('not_found', `No item has id ${id}`);
    for (const lang of langs) {
      let t: TranslationRecord;
      try {
        t = await conn.product.translate(item.type as ContentType, id, lang, item.type === 'video' ? video : {});
      } catch (e) {
        // A pair no provider serves is refused up front: the other languages still go.
        if (!(e instanceof AppError) || e.code !== 'not_configured') throw e;
        refused.push({ itemType: item.type, itemId: id, targetLanguage: lang, error: e.message, errorCode: e.code });
        if (logger.mode !== 'json') logger.line(`${item.type} ${id} ("${item.title}") → ${lang}: refused: ${e.message}`);
        continue;
      }
      requested.push(t);
      if (logger.mode !== 'json') logger.event(`${item.type} ${id} ("${item.title}") → ${t.targetLanguage}: ${t.state}`);
    }
  }
  const final = wait ? await follow(ctx, conn, requested) : requested;
  if (logger.mode === 'json') logger.json({ mode: conn.mode, target: conn.target, translations: final, refused });
  if (signal.aborted) return EXIT.interrupted;
  return refused.length || final.some((t) => t.state === 'failed') ? EXIT.failed : EXIT.ok;
}

/** Polls the records, printing a line whenever one changes. */
async function follow(ctx: CliContext, conn: Connection, requested: TranslationRecord[]): Promise<TranslationRecord[]> {
  const last = new Map<number, string>();
  for (;;) {
    const now = await Promise.all(requested.map((r) => conn.product.translation(r.id)));
    for (const t of now) {
      const line = describe(t);
      if (ctx.logger.mode !== 'json' && last.get(t.id) !== line) ctx.logger.event(line);
      last.set(t.id, line);
    }
    if (now.every((t) => t.state === 'completed' || t.state === 'failed') || ctx.signal.aborted) return now;
    await new Promise((r) => setTimeout(r, conn.mode === 'http' ? 500 : 200));
  }
}
