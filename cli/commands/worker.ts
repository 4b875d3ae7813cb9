import { Command } from 'commander';
import { AppError } from '../../core/errors';
import { lineLogger } from '../../core/product/index';
import { createServices, workerName } from '../compose';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';

/**
 * `cms worker`: runs ingestion, translation and transcription jobs without
 * serving HTTP, until stopped (SIGTERM/SIGINT: running jobs go back to the
 * queue). With DATABASE_URL any number of workers share the queue; without
 * it the worker holds the data folder like a server.
 */
export function workerCommand(ctx: CliContext) {
  return withCommonOptions(new Command('worker').description('run jobs (ingestion, translation, transcription) without serving HTTP, until stopped'))
    .addHelpText('after', '\nExample (several machines, one PostgreSQL):\n  DATABASE_URL=postgres://cms@db/cms CHROMA_URL=http://chroma:8000 S3_BUCKET=cms S3_ENDPOINT=http://s3:9000 cms worker')
    .action(async () => {
      const { logger } = ctx;
      const config = ctx.config();
      if (config.worker.concurrency < 1) throw new AppError('validation', 'WORKER_CONCURRENCY is 0: a worker needs at least one job slot');
      ctx.endsOnSignal = true;
      // The worker's lines are its log: JSON (pino), the server's format.
      const log = logger.log({ level: config.logLevel });
      const services = await createServices(config, { lock: { url: null }, startWorker: true, log: lineLogger(log) });
      try {
        const from = config.databaseUrl ? 'PostgreSQL' : config.dataDir;
        log.info({ worker: workerName(), concurrency: config.worker.concurrency, from }, `Worker ${workerName()} is taking jobs, ${config.worker.concurrency} at a time, from ${from}`);
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        log.info('Stopping: running jobs go back to the queue');
      } finally {
        await services.close();
      }
      ctx.exitCode = EXIT.ok;
    });
}
