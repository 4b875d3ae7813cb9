import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatOfName } from '../formats/index';
import type { Product } from '../product/types';
import type { Audience, ContentType, SyncSource } from '../foundation/types';
import { failureOf } from '../features/sync/failure';

/**
 * Folder sync (`cms sync <folder>`): makes the product's items match a
 * folder, through the Product interface (so the CLI's direct mode and its
 * HTTP client behave alike).
 *
 * - a file seen for the first time is imported (its source, the folder and
 *   its path relative to it with the file's hash, size and mtime, is kept on
 *   the item);
 * - a file whose bytes changed becomes a new version of the item it came
 *   from (core/features/governance/versions.ts: the approved version stays public
 *   until the new one is approved, or at once with `approve`);
 * - a file gone from the folder archives its item (never public, listed as
 *   archived), or deletes it with `delete`; a file coming back un-archives it;
 * - an unchanged file costs a stat: its size and mtime match what was kept,
 *   so it is not even read (a changed stat is hashed; same bytes, nothing to do);
 * - a file whose processing failed is not imported again until its bytes
 *   change (then it becomes a new version of its failed item);
 * - a file an import brought in (same bytes, same file name, no folder yet)
 *   is not imported again: its item becomes this folder's (listed as
 *   adopted; one whose processing failed is processed again in place).
 * Files other than documents, presentations and videos (images, notes,
 * subtitles) are left out and listed as skipped.
 */

export interface SyncOptions {
  /** Approve what is imported or changed (needs the review permission): public once processed. */
  approve?: boolean;
  audience?: Audience;
  /** Delete the items of files gone from the folder instead of archiving them. */
  delete?: boolean;
  signal?: AbortSignal;
  /** Told of each file acted on (for a live view). */
  onFile?: (event: SyncEvent) => void;
}

export interface SyncEvent {
  action: 'new' | 'changed' | 'removed' | 'failed' | 'adopted';
  path: string;
  id?: number;
  type?: ContentType;
  error?: string;
  /** A failure's error code and whether it may pass by itself (./failure.ts). */
  errorCode?: string;
  transient?: boolean;
}

export interface SyncReport {
  folder: string;
  new: SyncEvent[];
  changed: SyncEvent[];
  removed: SyncEvent[];
  failed: SyncEvent[];
  /** Files an import had already brought in (same bytes, same name): their items are now this folder's, not imported again. */
  adopted: SyncEvent[];
  unchanged: number;
  /** Files that are not documents, presentations or videos. */
  skipped: string[];
  /** How many files were read to hash them (unchanged files with a known stat are not). */
  hashed: number;
  durationMs: number;
}

interface Found {
  rel: string;
  abs: string;
  size: number;
  mtimeMs: number;
}

const TYPES: ContentType[] = ['document', 'presentation', 'video'];

/** Every file under `root` (hidden names and partial downloads left out), with its path relative to root using '/'. */
async function walk(root: string, dir = root, out: Found[] = []): Promise<Found[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name.endsWith('~') || /\.(part|crdownload|tmp|download|swp)$/i.test(e.name)) continue;
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) await walk(root, abs, out);
    else if (e.isFile()) {
      const st = await stat(abs);
      out.push({ rel: path.relative(root, abs).split(path.sep).join('/'), abs, size: st.size, mtimeMs: Math.floor(st.mtimeMs) });
    }
  }
  return out;
}

async function sha256Of(file: string, signal?: AbortSignal): Promise<string> {
  const h = createHash('sha256');
  await pipeline(createReadStream(file), h, { signal });
  return h.digest('hex');
}

/** One run of a folder sync: see the top of this file. */
export async function syncFolder(product: Product, folder: string, options: SyncOptions = {}): Promise<SyncReport> {
  const started = performance.now();
  const root = path.resolve(folder);
  const report: SyncReport = { folder: root, new: [], changed: [], removed: [], failed: [], adopted: [], unchanged: 0, skipped: [], hashed: 0, durationMs: 0 };
  const files = await walk(root);
  // What earlier runs of this folder made, by path.
  const known = new Map<string, { type: ContentType; id: number; source: SyncSource; archived: boolean }>();
  // Every item there was before this run: an upload answered with one of them took up what an import made (core/features/content/same-file.ts).
  const before = new Set<number>();
  for (const type of TYPES) {
    for (const item of await product.items(type)) {
      before.add(item.id);
      const src = item.syncSource;
      if (src && src.root === root) known.set(src.path, { type, id: item.id, source: src, archived: !!item.archivedAt });
    }
  }
  const note = (list: SyncEvent[], e: SyncEvent) => {
    list.push(e);
    options.onFile?.(e);
  };
  const fields = (source: SyncSource) => ({
    force: true, ...(options.approve ? { approve: true } : {}), ...(options.audience ? { audience: options.audience } : {}), syncSource: JSON.stringify(source),
  });

  for (const f of files) {
    options.signal?.throwIfAborted();
    const format = formatOfName(f.rel);
    if (!format || format.itemType === 'image') {
      report.skipped.push(f.rel);
      continue;
    }
    const was = known.get(f.rel);
    try {
      if (was && was.archived) {
        // Back in the folder: the item comes back (and gets the new bytes below if they changed).
        await product.setAccess([was.id], { archived: false });
        note(report.new, { action: 'new', path: f.rel, id: was.id, type: was.type });
      }
      if (was && was.source.size === f.size && was.source.mtimeMs === f.mtimeMs) {
        if (!was.archived) report.unchanged++;
        continue;
      }
      report.hashed++;
      const sha256 = await sha256Of(f.abs, options.signal);
      const source: SyncSource = { root, path: f.rel, sha256, size: f.size, mtimeMs: f.mtimeMs };
      if (was && was.source.sha256 === sha256) {
        if (!was.archived) report.unchanged++;
        continue;
      }
      if (was) {
        await product.replace(was.id, { file: { path: f.abs, fileName: path.basename(f.abs) }, type: was.type, approve: options.approve, syncSource: source });
        if (!was.archived) note(report.changed, { action: 'changed', path: f.rel, id: was.id, type: was.type });
        continue;
      }
      const up = await product.upload({ kind: format.itemType, file: { path: f.abs, fileName: path.basename(f.abs) }, fields: fields(source) });
      if (before.has(up.item.id)) note(report.adopted, { action: 'adopted', path: f.rel, id: up.item.id, type: up.kind });
      else note(report.new, { action: 'new', path: f.rel, id: up.item.id, type: up.kind });
    } catch (e) {
      if (options.signal?.aborted) throw e;
      note(report.failed, { action: 'failed', path: f.rel, ...failureOf(e) });
    }
  }

  // Files gone from the folder: archived (or deleted).
  const present = new Set(files.map((f) => f.rel));
  for (const [rel, was] of known) {
    if (present.has(rel) || (was.archived && !options.delete)) continue;
    options.signal?.throwIfAborted();
    try {
      if (options.delete) await product.remove(was.id, was.type);
      else await product.setAccess([was.id], { archived: true });
      note(report.removed, { action: 'removed', path: rel, id: was.id, type: was.type });
    } catch (e) {
      note(report.failed, { action: 'failed', path: rel, id: was.id, ...failureOf(e) });
    }
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/** The one-line summary scripts and people read: "3 new, 2 changed, 1 removed". */
export const syncSummary = (r: SyncReport) => `${r.new.length} new, ${r.changed.length} changed, ${r.removed.length} removed`;
