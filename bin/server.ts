import { isAppError } from '../core/foundation/errors';
import { createServices, loadConfig } from '../core/composition/root';
import { createLog, lineLogger, serviceLog } from '../core/foundation/log';
import { buildApp } from '../server/app';

/** Every line this process writes is one JSON object (pino): requests, service lines, start and stop. */
const root = createLog({ level: process.env.LOG_LEVEL });
const log = serviceLog(root);

/** Starts the product: services on embedded defaults, the HTTP server, graceful shutdown. */
async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const config = loadConfig();
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const services = await createServices(config, {
    lock: { url },
    startWorker: true,
    log: lineLogger(log),
    warn: (m) => log.warn(m),
    onGeneratedPassword: (pw) => {
      const where = config.databaseUrl ? 'the database (every server uses it)' : `${config.dataDir}/admin.json`;
      log.warn({ username: config.admin.username, password: pw },
        `No ADMIN_PASSWORD was set, so one was generated (shown only this once): username ${config.admin.username}, password ${pw}. Its hash is stored in ${where}. Set ADMIN_PASSWORD to choose your own.`);
    },
  });
  const app = await buildApp(services, { loggerInstance: root });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, `${signal}: shutting down (running jobs will resume on the next start)`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch(() => {});
    await services.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  services.announceUrl(`http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`);
  log.info({ url: `http://${config.host}:${port}`, dataDir: config.dataDir, storage: services.store.description, llm: services.llm.configured ? services.llm.model : 'offline' },
    `Content platform ready at http://${config.host}:${port}  (data: ${config.dataDir}, storage: ${services.store.description}, LLM: ${services.llm.configured ? services.llm.model : 'offline'})`);
}

main().catch((e) => {
  if (isAppError(e)) log.fatal({ code: e.code }, `Error: ${e.message}`);
  else log.fatal({ err: e }, `Error: ${(e as Error).message ?? String(e)}`);
  process.exit(1);
});
