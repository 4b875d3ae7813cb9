import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_FILE, HIGH_WATER_FILE, readCatalogFile } from '../engines/catalog/catalog-file';
import { CREDENTIALS_FILE, TOKEN_FILE } from '../features/auth/credentials';
import { AppError } from '../foundation/errors';
import { createTarWriter, extractTar } from './tar';

/**
 * `cms backup <file>` and `cms restore <file> <data-folder>` for the
 * single-machine data folder, safe while the server runs:
 *
 * - the catalog (db.json) and the other JSON state (high-water mark,
 *   glossary, widget settings, credentials) are only ever replaced whole
 *   (temp file + rename), so each is read as one complete version: the
 *   catalog is read first, into memory;
 * - stored files are copied after it: every file a record of that catalog
 *   names was stored before the record was written (a file deleted during
 *   the backup is reported);
 * - append-only logs (conversations, translation memory, question log) are
 *   copied up to their size when opened; a line cut there is skipped when
 *   read, like a line torn by a crash;
 * - the search index (lexical file and Chroma) is derived data: it is left
 *   out and rebuilt from the stored text when the server first starts on
 *   the restored folder;
 * - never copied: the lock (server.lock), temp files and the tmp/ folder.
 */

const SKIP_DIRS = new Set(['tmp', 'search', 'chroma']);
const skipFile = (name: string) => name === 'server.lock' || name.endsWith('.tmp') || name.includes('.damaged-') || name.endsWith('.partial');

export interface BackupReport {
  file: string;
  bytes: number;
  files: number;
  /** Records in the catalog snapshot (all collections). */
  records: number;
  /** Completed items (documents, presentations, videos) in the snapshot. */
  completedItems: number;
  /** Stored files a record of the snapshot names that were gone when copied (deleted during the backup). */
  missing: string[];
}

async function walk(root: string, rel: string, out: string[]) {
  for (const e of await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => [])) {
    const name = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!rel && SKIP_DIRS.has(e.name)) continue;
      await walk(root, name, out);
    } else if (e.isFile() && !skipFile(e.name)) out.push(name);
  }
}

const ITEM_KEYS = ['documents', 'presentations', 'videos'] as const;

export async function backupDataFolder(options: { dataDir: string; file: string }): Promise<BackupReport> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  const catalogPath = path.join(dataDir, CATALOG_FILE);
  if (!existsSync(catalogPath)) throw new AppError('validation', `${dataDir} has no catalog (${CATALOG_FILE}): it is not a data folder, or nothing was stored yet.`);
  // One complete version of the catalog (written by rename), checked like at start.
  const catalogBytes = readFileSync(catalogPath);
  const highWater = existsSync(path.join(dataDir, HIGH_WATER_FILE)) ? readFileSync(path.join(dataDir, HIGH_WATER_FILE)) : null;
  readCatalogFile(catalogPath);
  const data = JSON.parse(catalogBytes.toString('utf8')) as Record<string, unknown>;
  const partial = `${file}.partial`;
  const tar = createTarWriter(partial);
  const names = new Set<string>();
  let count = 0;
  try {
    await tar.addBuffer(CATALOG_FILE, catalogBytes, statSync(catalogPath).mode);
    if (highWater) await tar.addBuffer(HIGH_WATER_FILE, highWater);
    count = highWater ? 2 : 1;
    const rest: string[] = [];
    await walk(dataDir, '', rest);
    for (const rel of rest) {
      if (rel === CATALOG_FILE || rel === HIGH_WATER_FILE || path.join(dataDir, rel) === file) continue;
      try {
        await tar.addFile(rel, path.join(dataDir, rel));
        names.add(rel);
        count++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // removed since listed (a deleted item, a compacted log)
      }
    }
    await tar.finish();
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  }
  const items = ITEM_KEYS.flatMap((k) => (data[k] as Array<{ status?: string; fileKey?: string }> | undefined) ?? []);
  const missing = items.filter((i) => i.fileKey && !names.has(`objects/${i.fileKey}`)).map((i) => i.fileKey!);
  const records = Object.values(data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  return { file, bytes: (await stat(file)).size, files: count, records, completedItems: items.filter((i) => i.status === 'completed').length, missing };
}

export interface RestoreReport {
  dataDir: string;
  files: number;
  records: number;
  completedItems: number;
}

/** Unpacks a backup into a new (or empty) data folder and checks its catalog; the server rebuilds the search index at first start. */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<RestoreReport> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new AppError('not_found', `There is no backup file ${file}`);
  const present = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (present.length) {
    throw new AppError('conflict', `${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into a new folder, then point DATA_DIR at it.`);
  }
  const names = await extractTar(file, dataDir).catch(async (e) => {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  });
  // Credentials stay the owner's only, also from an archive made before their mode was kept.
  for (const secret of [TOKEN_FILE, CREDENTIALS_FILE]) if (names.includes(secret)) await chmod(path.join(dataDir, secret), 0o600);
  const data = readCatalogFile(path.join(dataDir, CATALOG_FILE));
  if (!data) throw new AppError('corrupt_file', `${file} holds no catalog (${CATALOG_FILE}): it is not a backup made by \`cms backup\``);
  const items = ITEM_KEYS.flatMap((k) => (data[k] as Array<{ status?: string }> | undefined) ?? []);
  const records = Object.values(data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  return { dataDir, files: names.length, records, completedItems: items.filter((i) => i.status === 'completed').length };
}
