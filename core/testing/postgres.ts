import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real PostgreSQL for tests and benchmarks: Debian's server binaries,
 * a data folder of its own under os.tmpdir(), its own free port on
 * 127.0.0.1, trust authentication, stopped and removed by `stop()`.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * user (created by the Debian package).
 */

const run = promisify(execFile);
const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** A fresh, empty database on this server; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (the run's shared one: drops the databases this process created on it instead). */
  stop(): Promise<void>;
  /** Its folder (data in `data/`, the log in `log`); null for the run's shared server. */
  dir: string | null;
}

/**
 * The test run's one PostgreSQL, when scripts/test.sh started it (CMS_TEST_PG_URL): every file gets databases of
 * its own on it (CREATE DATABASE) instead of an initdb and a server start of its own.
 */
function runPostgres(url: string): TestPostgres {
  const at = new URL(url);
  const created: string[] = [];
  let n = 0;
  const admin = async <T>(fn: (c: import('pg').Client) => Promise<T>): Promise<T> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    url, port: Number(at.port), dir: null,
    async createDatabase(name) {
      const db = name ?? `t${process.pid}_${++n}_${Math.random().toString(36).slice(2, 8)}`;
      await admin((c) => c.query(`CREATE DATABASE "${db.replace(/"/g, '""')}"`));
      created.push(db);
      return `postgres://postgres@${at.host}/${db}`;
    },
    async stop() {
      const dbs = created.splice(0);
      if (dbs.length) await admin(async (c) => { for (const db of dbs) await c.query(`DROP DATABASE IF EXISTS "${db.replace(/"/g, '""')}" WITH (FORCE)`); });
    },
  };
}

/** The bin folder of an installed PostgreSQL server, or null with the reason. */
export function findPostgres(): { bin: string } | { reason: string } {
  const bin = process.env.PG_BIN_DIR ?? BIN_DIRS.find((d) => existsSync(path.join(d, 'initdb')));
  if (!bin || !existsSync(path.join(bin, 'initdb'))) {
    return { reason: 'PostgreSQL server binaries are not installed (Debian package `postgresql`; run scripts/setup-system.sh)' };
  }
  if (process.getuid?.() === 0 && !/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8'))) {
    return { reason: 'running as root and there is no `postgres` user to run PostgreSQL as' };
  }
  return { bin };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a PostgreSQL server; throws with the reason when it cannot. In a test run with a shared server
 * (CMS_TEST_PG_URL) it hands out that one instead, unless `own` is set (a test that stops or kills its server).
 */
export async function startPostgres(options: { own?: boolean; maxConnections?: number } = {}): Promise<TestPostgres> {
  const shared = process.env.CMS_TEST_PG_URL;
  if (shared && !options.own) return runPostgres(shared);
  const found = findPostgres();
  if ('reason' in found) throw new Error(found.reason);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cms-pg-'));
  const dataDir = path.join(dir, 'data');
  const asPg = async (cmd: string, args: string[]) => {
    const file = path.join(found.bin, cmd);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(dir, 0o700);
  const port = await freePort();
  await asPg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  // Test settings: no durability waits, small footprint, sockets inside the folder.
  await asPg('pg_ctl', [
    '-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${options.maxConnections ?? 200} -c shared_buffers=32MB`,
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  let n = 0;
  return {
    url,
    port,
    dir,
    async createDatabase(name) {
      const db = name ?? `t${process.pid}_${++n}_${Math.random().toString(36).slice(2, 8)}`;
      await asPg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', db]);
      return `postgres://postgres@127.0.0.1:${port}/${db}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await asPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: one PostgreSQL for the whole file, started on first use
 * and stopped after the file's tests. `skipReason` is set (and printed) where
 * PostgreSQL is not installed; the caller then skips its PostgreSQL tests.
 */
export function postgresForTests(after: (fn: () => Promise<void>) => void): { skipReason: string | false; server: () => Promise<TestPostgres> } {
  const found = findPostgres();
  const skipReason = 'reason' in found ? `PostgreSQL tests skipped: ${found.reason}` : false;
  if (skipReason) console.log(`# ${skipReason}`);
  let started: Promise<TestPostgres> | null = null;
  after(async () => {
    if (started) await (await started).stop();
  });
  return { skipReason, server: () => (started ??= startPostgres()) };
}
