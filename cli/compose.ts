/**
 * The CLI process's composition root (bin/cms runs cli/main.ts): the only
 * CLI file that reaches core/composition/root, to build a product in this process
 * (direct mode, `cms worker`), read the config and find a running server.
 * Commands get a `Product` (cli/connection.ts) and never the services; the
 * operations that build or drive a whole product (migrate, backup, sync, the
 * answers evaluation) come from here too.
 */
export { createServices, workerName, loadConfig, readLock, TOKEN_FILE, classifyFile } from '../core/composition/root';
export { backupDataFolder, restoreBackup, syncFolder, syncSummary, syncSite, siteSyncSummary } from '../core/composition/root';
/** Programs that build a product of their own from the config: `cms migrate` and `cms eval --answers` (core/programs). */
export { migrateDataFolder } from '../core/programs/migrate';
export { runAnswersEval, formatAnswersEval } from '../core/programs/answers-eval';
