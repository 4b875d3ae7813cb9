/**
 * The lexical side of search: BM25 over three fields of every chunk
 * (stemmed words of heading + text, character 4-grams of the same, title
 * words), the chunks themselves (so search still answers when Chroma is
 * down), persisted to one file in the data folder.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import type { ContentType } from '../types';
import { analyzeForIndex, gramTerms, wordTerms } from '../text/analyze';
import { createInvertedIndex, type InvertedIndex, type Scored } from './inverted-index';
import { readLexicalFile, writeLexicalFile, type LexicalSnapshot } from './lexical-store';
import type { Chunk, SearchFilters } from './types';

/** Analyzer recipe: a stored index made with another recipe is rebuilt from its chunks on load. */
export const LEXICAL_RECIPE = 'lex-v1:stem+g4+title';
export const LEXICAL_FIELDS = ['words', 'grams', 'title'] as const;
export type LexicalField = (typeof LEXICAL_FIELDS)[number];

export interface LexicalHit { chunk: Chunk; score: number }
export type LexicalResult = Record<LexicalField, LexicalHit[]>;

export interface LexicalSearchOptions {
  k: number;
  /** Language of the query (ISO 639-1): chooses stemmer and function words. */
  language: string;
  filters?: SearchFilters;
}

export interface LexicalIndex {
  upsert(chunks: Chunk[]): void;
  /** Removes an item's chunks; returns how many were removed. */
  deleteItem(itemType: ContentType, itemId: number): number;
  clear(): void;
  search(query: string, options: LexicalSearchOptions): LexicalResult;
  get(id: string): Chunk | undefined;
  /** Every chunk held, in insertion order. */
  all(): Chunk[];
  count(): number;
  /** Writes pending changes now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface LexicalIndexOptions {
  /** Folder holding `lexical-index.bin`; created when missing. Null keeps the index in memory only. */
  dataDir: string | null;
  /** Quiet time before a change is written (default 1000 ms). */
  saveDelayMs?: number;
  /** Called after each write of the file (debounced or flushed). */
  onSaved?: () => void;
}

function chunkTerms(chunk: Chunk): Record<LexicalField, string[]> {
  const body = chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text;
  const { words, grams } = analyzeForIndex(body, chunk.language);
  return { words, grams, title: wordTerms(chunk.title, chunk.language) };
}

function queryTerms(field: LexicalField, query: string, lang: string): string[] {
  return field === 'grams' ? gramTerms(query, lang, 4, 4) : wordTerms(query, lang);
}

export function matchesFilters(chunk: Chunk, filters?: SearchFilters, itemIds?: Set<number>): boolean {
  if (!filters) return true;
  if (filters.itemType && chunk.itemType !== filters.itemType) return false;
  if (itemIds && !itemIds.has(chunk.itemId)) return false;
  if (filters.language && chunk.language !== filters.language) return false;
  return true;
}

export async function createLexicalIndex(options: LexicalIndexOptions): Promise<LexicalIndex> {
  const file = options.dataDir ? path.join(options.dataDir, 'lexical-index.bin') : null;
  const saveDelay = options.saveDelayMs ?? 1000;
  let chunks: Array<Chunk | null> = [];
  let slotById = new Map<string, number>();
  let fields = {} as Record<LexicalField, InvertedIndex>;
  let dead = 0;

  const reset = () => {
    chunks = []; slotById = new Map(); dead = 0;
    for (const f of LEXICAL_FIELDS) fields[f] = createInvertedIndex();
  };

  const addChunk = (chunk: Chunk) => {
    const old = slotById.get(chunk.id);
    if (old !== undefined) removeSlot(old);
    const slot = chunks.length;
    chunks.push(chunk);
    slotById.set(chunk.id, slot);
    const terms = chunkTerms(chunk);
    for (const f of LEXICAL_FIELDS) fields[f].add(slot, terms[f]);
  };

  const removeSlot = (slot: number) => {
    const chunk = chunks[slot];
    if (!chunk) return;
    chunks[slot] = null;
    slotById.delete(chunk.id);
    for (const f of LEXICAL_FIELDS) fields[f].remove(slot);
    dead++;
  };

  /** Renumbers live chunks 0..n-1 and drops removed postings. */
  const compact = () => {
    if (dead === 0) return;
    const map = new Int32Array(chunks.length).fill(-1);
    const next: Chunk[] = [];
    chunks.forEach((c, i) => { if (c) { map[i] = next.length; next.push(c); } });
    for (const f of LEXICAL_FIELDS) fields[f].compact(map, next.length);
    chunks = next;
    slotById = new Map(next.map((c, i) => [c.id, i]));
    dead = 0;
  };

  reset();
  if (file) {
    await mkdir(options.dataDir!, { recursive: true });
    const snapshot = await readLexicalFile(file);
    if (snapshot && snapshot.recipe === LEXICAL_RECIPE) {
      chunks = snapshot.chunks;
      slotById = new Map(chunks.map((c, i) => [c!.id, i]));
      for (const f of LEXICAL_FIELDS) fields[f] = createInvertedIndex(undefined, snapshot.fields[f]);
    } else if (snapshot) {
      for (const c of snapshot.chunks) if (c) addChunk(c);
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let dirty = false;
  let saving: Promise<void> = Promise.resolve();
  let lastSaveError: Error | null = null;
  /** A big index takes seconds to write: wait at least 5 times the last write before the next. */
  let lastSaveMs = 0;

  const save = async () => {
    if (!file || !dirty) return;
    dirty = false;
    compact();
    const snapshot: LexicalSnapshot = {
      recipe: LEXICAL_RECIPE,
      chunks: chunks as Chunk[],
      fields: Object.fromEntries(LEXICAL_FIELDS.map((f) => [f, fields[f].serialize()])) as LexicalSnapshot['fields'],
    };
    const started = performance.now();
    try {
      await writeLexicalFile(file, snapshot);
      lastSaveMs = performance.now() - started;
      options.onSaved?.();
    } catch (e) {
      dirty = true;
      throw new AppError('internal', `Could not save the lexical search index to ${file}: ${(e as Error).message}`, { cause: e });
    }
  };

  const schedule = () => {
    dirty = true;
    if (!file || timer) return;
    timer = setTimeout(() => {
      timer = null;
      saving = saving.then(save).catch((e) => { lastSaveError = e as Error; });
    }, Math.max(saveDelay, lastSaveMs * 5));
    timer.unref?.();
  };

  const flush = async () => {
    if (timer) { clearTimeout(timer); timer = null; }
    await saving;
    // A save that failed before (a full disk) is tried again now: only this attempt's failure counts.
    lastSaveError = null;
    saving = save();
    await saving;
  };

  return {
    upsert(list) {
      for (const c of list) addChunk(c);
      if (dead > 1000 && dead > chunks.length / 2) compact();
      if (list.length) schedule();
    },
    deleteItem(itemType, itemId) {
      let n = 0;
      chunks.forEach((c, slot) => { if (c && c.itemType === itemType && c.itemId === itemId) { removeSlot(slot); n++; } });
      if (n) schedule();
      return n;
    },
    clear() {
      reset();
      schedule();
    },
    search(query, { k, language, filters }) {
      const itemIds = filters?.itemIds ? new Set(filters.itemIds) : undefined;
      const accept = filters ? (slot: number) => { const c = chunks[slot]; return !!c && matchesFilters(c, filters, itemIds); } : undefined;
      const toHits = (list: Scored[]) => list.map((s) => ({ chunk: chunks[s.doc]!, score: s.score }));
      const out = {} as LexicalResult;
      for (const f of LEXICAL_FIELDS) out[f] = toHits(fields[f].search(queryTerms(f, query, language), k, accept));
      return out;
    },
    get(id) {
      const slot = slotById.get(id);
      return slot === undefined ? undefined : chunks[slot] ?? undefined;
    },
    all: () => chunks.filter((c): c is Chunk => c !== null),
    count: () => chunks.length - dead,
    flush,
    async close() { await flush(); },
  };
}
