import { Command } from 'commander';
import type { SearchHit } from '../../core/product/index';
import type { ContentType } from '../../core/foundation/types';
import type { Logger } from '../logger';
import type { Column } from '../views/table';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseCount, usageError } from '../usage';

const TYPES: Record<string, ContentType> = {
  document: 'document', documents: 'document', presentation: 'presentation', presentations: 'presentation', video: 'video', videos: 'video',
};

interface SearchOptions {
  k: string;
  type?: string;
}

export function searchCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('search')
      .description('search the indexed content the way the assistants do')
      .argument('<query>', 'what to look for (quote it)')
      .option('-k, --k <n>', 'number of results', '10')
      .option('--type <type>', 'only documents, presentations or videos'),
  )
    .addHelpText('after', '\nExamples:\n  cms search "how do I pair the remote"\n  cms search "KNX gateway" --k 3 --type document --json')
    .action(async (query: string, options: SearchOptions) => {
      const k = parseCount(options.k, '--k', 1, 100);
      const type = options.type ? TYPES[options.type.toLowerCase()] : undefined;
      if (options.type && !type) throw usageError(`--type must be document, presentation or video (got "${options.type}")`);
      if (!query.trim()) throw usageError('The query is empty');
      const { logger } = ctx;
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const started = Date.now();
        const hits = await conn.product.search(query, { k, type });
        const ms = Date.now() - started;
        if (logger.mode === 'json') {
          logger.json({ query, k, type: type ?? null, ms, hits });
          return EXIT.ok;
        }
        printHits(logger, query, hits, ms);
        return EXIT.ok;
      });
    });
}

const COLUMNS: Column<SearchHit & { rank: number }>[] = [
  { header: '#', value: (h) => h.rank, align: 'right' },
  { header: 'score', value: (h) => h.score.toFixed(3), align: 'right' },
  { header: 'type', value: (h) => h.chunk.itemType },
  { header: 'id', value: (h) => h.chunk.itemId, align: 'right' },
  { header: 'title', value: (h) => h.chunk.title, max: 32 },
  { header: 'where', value: (h) => (h.chunk.page ? `p. ${h.chunk.page}` : h.chunk.slide ? `slide ${h.chunk.slide}` : '') },
  { header: 'text', value: (h) => h.chunk.text, max: 90 },
];

function printHits(logger: Logger, query: string, hits: SearchHit[], ms: number) {
  if (!hits.length) return logger.info(`No results for "${query}".`);
  logger.table(hits.map((h, i) => ({ rank: i + 1, ...h })), COLUMNS);
  logger.info(`${hits.length} result${hits.length === 1 ? '' : 's'} in ${ms} ms`);
}
