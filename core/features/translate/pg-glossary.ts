import type pg from 'pg';
import { editAppSetting } from '../../engines/postgres/app-settings';
import { dbError } from '../../engines/postgres/pool';
import { editGlossary, EMPTY_GLOSSARY, type Glossary, type GlossaryEntry, type GlossaryStore } from './glossary';

/**
 * The glossary in PostgreSQL (DATABASE_URL; the `app_settings` row
 * `glossary`, see core/features/widget/pg-settings.ts for the table): read on every
 * use, so a term added through one server is used by every server and
 * worker at once; an edit locks the row, so two edits at once both apply.
 */
export function createPgGlossaryStore(pool: pg.Pool): GlossaryStore {
  const get = async (): Promise<Glossary> => {
    try {
      const r = await pool.query<{ value: Glossary }>("SELECT value FROM app_settings WHERE name = 'glossary'");
      return r.rows[0]?.value ?? { ...EMPTY_GLOSSARY };
    } catch (e) {
      throw dbError(e, 'to read the glossary');
    }
  };
  const edit = (change: (entries: GlossaryEntry[]) => GlossaryEntry[]): Promise<Glossary> =>
    editAppSetting<Glossary>(pool, 'glossary', EMPTY_GLOSSARY,
      (current) => ({ version: (Number(current.version) || 0) + 1, entries: change(current.entries ?? []) }), 'to save the glossary');
  return {
    get,
    put: (entry) => edit((entries) => editGlossary(entries, { put: entry })),
    remove: (term) => edit((entries) => editGlossary(entries, { remove: term })),
    replaceAll: (entries) => edit(() => entries.map((e) => editGlossary([], { put: e })[0])),
  };
}

/**
 * `cms migrate`: a data folder's glossary with its version (translation
 * memory is keyed by it); a glossary edited in the database since (a
 * higher version) is kept. Returns the glossary the database holds.
 */
export async function importGlossary(pool: pg.Pool, glossary: Glossary): Promise<Glossary> {
  try {
    await pool.query(
      `INSERT INTO app_settings (name, value) VALUES ('glossary', $1::jsonb) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
       WHERE coalesce((app_settings.value->>'version')::int, 0) <= coalesce((EXCLUDED.value->>'version')::int, 0)`,
      [JSON.stringify({ version: Number(glossary.version) || 0, entries: glossary.entries ?? [] })],
    );
    return await createPgGlossaryStore(pool).get();
  } catch (e) {
    throw dbError(e, 'to copy the glossary');
  }
}
