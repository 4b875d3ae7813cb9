import type { Catalog } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import type { AuditAction, AuditEntry } from '../../foundation/types';
import type { Actor } from './roles';

/**
 * The audit log: who changed what, when, with the values before and after.
 * Kept in the catalog store (PostgreSQL when configured), listed by
 * period and exported as CSV or JSON lines.
 */

export interface AuditInput {
  action: AuditAction;
  actor: Actor | null;
  target?: string;
  type?: string | null;
  id?: number | null;
  title?: string | null;
  before?: object | null;
  after?: object | null;
  note?: string | null;
}

export interface AuditQuery {
  /** Entries at or after this instant. */
  since?: Date | null;
  action?: AuditAction;
  limit?: number;
}

export interface AuditLog {
  record(input: AuditInput): Promise<AuditEntry>;
  list(query?: AuditQuery): Promise<AuditEntry[]>;
}

export function createAuditLog(catalog: Catalog, now: () => Date = () => new Date()): AuditLog {
  return {
    async record(input) {
      const a = input.actor;
      return await catalog.auditLog.insert({
        at: now().toISOString(), action: input.action, actor: a?.name ?? 'anonymous', role: a?.role ?? null, via: a?.via ?? 'anonymous',
        target: input.target ?? (input.type && input.id != null ? `${input.type} ${input.id}` : ''),
        itemType: input.type ?? null, itemId: input.id ?? null, title: input.title ?? null,
        before: (input.before as Record<string, unknown>) ?? null, after: (input.after as Record<string, unknown>) ?? null, note: input.note ?? null,
      });
    },
    async list(q = {}) {
      const since = q.since?.getTime() ?? -Infinity;
      const rows = await catalog.auditLog.list((e) => Date.parse(e.at) >= since && (!q.action || e.action === q.action));
      const newest = rows.sort((a, b) => b.id - a.id);
      return q.limit ? newest.slice(0, q.limit) : newest;
    },
  };
}

const CSV_COLUMNS = ['id', 'at', 'action', 'actor', 'role', 'via', 'target', 'itemType', 'itemId', 'title', 'before', 'after', 'note'] as const;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A leading = + - @ would be run as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The entries as one file: CSV (a header row) or JSON lines. */
export function exportAudit(entries: AuditEntry[], format: 'csv' | 'jsonl'): { fileName: string; contentType: string; body: string } {
  const day = new Date().toISOString().slice(0, 10);
  if (format === 'jsonl') {
    return { fileName: `audit-${day}.jsonl`, contentType: 'application/x-ndjson; charset=utf-8', body: entries.map((e) => JSON.stringify(e)).join('\n') + (entries.length ? '\n' : '') };
  }
  if (format !== 'csv') throw new AppError('validation', `Export format must be csv or jsonl, not "${String(format)}"`);
  const lines = [CSV_COLUMNS.join(','), ...entries.map((e) => CSV_COLUMNS.map((c) => csvCell(e[c])).join(','))];
  return { fileName: `audit-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: lines.join('\r\n') + '\r\n' };
}
