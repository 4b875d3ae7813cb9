import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { AppError } from '../../core/foundation/errors';
import { lineLogger, type Product } from '../../core/product/index';
import { safeEqual } from '../../core/product/index';
import { createServices, workerName } from '../compose';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseCount } from '../usage';

/**
 * `cms worker`: runs ingestion, translation and transcription jobs without
 * serving HTTP, until stopped (SIGTERM/SIGINT: running jobs go back to the
 * queue). With DATABASE_URL any number of workers share the queue; without
 * it the worker holds the data folder like a server.
 */
export function workerCommand(ctx: CliContext) {
  return withCommonOptions(new Command('worker').description('run jobs (ingestion, translation, transcription) without serving HTTP, until stopped'))
    .option('--metrics-port <port>', 'serve this worker\'s metrics (Prometheus text) at http://HOST:<port>/metrics; 0 picks a free port')
    .option('--metrics-host <host>', 'the address the metrics listen on (default 127.0.0.1; 0.0.0.0 for a scraper on another machine: set METRICS_TOKEN)', '127.0.0.1')
    .addHelpText('after', '\nExample (several machines, one PostgreSQL):\n  DATABASE_URL=postgres://cms@db/cms CHROMA_URL=http://chroma:8000 S3_BUCKET=cms S3_ENDPOINT=http://s3:9000 cms worker --metrics-port 9464 --metrics-host 0.0.0.0')
    .action(async (opts: { metricsPort?: string; metricsHost: string }) => {
      const { logger } = ctx;
      const config = ctx.config();
      if (config.worker.concurrency < 1) throw new AppError('validation', 'WORKER_CONCURRENCY is 0: a worker needs at least one job slot');
      ctx.endsOnSignal = true;
      // The worker's lines are its log: JSON (pino), the server's format.
      const log = logger.log({ level: config.logLevel });
      const metricsPort = opts.metricsPort === undefined ? null : parseCount(opts.metricsPort, '--metrics-port', 0, 65535);
      const services = await createServices(config, { lock: { url: null }, startWorker: true, log: lineLogger(log) });
      let metrics: Server | null = null;
      try {
        if (metricsPort !== null) {
          metrics = await serveMetrics(services.product, { port: metricsPort, host: opts.metricsHost, token: config.metricsToken });
          const at = metrics.address() as AddressInfo;
          log.info({ metrics: `http://${opts.metricsHost}:${at.port}/metrics` }, `Metrics at http://${opts.metricsHost}:${at.port}/metrics`);
        }
        const from = config.databaseUrl ? 'PostgreSQL' : config.dataDir;
        log.info({ worker: workerName(), concurrency: config.worker.concurrency, from }, `Worker ${workerName()} is taking jobs, ${config.worker.concurrency} at a time, from ${from}`);
        // Runs until a signal. Something must hold the event loop meanwhile: with CHROMA_URL (no Chroma child
        // process) and a local data folder nothing else does, and node would end the worker at once, exit 0.
        const awake = setInterval(() => {}, 2 ** 30);
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        }).finally(() => clearInterval(awake));
        log.info('Stopping: running jobs go back to the queue');
      } finally {
        await new Promise<void>((r) => (metrics ? metrics.close(() => r()) : r()));
        await services.close();
      }
      ctx.exitCode = EXIT.ok;
    });
}

/**
 * A worker's own metrics (its job durations and failures, dependency up gauges, process figures) for a
 * scraper: GET /metrics; with METRICS_TOKEN set, only with `Authorization: Bearer <METRICS_TOKEN>`.
 */
async function serveMetrics(product: Product, o: { port: number; host: string; token: string | null }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || (path !== '/metrics' && path !== '/api/metrics')) return void res.writeHead(404).end('Not found: GET /metrics\n');
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (o.token && !(bearer && safeEqual(bearer, o.token))) return void res.writeHead(401).end('Present METRICS_TOKEN as a bearer token\n');
    product.metrics({}).then(
      (m) => res.writeHead(200, { 'content-type': m.contentType }).end(m.body),
      (e: Error) => res.writeHead(500).end(`${e.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  return server;
}
