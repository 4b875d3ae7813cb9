// For scripts/test.sh: starts the run's one PostgreSQL (core/testing/postgres.ts) and prints "URL FOLDER" on one
// line; the script stops it when the run ends (its postmaster.pid). Prints nothing where PostgreSQL is not
// installed: the PostgreSQL tests then skip, naming why, as before.
import { findPostgres, startPostgres } from '../core/testing/postgres';

if (!('reason' in findPostgres())) {
  // Every file of the run on it, two at a time, each server with a pool of up to 20: more connections than one file's.
  const pg = await startPostgres({ own: true, maxConnections: 500 });
  process.stdout.write(`${pg.url} ${pg.dir}\n`);
}
