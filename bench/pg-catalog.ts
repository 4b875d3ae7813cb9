/**
 * The PostgreSQL catalog at 100,000 items: an admin write (update of one
 * item) p50/p95, a page of a filtered list and a count p50/p95, and this
 * process's memory (nothing of the catalog is held in it).
 *   node --import tsx bench/pg-catalog.ts [items]
 */
import { catalogMigrations, openPgCatalog } from '../core/engines/catalog/pg-catalog';
import { migrate } from '../core/engines/postgres/migrate';
import { openPool } from '../core/engines/postgres/pool';
import { startPostgres } from '../core/testing/postgres';

const N = Number(process.argv[2] ?? 100_000);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const time = async (n: number, fn: (i: number) => Promise<unknown>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return { p50: +pct(out, 50).toFixed(2), p95: +pct(out, 95).toFixed(2) };
};

const pg = await startPostgres();
try {
  const pool = await openPool({ url: await pg.createDatabase(), max: 10 });
  await migrate(pool, catalogMigrations);
  const t0 = performance.now();
  await pool.query(`
    INSERT INTO catalog_rows (collection, id, data)
    SELECT 'documents', i, jsonb_build_object('id', i, 'title', 'Document ' || i, 'description', repeat('text ', 40), 'status',
      CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'completed' END, 'categoryId', i % 50, 'fileName', 'doc-' || i || '.pdf', 'chunkCount', 12)
    FROM generate_series(1, $1::int) AS i`, [N]);
  await pool.query("SELECT setval('catalog_ids', $1)", [N + 1]);
  await pool.query('ANALYZE catalog_rows');
  const loadS = (performance.now() - t0) / 1000;
  const catalog = await openPgCatalog({ pool, location: 'bench' });
  const rssBefore = process.memoryUsage().rss;
  const write = await time(300, (i) => catalog.documents.update(1 + ((i * 7919) % N), { title: `Renamed ${i}` } as never));
  const mutate = await time(300, (i) => catalog.documents.update(1 + ((i * 7919) % N), (d) => void ((d as { chunkCount: number }).chunkCount += 1)));
  const page = await time(100, (i) => catalog.documents.list({ where: { status: 'failed' }, orderBy: 'id', desc: true, limit: 50, offset: i * 50 }));
  const byCategory = await time(100, (i) => catalog.documents.list({ where: { categoryId: i % 50 }, limit: 50 }));
  const count = await time(50, () => catalog.documents.count({ where: { status: 'completed' } }));
  const get = await time(300, (i) => catalog.documents.get(1 + ((i * 104729) % N)));
  const mem = process.memoryUsage();
  console.log(JSON.stringify({
    items: N, loadSeconds: +loadS.toFixed(1),
    updatePatchMs: write, updateMutatorMs: mutate, getMs: get,
    listFailedPageMs: page, listByCategoryPageMs: byCategory, countMs: count,
    rssMb: +(mem.rss / 2 ** 20).toFixed(0), rssGrowthMb: +((mem.rss - rssBefore) / 2 ** 20).toFixed(1), heapUsedMb: +(mem.heapUsed / 2 ** 20).toFixed(0),
  }, null, 1));
  await catalog.close();
  await pool.end();
} finally {
  await pg.stop();
}
