import path from 'node:path';
import { AppError, toAppError } from '../../core/errors';
import type { ContentType } from '../../core/types';
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
  /** For duplicates: the item that already holds this content. */
  existing: { type: ContentType; id: number } | null;
  chunks: number | null;
  /** "3 pages", "6 slides", "42 s" */
  extent: string | null;
  ms: number;
}

export type ImportEvent =
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
  const base = (file: string, started: number) => ({
    file, type: null, id: null, reason: null, existing: null, chunks: null, extent: null, ms: Date.now() - started,
  });

  /** Classifies and stores the file (resolves `submitted`), then follows its processing (resolves `row`). */
  function importFile(c: Candidate): Submission {
    let markSubmitted!: () => void;
    const submitted = new Promise<void>((r) => (markSubmitted = r));
    const row = run(c, next++, markSubmitted).finally(markSubmitted);
    row.catch(() => {}); // handled by whoever awaits `row`; never an unhandled rejection meanwhile
    return { submitted, row };
  }

  async function run(c: Candidate, order: number, markSubmitted: () => void): Promise<ImportRow> {
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
      emit({ kind: 'created', file, item });
      markSubmitted();
      const done = await tracker.track(item, (now) => emit({ kind: 'progress', file, item: now }));
      return finish({
        ...base(file, started), type, id: done.id, status: done.status === 'failed' ? 'failed' : 'completed',
        reason: done.status === 'failed' ? (done.error ?? 'failed without a reason') : null,
        chunks: done.chunks, extent: extentLabel(done) || null,
      }, order);
    } catch (e) {
      if (signal.aborted) {
        return finish({ ...base(file, started), type, id: item?.id ?? null, status: 'interrupted', reason: item ? `left ${item.status}` : 'not imported' }, order);
      }
      const err = toAppError(e);
      const dup = duplicateOf(err);
      if (dup) return finish({ ...base(file, started), type, status: 'skipped', reason: `already imported as ${dup.type} ${dup.id}`, existing: dup }, order);
      // The server is down or refuses us: no point going on with the other files.
      if ((err.code === 'unavailable' || err.code === 'unauthorized') && !item) throw err;
      return finish({ ...base(file, started), type, id: item?.id ?? null, status: 'failed', reason: err.message }, order);
    }
  }

  return {
    importFile,
    problem: (input, reason) => finish({ ...base(input, Date.now()), status: 'failed', reason }),
    notStarted: (c) => finish({ ...base(c.display, Date.now()), status: 'interrupted', reason: 'not started' }),
    get rows() {
      return rows.map((r) => r.row);
    },
  };
}

export function totals(rows: ImportRow[]) {
  const count = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  return { files: rows.length, completed: count('completed'), skipped: count('skipped'), failed: count('failed'), interrupted: count('interrupted') };
}
