import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../../engines/postgres/migrate';
import { dbError } from '../../engines/postgres/pool';
import type { TranslationLanguage } from '../../foundation/types';
import type { MemoryScope, TranslationMemory } from './memory';

/**
 * The translation memory in PostgreSQL (DATABASE_URL): one row per segment,
 * keyed by language pair, glossary version and a hash of the source text
 * (texts of any length), read on every lookup, so a segment translated or
 * saved through one server is used by every server and worker at once.
 * Storing a known segment again replaces its translation.
 */
export const translationMemoryMigrations: Migration[] = [{
  name: 'translation-memory-001',
  sql: `CREATE TABLE translation_memory (
    source text NOT NULL, target text NOT NULL, glossary_version integer NOT NULL, text_hash text NOT NULL,
    text text NOT NULL, translation text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, target, glossary_version, text_hash));`,
}];

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

export function createPgTranslationMemory(pool: pg.Pool): TranslationMemory {
  return {
    async lookup(scope: MemoryScope, texts: readonly string[]) {
      const out = new Map<string, string>();
      if (texts.length === 0) return out;
      try {
        const r = await pool.query<{ text: string; translation: string }>(
          'SELECT text, translation FROM translation_memory WHERE source = $1 AND target = $2 AND glossary_version = $3 AND text_hash = ANY($4::text[])',
          [scope.source, scope.target, scope.glossaryVersion, [...new Set(texts)].map(hashOf)],
        );
        const wanted = new Set(texts);
        for (const row of r.rows) if (wanted.has(row.text)) out.set(row.text, row.translation);
        return out;
      } catch (e) {
        throw dbError(e, 'to read the translation memory');
      }
    },
    async store(scope, entries) {
      if (entries.size === 0) return;
      const texts = [...entries.keys()];
      try {
        // One statement for the whole batch: it is committed (or not) as one.
        await pool.query(
          `INSERT INTO translation_memory (source, target, glossary_version, text_hash, text, translation)
           SELECT $1, $2, $3, h, t, tr FROM unnest($4::text[], $5::text[], $6::text[]) AS u(h, t, tr)
           ON CONFLICT (source, target, glossary_version, text_hash) DO UPDATE SET translation = EXCLUDED.translation, updated_at = now()
           WHERE translation_memory.translation IS DISTINCT FROM EXCLUDED.translation`,
          [scope.source, scope.target, scope.glossaryVersion, texts.map(hashOf), texts, texts.map((t) => entries.get(t)!)],
        );
      } catch (e) {
        throw dbError(e, 'to write the translation memory');
      }
    },
    async size(source: TranslationLanguage, target: TranslationLanguage) {
      try {
        const r = await pool.query<{ n: string }>('SELECT count(*) AS n FROM translation_memory WHERE source = $1 AND target = $2', [source, target]);
        return Number(r.rows[0].n);
      } catch (e) {
        throw dbError(e, 'to count the translation memory');
      }
    },
  };
}
