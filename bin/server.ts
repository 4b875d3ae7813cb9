import { loadConfig } from '../core/config';
import { isAppError } from '../core/errors';
import { createServices } from '../core/services';
import { buildApp } from '../server/app';

/** Starts the product: services on embedded defaults, the HTTP server, graceful shutdown. */
async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const config = loadConfig();
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const services = await createServices(config, {
    lock: { url },
    startWorker: true,
    log: (m) => console.log(m),
    onGeneratedPassword: (pw) => {
      console.log('\n  No ADMIN_PASSWORD was set, so one was generated (shown only this once):');
      console.log(`    username: ${config.admin.username}\n    password: ${pw}`);
      console.log(`  Its hash is stored in ${config.databaseUrl ? 'the database (every server uses it)' : `${config.dataDir}/admin.json`}. Set ADMIN_PASSWORD to choose your own.\n`);
    },
  });
  const app = await buildApp(services, { logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: shutting down (running jobs will resume on the next start)…`);
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
  console.log(`Content platform ready at http://${config.host}:${port}  (data: ${config.dataDir}, storage: ${services.store.description}, LLM: ${services.llm.configured ? services.llm.model : 'offline'})`);
}

main().catch((e) => {
  console.error(isAppError(e) ? `Error: ${e.message}` : e);
  process.exit(1);
});
