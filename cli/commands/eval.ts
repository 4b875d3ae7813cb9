import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { ROOT, withCommonOptions, type CliContext } from '../context';
import { loadEval, type EvalResult } from '../../core/product/index';
import { EXIT } from '../handle-error';
import type { Logger } from '../logger';
import { startProgress } from '../progress';
import { parseCount, usageError } from '../usage';

interface EvalOptions {
  data?: string;
  answers?: string;
  corpus?: string;
  k: string;
  perFile?: string;
}

const DEFAULT_DATA = path.join(ROOT, 'eval');

export function evalCommand(ctx: CliContext) {
  return withCommonOptions(
    new Command('eval')
      .description('measure retrieval on question-answering data (SQuAD-format JSON): Hit@1, Hit@5, MRR@10 per language, latency')
      .option('--data <dir>', 'folder with the evaluation files', DEFAULT_DATA)
      .option('-k, --k <n>', 'results retrieved per question', '5')
      .option('--per-file <n>', 'ask at most this many questions per file (a quick run)')
      .option('--answers <questions.json>', 'answers mode: ingest real files and ask a question file (right answer at the right place, not found, grounding)')
      .option('--corpus <dir>', 'answers mode: the folder the question file\'s file paths are relative to (default: its own folder)'),
  )
    .addHelpText('after', '\nExamples:\n  cms eval\n  cms eval --data ./eval --k 5 --json\n  cms eval --per-file 50\n  cms eval --answers core/features/eval/answers/corpus-questions.json --corpus ../shared/corpus')
    .action(async (options: EvalOptions) => {
      if (options.answers) return answersMode(ctx, options);
      const k = parseCount(options.k, '--k', 1, 100);
      const questionsPerFile = options.perFile ? parseCount(options.perFile, '--per-file', 1, 1_000_000) : undefined;
      const dataDir = path.resolve(ctx.cwd, options.data ?? DEFAULT_DATA);
      if (!(await stat(dataDir).catch(() => null))?.isDirectory()) {
        throw usageError(`No evaluation data folder at ${dataDir}: pass --data DIR (a folder of SQuAD-format JSON files)`);
      }
      const { logger } = ctx;
      // Loaded on use: the evaluation pulls in the whole search stack.
      const { runEval, rerankerFromConfig } = await loadEval();
      // RERANK_URL: the reranked order is scored beside the fused one.
      const reranker = rerankerFromConfig(ctx.config().search.rerank, { warn: (m) => logger.warn(m) });
      const progress = await startProgress(logger, 'Evaluating', { plainEveryMs: 5000 });
      let report;
      try {
        report = await runEval({ dataDir, k, questionsPerFile, reranker, signal: ctx.signal, onProgress: (p) => progress.update(p.done, p.total, p.phase) });
      } finally {
        await progress.stop();
      }
      printReport(logger, report);
      ctx.exitCode = EXIT.ok;
    });
}

function printReport(logger: Logger, report: EvalResult) {
  if (logger.mode === 'json') return logger.json(report);
  const table = (languages: EvalResult['languages']) => logger.table(Object.entries(languages).map(([lang, m]) => ({ lang, ...m })), [
    { header: 'language', value: (r) => r.lang },
    { header: 'questions', value: (r) => r.questions, align: 'right' },
    { header: 'Hit@1', value: (r) => r.hit1.toFixed(3), align: 'right' },
    { header: 'Hit@5', value: (r) => r.hit5.toFixed(3), align: 'right' },
    { header: 'MRR@10', value: (r) => r.mrr10.toFixed(3), align: 'right' },
  ]);
  if (report.reranked) logger.info('Fused order:');
  table(report.languages);
  if (report.reranked) {
    const { reranker, outcomes, latencyMs } = report.reranked;
    logger.info(`Reranked by ${reranker}:`);
    table(report.reranked.languages);
    logger.info(`Reranking requests: ${Object.entries(outcomes).map(([o, n]) => `${n} ${o}`).join(', ') || 'none'}; p50 ${latencyMs.p50.toFixed(1)} ms, p95 ${latencyMs.p95.toFixed(1)} ms`);
  }
  if (report.unmapped.length) logger.info(`${report.unmapped.length} chunk(s) matched no passage and were skipped: ${report.unmapped.slice(0, 5).map((u) => `${u.chunk} (${u.file})`).join(', ')}`);
  logger.info(`Query latency: p50 ${report.latencyMs.p50.toFixed(1)} ms, p95 ${report.latencyMs.p95.toFixed(1)} ms`);
}

async function answersMode(ctx: CliContext, options: EvalOptions) {
  const questions = path.resolve(ctx.cwd, options.answers!);
  if (!(await stat(questions).catch(() => null))?.isFile()) throw usageError(`No question file at ${questions}`);
  const corpusDir = path.resolve(ctx.cwd, options.corpus ?? path.dirname(questions));
  const { runAnswersEval, formatAnswersEval } = await import('../compose');
  const progress = await startProgress(ctx.logger, 'Answering', { plainEveryMs: 5000 });
  let report;
  try {
    report = await runAnswersEval({ corpusDir, questions, signal: ctx.signal, onProgress: (p) => progress.update(p.done, p.total, p.phase) });
  } finally {
    await progress.stop();
  }
  if (ctx.logger.mode === 'json') ctx.logger.json(report);
  else ctx.logger.info(formatAnswersEval(report));
  ctx.exitCode = EXIT.ok;
}
