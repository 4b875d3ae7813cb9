import path from 'node:path';
import { AppError, toAppError } from '../../core/foundation/errors';
import { isTransientFailure } from '../../core/product/index';
import type { ContentType } from '../../core/foundation/types';
import type { Product } from '../../core/product/index';
import { extentLabel, toItemView, type ItemView } from '../item-view';
import type { Tracker } from '../tracker';
import { classify } from './classify';
import type { Candidate } from './expand';

export type RowStatus = 'completed' | 'failed' | 'skipped' | 'interrupted';

/** The outcome for one file: a line of the summary and of the JSON output. */
export interface ImportRow {
  file: string;
  type: ContentType | null;
  id: number | null;
  status: RowStatus;
  /** Why it was skipped or failed. */
  reason: string | null;
  /** A failure's code: the item's failure reason (`failure.damaged`, `failure.timeout`...) or the refusal's error code (`too_large`, `unavailable`...). */
  errorCode: string | null;
  /** Whether that failure may pass by itself (run the import again later) rather than needing the file changed (core/engines/jobs/failure-class.ts). */
  transient: boolean | null;
  /** For duplicates: the item that already holds this content. */
  existing: { type: ContentType; id: number } | null;
  chunks: number | null;
  /** "3 pages", "6 slides", "42 s" */
  extent: string | null;
  /** This file's own time: its upload plus its processing (not the time it waited behind other files). */
  ms: number;
  /** It was imported by an earlier, interrupted run and this run saw its processing to the end. */
  resumed?: boolean;
}

export type ImportEvent =
  /** More files to import (the inputs at the start, then each file a watch finds). */
  | { kind: 'planned'; count: number }
  | { kind: 'start'; file: string; type: ContentType }
  | { kind: 'upload'; file: string; sent: number; total: number }
  | { kind: 'created'; file: string; item: ItemView }
  | { kind: 'progress'; file: string; item: ItemView }
  | { kind: 'done'; row: ImportRow };

export interface ImportSettings {
  categoryId: number | null;
  translateTo: string | null;
  title?: string;
  force: boolean;
  /** Approve on upload (needs the review permission), audience, expiry date: core's governance fields. */
  approve?: boolean;
  audience?: 'public' | 'staff';
  validUntil?: string | null;
}

const DUPLICATE = /already imported as (document|presentation|video) (\d+)/;

/** Reads "already imported as document 12" from a conflict, in direct or HTTP mode. */
export function duplicateOf(e: AppError): { type: ContentType; id: number } | null {
  if (e.code !== 'conflict') return null;
  const m = DUPLICATE.exec(e.message);
  return m ? { type: m[1] as ContentType, id: Number(m[2]) } : null;
}

export interface Submission {
  /** The file is stored and queued (or was skipped/failed before that). */
  submitted: Promise<void>;
  /** Its outcome once processed; rejects only when the server is unreachable or refuses the token. */
  row: Promise<ImportRow>;
}

export interface Importer {
  /** Stores and queues one file and follows it to the end; the file's own problems become its row. */
  importFile(candidate: Candidate): Submission;
  /** A row for an argument that named no file. */
  problem(input: string, reason: string): ImportRow;
  notStarted(candidate: Candidate): ImportRow;
  readonly rows: ImportRow[];
}

/** What the steps of one importer share: the product, the settings, who hears of each step, the rows so far. */
interface ImportRun {
  product: Product;
  tracker: Tracker;
  settings: ImportSettings;
  emit: (e: ImportEvent) => void;
  signal: AbortSignal;
  /** Items this run created: a later file with the same content is a plain duplicate, not a resumed import. */
  createdHere: Set<string>;
  /** Records a file's row (in the order files were given) and tells it. */
  finish(row: ImportRow, order: number): ImportRow;
}

export function createImporter(product: Product, tracker: Tracker, settings: ImportSettings, emit: (e: ImportEvent) => void, signal: AbortSignal): Importer {
  // Rows are kept in the order files were given, whatever order they finish in.
  const rows: Array<{ order: number; row: ImportRow }> = [];
  let next = 0;
  const finish = (row: ImportRow, order = next++) => {
    rows.push({ order, row });
    rows.sort((a, b) => a.order - b.order);
    emit({ kind: 'done', row });
    return row;
  };
  const run: ImportRun = { product, tracker, settings, emit, signal, createdHere: new Set(), finish };

  /** Classifies and stores the file (resolves `submitted`), then follows its processing (resolves `row`). */
  function importFile(c: Candidate): Submission {
    let markSubmitted!: () => void;
    const submitted = new Promise<void>((r) => (markSubmitted = r));
    const row = importOne(run, c, next++, markSubmitted).finally(markSubmitted);
    row.catch(() => {}); // handled by whoever awaits `row`; never an unhandled rejection meanwhile
    return { submitted, row };
  }

  return {
    importFile,
    problem: (input, reason) => finish({ ...base(input, Date.now()), status: 'failed', reason, ...failedWith('not_found') }),
    notStarted: (c) => finish({ ...base(c.display, Date.now()), status: 'interrupted', reason: 'not started' }),
    get rows() {
      return rows.map((r) => r.row);
    },
  };
}

const base = (file: string, started: number) => ({
  file, type: null, id: null, reason: null, errorCode: null, transient: null, existing: null, chunks: null, extent: null, ms: Date.now() - started,
});
const failedWith = (code: string) => ({ errorCode: code, transient: isTransientFailure(code) });

const outcome = (done: ItemView) => ({
  type: done.type, id: done.id, status: done.status === 'failed' ? 'failed' as const : 'completed' as const,
  // A completed document or presentation with nothing indexed says why (its note), so it is not taken for a success.
  reason: done.status === 'failed' ? (done.error ?? 'failed without a reason') : nothingIndexed(done) ? (done.notice ?? 'nothing was indexed (0 chunks)') : null,
  ...(done.status === 'failed' ? failedWith(done.errorCode ?? 'failure.internal') : {}),
  chunks: done.chunks, extent: extentLabel(done) || null,
});

/**
 * Follows an item to its end. Its time counts from when it left the queue (the last poll that still saw it
 * pending), so a file that waited behind others is not charged for the wait.
 */
async function follow({ tracker, emit }: ImportRun, file: string, item: ItemView): Promise<{ done: ItemView; ms: number }> {
  let queuedUntil = Date.now();
  let startedAt: number | null = item.status === 'pending' ? null : queuedUntil;
  const done = await tracker.track(
    item,
    (now) => emit({ kind: 'progress', file, item: now }),
    (now) => {
      if (now.status === 'pending') queuedUntil = Date.now();
      else startedAt ??= queuedUntil;
    },
  );
  return { done, ms: Date.now() - (startedAt ?? queuedUntil) };
}

/**
 * The same content was imported before. A finished item is skipped; one an interrupted run left
 * unfinished is followed here to its end and reported for what happened to it now.
 */
async function resume(run: ImportRun, file: string, started: number, dup: { type: ContentType; id: number }, order: number): Promise<ImportRow> {
  const { product, createdHere, finish, emit } = run;
  const existing = createdHere.has(`${dup.type}:${dup.id}`) ? undefined : (await product.items(dup.type)).find((r) => r.id === dup.id);
  const item = existing ? toItemView(dup.type, existing as Parameters<typeof toItemView>[1]) : null;
  if (!item || item.status === 'completed') {
    return finish({ ...base(file, started), type: dup.type, status: 'skipped', reason: `already imported as ${dup.type} ${dup.id}`, existing: dup }, order);
  }
  if (item.status === 'failed') {
    return finish({ ...base(file, started), ...outcome(item), existing: dup, reason: `${item.error ?? 'failed'} (imported before as ${dup.type} ${dup.id}; \`cms retry ${dup.id}\` to try again)` }, order);
  }
  emit({ kind: 'created', file, item });
  const { done, ms } = await follow(run, file, item);
  return finish({ ...base(file, started), ...outcome(done), existing: dup, resumed: true, ms }, order);
}

/** One file: classified, uploaded, followed to its end; its own problems become its row. */
async function importOne(run: ImportRun, c: Candidate, order: number, markSubmitted: () => void): Promise<ImportRow> {
  const { product, settings, emit, createdHere, finish } = run;
  const started = Date.now();
  const file = c.display;
  let type: ContentType | null = null;
  let item: ItemView | null = null;
  try {
    const kind = await classify(c.path);
    if ('skip' in kind) return finish({ ...base(file, started), status: 'skipped', reason: kind.skip }, order);
    type = kind.type;
    emit({ kind: 'start', file, type });
    const created = await product.upload({
      kind: type, file: { path: c.path, fileName: path.basename(c.path) },
      // Upload fields under core's names; core's normaliser maps them for each kind.
      fields: { title: settings.title, categoryId: settings.categoryId, needsTranslation: !!settings.translateTo, targetLanguage: settings.translateTo, force: settings.force,
        approve: settings.approve, audience: settings.audience, validUntil: settings.validUntil },
      onProgress: (sent, total) => emit({ kind: 'upload', file, sent, total }),
    });
    item = toItemView(created.kind as ContentType, created.item as Parameters<typeof toItemView>[1]);
    createdHere.add(`${item.type}:${item.id}`);
    emit({ kind: 'created', file, item });
    markSubmitted();
    const uploadMs = Date.now() - started;
    const { done, ms } = await follow(run, file, item);
    return finish({ ...base(file, started), ...outcome(done), ms: uploadMs + ms }, order);
  } catch (e) {
    return failedImport(run, e, { file, started, type, item, order, markSubmitted });
  }
}

/** The row of a file whose import threw: interrupted, a duplicate (resumed or skipped), or failed; a server that is down or refuses us ends the run. */
async function failedImport(
  run: ImportRun, e: unknown,
  at: { file: string; started: number; type: ContentType | null; item: ItemView | null; order: number; markSubmitted: () => void },
): Promise<ImportRow> {
  const { file, started, type, item, order } = at;
  const { finish, signal } = run;
  if (signal.aborted) {
    return finish({ ...base(file, started), type, id: item?.id ?? null, status: 'interrupted', reason: item ? `left ${item.status}` : 'not imported' }, order);
  }
  const err = toAppError(e);
  const dup = duplicateOf(err);
  if (dup) {
    at.markSubmitted();
    try {
      return await resume(run, file, started, dup, order);
    } catch (again) {
      if (signal.aborted) return finish({ ...base(file, started), type, id: dup.id, status: 'interrupted', reason: 'left unfinished' }, order);
      const e2 = toAppError(again);
      if (e2.code === 'unavailable' || e2.code === 'unauthorized') throw e2;
      return finish({ ...base(file, started), type, id: dup.id, status: 'failed', reason: e2.message, ...failedWith(e2.code) }, order);
    }
  }
  // The server is down or refuses us: no point going on with the other files.
  if ((err.code === 'unavailable' || err.code === 'unauthorized') && !item) throw err;
  return finish({ ...base(file, started), type, id: item?.id ?? null, status: 'failed', reason: err.message, ...failedWith(err.code) }, order);
}

/** A completed document or presentation that has no chunk: nothing in it can be searched. */
export const nothingIndexed = (r: { status: string; type: ContentType | null; chunks: number | null }) =>
  r.status === 'completed' && r.type !== 'video' && r.type !== null && r.chunks === 0;

export function totals(rows: ImportRow[]) {
  const count = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  return { files: rows.length, completed: count('completed'), skipped: count('skipped'), failed: count('failed'), interrupted: count('interrupted') };
}
