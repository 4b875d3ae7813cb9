// For scripts/test.sh: starts the run's one PostgreSQL (core/testing/postgres.ts) and prints "URL FOLDER" on one
// line; the script stops it when the run ends (its postmaster.pid). Prints nothing where PostgreSQL is not
// installed: the PostgreSQL tests then skip, naming why, as before.
import { findPostgres, startPostgres } from '../core/testing/postgres';

if (!('reason' in findPostgres())) {
  const pg = await startPostgres({ own: true });
  process.stdout.write(`${pg.url} ${pg.dir}\n`);
}
