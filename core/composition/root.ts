/**
 * The composition root: what builds and locates a running product (the
 * services, the config, the data folder's lock) and the few helpers an
 * entry point needs before a product exists. Imported by bin/ (the server
 * process) and by the CLI's own composition (cli/compose.ts) only, never by
 * routes or commands (core/import-rules.test.ts); they get the `Product`.
 */
export { createServices, type Services, type ServiceOptions } from './services';
export { workerName } from './shared-state';
export { loadConfig, type Config } from '../foundation/config';
export { classifyFile, type Classification } from '../features/content/classify';
export { readLock } from '../engines/catalog/lock';
export { TOKEN_FILE } from '../features/auth/auth';
// Operations on a data folder or through a whole product, for the CLI's composition: back up and restore a data
// folder (`cms backup`, `cms restore`), match a folder or a website (`cms sync`, through whichever Product the CLI
// holds). Programs that build a product of their own (`cms migrate`, `cms eval --answers`) are core/programs.
export { backupDataFolder, restoreBackup, type BackupReport, type RestoreReport } from '../operations/backup';
export { syncFolder, syncSummary, type SyncOptions, type SyncReport } from '../operations/folder-sync';
export { syncSite, siteSyncSummary, type SiteSyncOptions, type SiteSyncReport } from '../operations/site-sync';
