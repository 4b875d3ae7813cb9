/**
 * Translation memory: every translated segment kept by (source text,
 * source language, target language, glossary version), so a segment is
 * never sent to a provider twice — across documents, re-translations and
 * retries after a failure in the middle of a document.
 *
 * The file implementation keeps one append-only JSONL file per language
 * pair under its folder (not in the catalog file, which is rewritten whole
 * on every write). A line cut off by a crash is skipped on load. A
 * PostgreSQL implementation can stand behind the same interface.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TranslationLanguage } from '../../foundation/types';

export interface MemoryScope {
  source: TranslationLanguage;
  target: TranslationLanguage;
  glossaryVersion: number;
}

export interface TranslationMemory {
  /** Known translations of these source texts (absent texts are unknown). */
  lookup(scope: MemoryScope, texts: readonly string[]): Promise<Map<string, string>>;
  /** Remembers translations (source text -> translation). */
  store(scope: MemoryScope, entries: ReadonlyMap<string, string>): Promise<void>;
  /** Number of remembered segments for a pair (all glossary versions). */
  size(source: TranslationLanguage, target: TranslationLanguage): Promise<number>;
}

interface Line { v: number; s: string; t: string }

export function createFileTranslationMemory(dir: string): TranslationMemory {
  const pairs = new Map<string, Promise<Map<string, string>>>();
  const fileOf = (s: string, t: string) => path.join(dir, `${s}-${t}.jsonl`);
  const keyOf = (v: number, text: string) => `${v}\u0000${text}`;
  // Appends to one file are chained so lines never interleave.
  const writes = new Map<string, Promise<void>>();

  const load = (source: string, target: string) => {
    const id = `${source}-${target}`;
    let p = pairs.get(id);
    if (!p) {
      p = (async () => {
        const map = new Map<string, string>();
        let raw = '';
        try {
          raw = await readFile(fileOf(source, target), 'utf8');
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
        for (const line of raw.split('\n')) {
          if (!line) continue;
          try {
            const l = JSON.parse(line) as Line;
            if (typeof l.s === 'string' && typeof l.t === 'string') map.set(keyOf(Number(l.v) || 0, l.s), l.t);
          } catch { /* a line cut off by a crash */ }
        }
        return map;
      })();
      pairs.set(id, p);
    }
    return p;
  };

  return {
    async lookup(scope, texts) {
      const map = await load(scope.source, scope.target);
      const out = new Map<string, string>();
      for (const t of texts) {
        const hit = map.get(keyOf(scope.glossaryVersion, t));
        if (hit !== undefined) out.set(t, hit);
      }
      return out;
    },
    async store(scope, entries) {
      if (entries.size === 0) return;
      const map = await load(scope.source, scope.target);
      let lines = '';
      for (const [s, t] of entries) {
        const k = keyOf(scope.glossaryVersion, s);
        if (map.get(k) === t) continue;
        map.set(k, t);
        lines += `${JSON.stringify({ v: scope.glossaryVersion, s, t } satisfies Line)}\n`;
      }
      if (!lines) return;
      const file = fileOf(scope.source, scope.target);
      const prev = writes.get(file) ?? Promise.resolve();
      const next = prev.then(async () => {
        await mkdir(dir, { recursive: true });
        await appendFile(file, lines, 'utf8');
      });
      writes.set(file, next.catch(() => undefined));
      await next;
    },
    async size(source, target) {
      return (await load(source, target)).size;
    },
  };
}
