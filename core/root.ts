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
// Operations that build or drive a whole product, for the CLI's composition: copy, back up and restore a data
// folder (`cms migrate`, `cms backup`, `cms restore`), match a folder or a website (`cms sync`, through whichever
// Product the CLI holds), and the answers evaluation (`cms eval --answers`, which builds its own product).
export { migrateDataFolder, type MigrateReport } from './operations/migrate';
export { backupDataFolder, restoreBackup, type BackupReport, type RestoreReport } from './operations/backup';
export { syncFolder, syncSummary, type SyncOptions, type SyncReport } from './operations/folder-sync';
export { syncSite, siteSyncSummary, type SiteSyncOptions, type SiteSyncReport } from './operations/site-sync';
export { runAnswersEval, formatAnswersEval, type AnswersEvalOptions, type AnswersEvalResult, type AnswerQuestion } from './operations/answers-eval';
