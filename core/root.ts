/**
 * The composition root: what builds and locates a running product (the
 * services, the config, the data folder's lock) and the few helpers an
 * entry point needs before a product exists. Imported by bin/ (the server
 * process) and by the CLI's own composition (cli/compose.ts) only, never by
 * routes or commands (core/import-rules.test.ts); they get the `Product`.
 */
export { createServices, type Services, type ServiceOptions } from './services';
export { workerName } from './shared-state';
export { loadConfig, type Config } from './config';
export { classifyFile, type Classification } from './content/classify';
export { readLock } from './catalog/lock';
export { TOKEN_FILE } from './auth/auth';
