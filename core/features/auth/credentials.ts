import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { dbError } from '../../engines/postgres/pool';

/**
 * Where the generated admin credentials live (when ADMIN_PASSWORD or
 * CMS_TOKEN is not set): the generated password's hash and the generated
 * API token. The first process to need one creates it; every other server
 * and worker reads the same value.
 */
export interface CredentialStore {
  /** The stored value of `name`, or `make()` stored now when there is none; `created` when this call stored it. */
  getOrCreate(name: CredentialName, make: () => string): Promise<{ value: string; created: boolean }>;
}

export type CredentialName = 'admin-password-hash' | 'api-token';

export const CREDENTIALS_FILE = 'admin.json';
export const TOKEN_FILE = 'cms-token';

/** The data folder: `admin.json` (the password hash) and `cms-token` (the token the CLI reads). */
export function createFileCredentialStore(dataDir: string): CredentialStore {
  return {
    async getOrCreate(name, make) {
      const file = path.join(dataDir, name === 'api-token' ? TOKEN_FILE : CREDENTIALS_FILE);
      if (existsSync(file)) {
        const raw = readFileSync(file, 'utf8');
        return { value: name === 'api-token' ? raw.trim() : (JSON.parse(raw) as { passwordHash: string }).passwordHash, created: false };
      }
      const value = make();
      writeFileSync(file, name === 'api-token' ? `${value}\n` : JSON.stringify({ passwordHash: value, createdAt: new Date().toISOString() }), { mode: 0o600 });
      return { value, created: true };
    },
  };
}

/**
 * PostgreSQL (DATABASE_URL): rows of `app_settings` (`admin-password-hash`,
 * `api-token`); two processes starting at once both end with the first one's
 * value. The API token is also copied into the data folder's `cms-token`
 * (mode 600), where the CLI on this machine reads it.
 */
export function createPgCredentialStore(options: { pool: pg.Pool; dataDir: string }): CredentialStore {
  return {
    async getOrCreate(name, make) {
      let value: string;
      let created = false;
      try {
        const candidate = make();
        const ins = await options.pool.query<{ value: { value: string } }>(
          'INSERT INTO app_settings (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING RETURNING value',
          [name, JSON.stringify({ value: candidate, createdAt: new Date().toISOString() })],
        );
        if (ins.rows[0]) {
          value = candidate;
          created = true;
        } else {
          value = (await options.pool.query<{ value: { value: string } }>('SELECT value FROM app_settings WHERE name = $1', [name])).rows[0].value.value;
        }
      } catch (e) {
        throw dbError(e, `to read the ${name === 'api-token' ? 'generated API token' : 'generated admin password'}`);
      }
      if (name === 'api-token') {
        const file = path.join(options.dataDir, TOKEN_FILE);
        const copy = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
        if (copy !== value) writeFileSync(file, `${value}\n`, { mode: 0o600 });
      }
      return { value, created };
    },
  };
}

/**
 * `cms migrate`: the data folder's generated credentials into PostgreSQL
 * (a value already there is kept); returns how many the database holds of
 * those the folder has.
 */
export async function importCredentials(pool: pg.Pool, dataDir: string): Promise<{ source: number; target: number }> {
  const file = createFileCredentialStore(dataDir);
  let source = 0;
  let target = 0;
  for (const [name, fileName] of [['admin-password-hash', CREDENTIALS_FILE], ['api-token', TOKEN_FILE]] as const) {
    if (!existsSync(path.join(dataDir, fileName))) continue;
    source++;
    const { value } = await file.getOrCreate(name, () => '');
    try {
      await pool.query('INSERT INTO app_settings (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [name, JSON.stringify({ value, createdAt: new Date().toISOString() })]);
      const r = await pool.query<{ value: { value: string } }>('SELECT value FROM app_settings WHERE name = $1', [name]);
      if (r.rows[0]?.value.value === value) target++;
    } catch (e) {
      throw dbError(e, 'to copy the generated credentials');
    }
  }
  return { source, target };
}
