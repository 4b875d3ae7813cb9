import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';

/**
 * The single-machine catalog file (`db.json`) checked against its shape
 * before anything is served from it, and the id high-water mark kept
 * beside it (`catalog-ids.json`).
 *
 * A catalog file replaced by `null`, `[]` or a wrong shape used to start an
 * empty catalog whose ids restarted at 1: a new upload took the id of an
 * old document, whose stored original and indexed chunks were then served
 * under the new record. Now such a file stops the start with the file, the
 * JSON path of what is wrong and how to get the data back; and ids are
 * taken past the high-water mark, which no rewrite of the rows resets.
 */

/** Every array of rows with numeric ids in the catalog file. */
export const ROW_COLLECTIONS = [
  'documents', 'presentations', 'videos', 'contentItems', 'categories', 'botImages', 'presentationImages', 'jobs', 'translations',
  'handoffRequests', 'ragTurns', 'authSessions', 'auditLog', 'users', 'apiTokens', 'siteRuns',
] as const;

export const CATALOG_FILE = 'db.json';
export const HIGH_WATER_FILE = 'catalog-ids.json';
export const CATALOG_VERSION = 1;

const HINT = 'Restore the data folder from a backup (`cms restore <backup-file> <data-folder>`), or move the file away to start an empty catalog.';

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${JSON.stringify(v)}`.slice(0, 60);
}

const isId = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** What is wrong with a parsed catalog file, as `$.json.path: problem` lines (empty when the shape is right). */
export function catalogProblems(data: unknown): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return [`$: must be an object with "version": ${CATALOG_VERSION} and the collections, found ${describe(data)}`];
  }
  const d = data as Record<string, unknown>;
  const out: string[] = [];
  if (d.version !== CATALOG_VERSION) {
    out.push(d.version === undefined
      ? `$.version: missing (every catalog file has "version": ${CATALOG_VERSION})`
      : typeof d.version === 'number' && d.version > CATALOG_VERSION
        ? `$.version: ${d.version} was written by a newer version of the product; run that version or restore a backup made by this one`
        : `$.version: must be ${CATALOG_VERSION}, found ${describe(d.version)}`);
  }
  if (d.nextId !== undefined && !isId(d.nextId)) out.push(`$.nextId: must be a positive whole number, found ${describe(d.nextId)}`);
  for (const key of ROW_COLLECTIONS) {
    const rows = d[key];
    if (rows === undefined) continue; // a collection added after the file was written
    if (!Array.isArray(rows)) {
      out.push(`$.${key}: must be an array of records, found ${describe(rows)}`);
      continue;
    }
    const seen = new Set<number>();
    rows.forEach((row, i) => {
      if (out.length >= 20) return;
      if (row === null || typeof row !== 'object' || Array.isArray(row)) out.push(`$.${key}[${i}]: must be a record (an object), found ${describe(row)}`);
      else if (!isId((row as { id?: unknown }).id)) out.push(`$.${key}[${i}].id: must be a positive whole number, found ${describe((row as { id?: unknown }).id)}`);
      else if (seen.has((row as { id: number }).id)) out.push(`$.${key}[${i}].id: ${(row as { id: number }).id} appears twice`);
      else seen.add((row as { id: number }).id);
    });
  }
  if (d.chatMessages !== undefined) {
    if (!Array.isArray(d.chatMessages)) out.push(`$.chatMessages: must be an array of messages, found ${describe(d.chatMessages)}`);
    else {
      d.chatMessages.forEach((m, i) => {
        if (out.length >= 20) return;
        if (m === null || typeof m !== 'object' || Array.isArray(m) || !isId((m as { seq?: unknown }).seq)) {
          out.push(`$.chatMessages[${i}]: must be a message with a numeric "seq", found ${describe(m)}`);
        }
      });
    }
  }
  if (d.counters !== undefined) {
    if (d.counters === null || typeof d.counters !== 'object' || Array.isArray(d.counters)) out.push(`$.counters: must be an object, found ${describe(d.counters)}`);
    else for (const [k, v] of Object.entries(d.counters)) if (!isCount(v)) out.push(`$.counters.${k}: must be a whole number, found ${describe(v)}`);
  }
  return out.slice(0, 20);
}

/**
 * Reads and checks the catalog file: null when there is none (a new data
 * folder), its data when its shape is right, otherwise AppError('validation')
 * naming the file, each wrong JSON path and the way back.
 */
export function readCatalogFile(file: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('unavailable', `The catalog ${file} cannot be read: ${(e as Error).message}`, { cause: e });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new AppError('validation', `The catalog ${file} is not readable JSON: ${(e as Error).message}. ${HINT}`, { cause: e, details: { file } });
  }
  const problems = catalogProblems(data);
  if (problems.length) {
    throw new AppError('validation', `The catalog ${file} does not have the catalog's shape, so the server did not start (starting would serve an empty catalog and give old ids to new items):\n  ${problems.join('\n  ')}\n${HINT}`, {
      details: { file, problems },
    });
  }
  return data as Record<string, unknown>;
}

/** The highest id ever given in the catalog: the largest of the file's `nextId - 1`, the rows' ids and the high-water file. */
export function highestId(data: Record<string, unknown> | null, highWater: number): number {
  let top = Math.max(highWater, typeof data?.nextId === 'number' ? data.nextId - 1 : 0);
  for (const key of ROW_COLLECTIONS) {
    const rows = data?.[key];
    if (Array.isArray(rows)) for (const r of rows) top = Math.max(top, (r as { id: number }).id);
  }
  return top;
}

/** The high-water mark file of a data folder: the largest id ever handed out (0 when there is none). */
export function readHighWater(dataDir: string): number {
  const file = path.join(dataDir, HIGH_WATER_FILE);
  if (!existsSync(file)) return 0;
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AppError('validation', `The id high-water mark ${file} is not readable JSON: ${(e as Error).message}. ${HINT}`, { cause: e, details: { file } });
  }
  const top = (v as { highestId?: unknown } | null)?.highestId;
  if (!isCount(top)) {
    throw new AppError('validation', `The id high-water mark ${file} must be {"highestId": <whole number>}, found ${describe(v)}. ${HINT}`, { details: { file } });
  }
  return top as number;
}

/** Writes the high-water mark (temp file + rename, so it is never half written). */
export function writeHighWater(dataDir: string, top: number): void {
  const file = path.join(dataDir, HIGH_WATER_FILE);
  const tmp = path.join(dataDir, `.${HIGH_WATER_FILE}.tmp`);
  writeFileSync(tmp, JSON.stringify({ highestId: top }));
  renameSync(tmp, file);
}
