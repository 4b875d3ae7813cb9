import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { highestId, readCatalogFile, readHighWater } from '../engines/catalog/catalog-file';
import { acquireLock } from '../engines/catalog/lock';
import { COPIED_COLLECTIONS, presentIds, raiseCounter, raiseIdSequence, upsertCatalogRows } from '../engines/catalog/pg-import';
import type { Config } from '../foundation/config';
import { conversationHash, readConversationFiles } from '../engines/conversations/file-store';
import { countConversationMessages, importConversation, recountConversations } from '../engines/conversations/pg-import';
import { AppError } from '../foundation/errors';
import { migrate as applyMigrations } from '../engines/postgres/migrate';
import { openPool, redact } from '../engines/postgres/pool';
import { createLexicalIndex, LEXICAL_FILE } from '../engines/search/lexical-index';
import { createServices, type Services } from '../composition/services';
import { postgresMigrations } from '../composition/shared-state';
import { createLocalStore } from '../engines/storage/local';
import type { ObjectStore } from '../engines/storage/types';
import { importGlossary } from '../features/translate/pg-glossary';
import { importWidgetSettings } from '../features/widget/pg-settings';
import { migrateExtraState, type MigratePart } from './migrate-state';

/**
 * `cms migrate <data-folder>`: copies a single-machine data folder into the
 * configured shared setup (DATABASE_URL, the object store, Chroma): the
 * catalog with its ids, every stored file, every indexed chunk, the
 * conversations, the glossary, the translation memory, the widget settings
 * and whatever else the folder keeps (./migrate-state.ts). Every write is an
 * upsert keyed as the source is, so a second run adds nothing. Each part is
 * counted in the source and then in the target; the report says what
 * arrived and whether every count matches.
 */

export type { MigratePart } from './migrate-state';

export interface MigrateReport {
  from: string;
  to: { database: string; storage: string; search: string };
  parts: MigratePart[];
  /** Every part's source count was found in the target. */
  verified: boolean;
}

export interface MigrateOptions {
  /** The data folder to copy. */
  from: string;
  /** The configuration of the target (DATABASE_URL required). */
  config: Config;
  log?: (msg: string) => void;
}

export async function migrateDataFolder(options: MigrateOptions): Promise<MigrateReport> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const from = path.resolve(options.from);
  if (!config.databaseUrl) {
    throw new AppError('validation', '`cms migrate` copies a data folder into PostgreSQL: set DATABASE_URL (and S3_* and CHROMA_URL for files and vectors shared by every server).');
  }
  const catalogFile = path.join(from, 'db.json');
  const data = readCatalogFile(catalogFile);
  if (!data) throw new AppError('validation', `${from} has no catalog (db.json): nothing to migrate. Give the data folder of a single-machine install.`);
  // The source must not change while it is copied: its lock, as a server would take it.
  const lock = acquireLock(from, null);
  const pool = await openPool({ url: config.databaseUrl, max: 4 });
  let services: Services | null = null;
  const parts: MigratePart[] = [];
  try {
    await applyMigrations(pool, postgresMigrations);
    // Credentials and other shared settings first, so the services opened next use them rather than generating new ones.
    parts.push(...(await migrateExtraState({ from, pool, phase: 'before' })));
    services = await createServices(config, { lock: false, startWorker: false, migrating: true, log });
    parts.push(await copyCatalog(pool, data, readHighWater(from)));
    parts.push(await copyObjects(createLocalStore({ root: path.join(from, 'objects') }), services.store, path.join(from, 'objects'), config));
    parts.push(await copyChunks(from, services, pool));
    parts.push(await copyConversations(from, pool, data));
    parts.push(await copyGlossary(from, pool));
    parts.push(await copyWidgetSettings(from, pool));
    parts.push(await copyMemory(from, services));
    parts.push(...(await migrateExtraState({ from, pool, phase: 'after' })));
  } finally {
    await services?.close().catch(() => {});
    await pool.end().catch(() => {});
    lock.release();
  }
  return {
    from,
    to: { database: redact(config.databaseUrl), storage: config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket}` : `local disk at ${config.storage.root}`, search: config.search.chromaUrl ?? `Chroma in ${path.join(config.dataDir, 'chroma')}` },
    parts,
    verified: parts.every((p) => p.target === p.source),
  };
}

async function copyCatalog(pool: pg.Pool, data: Record<string, unknown>, highWater: number): Promise<MigratePart> {
  let source = 0;
  let target = 0;
  const notes: string[] = [];
  for (const collection of COPIED_COLLECTIONS) {
    const rows = (data[collection] as Array<Record<string, unknown>> | undefined) ?? [];
    source += rows.length;
    if (!rows.length) continue;
    await upsertCatalogRows(pool, collection, rows);
    const keys = rows.map((r) => Number(collection === 'chatMessages' ? r.seq : r.id));
    const found = await presentIds(pool, collection, keys);
    target += found.size;
    if (found.size !== rows.length) notes.push(`${collection}: ${rows.length - found.size} of ${rows.length} rows missing`);
  }
  // Ids go on past every id the folder ever gave (its high-water mark), never back.
  await raiseIdSequence(pool, highestId(data, highWater));
  const counters = (data.counters ?? {}) as Record<string, number>;
  if (counters.botResponses) await raiseCounter(pool, 'botResponses', counters.botResponses);
  return { name: 'catalog records', source, target, notes };
}

async function listAll(store: ObjectStore) {
  const out = [];
  let cursor: string | null = null;
  do {
    const page = await store.list({ cursor, limit: 1000 });
    out.push(...page.objects);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

async function copyObjects(source: ObjectStore, target: ObjectStore, sourceRoot: string, config: Config): Promise<MigratePart> {
  const objects = existsSync(sourceRoot) ? await listAll(source) : [];
  if (config.storage.kind === 'local' && path.resolve(config.storage.root) === path.resolve(sourceRoot)) {
    return { name: 'stored files', source: objects.length, target: objects.length, notes: ['the target stores files in this same folder: nothing to copy'] };
  }
  let arrived = 0;
  const notes: string[] = [];
  for (const o of objects) {
    const there = await target.head(o.key);
    if (!there || there.size !== o.size) {
      const got = await source.get(o.key);
      await target.put(o.key, got.body, { size: got.size, contentType: got.contentType });
    }
    const after = await target.head(o.key);
    if (after?.size === o.size) arrived++;
    else notes.push(`${o.key}: ${after ? `${after.size} bytes instead of ${o.size}` : 'missing'}`);
  }
  return { name: 'stored files', source: objects.length, target: arrived, notes: notes.slice(0, 10) };
}

async function copyChunks(from: string, services: Services, pool: pg.Pool): Promise<MigratePart> {
  const dir = path.join(from, 'search');
  const lexical = existsSync(path.join(dir, LEXICAL_FILE)) || existsSync(path.join(dir, 'lexical-index.bin')) ? await createLexicalIndex({ dataDir: dir, saveDelayMs: 3_600_000 }) : null;
  const chunks = lexical?.all() ?? [];
  await lexical?.close();
  for (let i = 0; i < chunks.length; i += 200) await services.search.upsert(chunks.slice(i, i + 200));
  const ids = chunks.map((c) => c.id);
  const r = ids.length ? await pool.query<{ n: string }>('SELECT count(*) AS n FROM search_chunks WHERE id = ANY($1::text[])', [ids]) : { rows: [{ n: '0' }] };
  return { name: 'indexed chunks', source: chunks.length, target: Number(r.rows[0].n), notes: [] };
}

/** Conversation ids the folder knows by name: files of earlier versions hold only their hash. */
async function knownConversationIds(from: string, data: Record<string, unknown>): Promise<string[]> {
  const ids = new Set<string>();
  for (const key of ['ragTurns', 'chatMessages', 'handoffRequests']) {
    for (const r of (data[key] as Array<{ referenceId?: unknown; conversationId?: unknown }> | undefined) ?? []) {
      if (typeof r.referenceId === 'string') ids.add(r.referenceId);
      if (typeof r.conversationId === 'string') ids.add(r.conversationId);
    }
  }
  const log = path.join(from, 'analytics', 'answers.jsonl');
  if (existsSync(log)) {
    for (const m of (await readFile(log, 'utf8')).matchAll(/"referenceId":("(?:[^"\\]|\\.)*")/g)) ids.add(JSON.parse(m[1]) as string);
  }
  return [...ids];
}

async function copyConversations(from: string, pool: pg.Pool, data: Record<string, unknown>): Promise<MigratePart> {
  const dir = path.join(from, 'conversations');
  const files = await readConversationFiles(dir);
  const byHash = new Map<string, string>();
  if (files.some((f) => !f.id)) for (const id of await knownConversationIds(from, data)) byHash.set(conversationHash(id), id);
  const notes: string[] = [];
  let messages = 0;
  const copied: Array<{ key: string; n: number }> = [];
  for (const f of files) {
    messages += f.messages.length;
    const id = f.id ?? byHash.get(f.hash);
    if (!id) {
      notes.push(`${f.kind} conversation ${f.hash.slice(0, 12)}… (${f.messages.length} messages) was written before conversation ids were recorded and its id is not known: not copied`);
      continue;
    }
    await importConversation(pool, f.kind, id, f.messages);
    copied.push({ key: `${f.kind}\t${id}`, n: f.messages.length });
  }
  let exchanges = 0;
  try {
    exchanges = Number((JSON.parse(readFileSync(path.join(dir, 'stats.json'), 'utf8')) as { exchanges?: number }).exchanges) || 0;
  } catch { /* no stats yet */ }
  await recountConversations(pool, exchanges);
  const there = await countConversationMessages(pool);
  const arrived = copied.reduce((s, c) => s + Math.min(c.n, there.get(c.key) ?? 0), 0);
  return { name: 'conversation messages', source: messages, target: arrived, notes: notes.slice(0, 10) };
}

async function copyGlossary(from: string, pool: pg.Pool): Promise<MigratePart> {
  const file = path.join(from, 'glossary.json');
  if (!existsSync(file)) return { name: 'glossary terms', source: 0, target: 0, notes: [] };
  const glossary = JSON.parse(readFileSync(file, 'utf8')) as { version: number; entries: Array<{ term: string }> };
  const after = await importGlossary(pool, glossary);
  const have = new Set(after.entries.map((e) => e.term));
  const entries = glossary.entries ?? [];
  return { name: 'glossary terms', source: entries.length, target: entries.filter((e) => have.has(e.term)).length, notes: [] };
}

async function copyWidgetSettings(from: string, pool: pg.Pool): Promise<MigratePart> {
  const file = path.join(from, 'widget-settings.json');
  if (!existsSync(file)) return { name: 'widget settings', source: 0, target: 0, notes: [] };
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const after = await importWidgetSettings(pool, settings);
  const same = JSON.stringify(after) === JSON.stringify({ ...after, ...settings });
  return { name: 'widget settings', source: 1, target: same ? 1 : 0, notes: same ? [] : ['the target has other widget settings, saved there after an earlier run: kept'] };
}

async function copyMemory(from: string, services: Services): Promise<MigratePart> {
  const dir = path.join(from, 'translation-memory');
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => /^[a-z]{2,3}-[a-z]{2,3}\.jsonl$/.test(f)) : [];
  let source = 0;
  let target = 0;
  for (const f of files) {
    const [s, t] = f.slice(0, -'.jsonl'.length).split('-') as [never, never];
    const byVersion = new Map<number, Map<string, string>>();
    for (const line of (await readFile(path.join(dir, f), 'utf8')).split('\n')) {
      if (!line) continue;
      try {
        const l = JSON.parse(line) as { v: number; s: string; t: string };
        if (typeof l.s !== 'string' || typeof l.t !== 'string') continue;
        const v = Number(l.v) || 0;
        if (!byVersion.has(v)) byVersion.set(v, new Map());
        byVersion.get(v)!.set(l.s, l.t);
      } catch { /* a line cut off by a crash */ }
    }
    for (const [v, entries] of byVersion) {
      source += entries.size;
      const scope = { source: s, target: t, glossaryVersion: v };
      await services.translation.memory.store(scope, entries);
      const found = await services.translation.memory.lookup(scope, [...entries.keys()]);
      for (const [k, tr] of entries) if (found.get(k) === tr) target++;
    }
  }
  return { name: 'translation memory segments', source, target, notes: [] };
}
