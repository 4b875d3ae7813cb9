import type pg from 'pg';
import type { Migration } from '../../engines/postgres/migrate';
import { editAppSetting } from '../../engines/postgres/app-settings';
import { dbError } from '../../engines/postgres/pool';
import { allowed, applyWidgetPatch, EMPTY_WIDGET_SETTINGS, type WidgetSettings, type WidgetSettingsStore } from './settings';

/**
 * The widget's settings in PostgreSQL (DATABASE_URL): one row every server
 * reads on each request, so origins saved through one server are sent by
 * all of them at once. A change reads the row FOR UPDATE and writes it in
 * one transaction (two admins saving at once: both apply, in turn).
 */

export const settingsMigrations: Migration[] = [{
  name: 'settings-001',
  sql: 'CREATE TABLE app_settings (name text PRIMARY KEY, value jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());',
}];

const NAME = 'widget';

export function createPgWidgetSettingsStore(options: { pool: pg.Pool; envOrigins: string[] }): WidgetSettingsStore {
  const { pool } = options;
  const read = async (): Promise<WidgetSettings> => {
    try {
      const r = await pool.query<{ value: Partial<WidgetSettings> }>('SELECT value FROM app_settings WHERE name = $1', [NAME]);
      return { ...EMPTY_WIDGET_SETTINGS, ...r.rows[0]?.value };
    } catch (e) {
      throw dbError(e, 'to read the widget settings');
    }
  };
  const view = (s: WidgetSettings) => ({ ...s, origins: [...s.origins], envOrigins: [...options.envOrigins] });
  return {
    get: async () => view(await read()),
    async update(patch) {
      const next = await editAppSetting<Partial<WidgetSettings>>(pool, NAME, {},
        (current) => applyWidgetPatch({ ...EMPTY_WIDGET_SETTINGS, ...current }, patch), 'to save the widget settings');
      return view(next as WidgetSettings);
    },
    allowedOrigins: async () => allowed(options.envOrigins, await read()),
  };
}

/** `cms migrate`: a data folder's widget settings, when the database has none yet; returns what the database holds. */
export async function importWidgetSettings(pool: pg.Pool, settings: Partial<WidgetSettings>): Promise<WidgetSettings> {
  try {
    await pool.query('INSERT INTO app_settings (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [NAME, JSON.stringify(settings)]);
    const r = await pool.query<{ value: Partial<WidgetSettings> }>('SELECT value FROM app_settings WHERE name = $1', [NAME]);
    return { ...EMPTY_WIDGET_SETTINGS, ...r.rows[0]?.value };
  } catch (e) {
    throw dbError(e, 'to copy the widget settings');
  }
}
