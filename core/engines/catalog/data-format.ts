import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { PRODUCT_VERSION } from '../../foundation/version';

/**
 * The data folder's format stamp (`DATA_DIR/data-format.json`): the format
 * of what this version writes there (catalog, search index, logs). A start
 * on a folder stamped by a newer format is refused with a clear message,
 * instead of starting "ok" and failing every search on files it cannot read;
 * an older or missing stamp is brought up to this version's.
 *
 * Raise DATA_FORMAT with any change an older version could not read (a new
 * index file layout, a catalog shape older code would misread).
 */
export const DATA_FORMAT = 1;
export const FORMAT_FILE = 'data-format.json';


interface Stamp { format: number; version: string; writtenAt: string }

/** Checks the stamp of `dataDir` against `format` (this version's) and writes ours when it is missing or older. */
export function checkDataFormat(dataDir: string, o: { format?: number; version?: string; now?: Date } = {}): { format: number; previous: number | null } {
  const format = o.format ?? DATA_FORMAT;
  const version = o.version ?? PRODUCT_VERSION;
  const file = path.join(dataDir, FORMAT_FILE);
  let previous: Stamp | null = null;
  if (existsSync(file)) {
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as Stamp;
    } catch (e) {
      throw new AppError('validation', `${file} is not readable JSON (${(e as Error).message}): it records which version's format the data folder holds. Restore it from a backup, or remove it if this version made the folder.`, { cause: e });
    }
    if (typeof previous?.format !== 'number') throw new AppError('validation', `${file} has no "format" number: restore it from a backup, or remove it if this version made the folder.`);
  }
  if (previous && previous.format > format) {
    throw new AppError('conflict',
      `The data folder ${dataDir} was last used by a newer version (${previous.version}, data format ${previous.format}); this is ${version} (data format ${format}), which cannot read it safely, so it did not start. ` +
      'Run the newer version (or later), or start this one on a backup made for it (`cms restore <backup> <new-folder>`).',
      { details: { reason: 'newer_data_format', file, format: previous.format, supported: format } });
  }
  if (!previous || previous.format < format || previous.version !== version) {
    const stamp: Stamp = { format, version, writtenAt: (o.now ?? new Date()).toISOString() };
    writeFileSync(`${file}.tmp`, `${JSON.stringify(stamp, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }
  return { format, previous: previous?.format ?? null };
}
