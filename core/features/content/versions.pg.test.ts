import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { createServices, loadConfig } from '../../composition/root';
import { postgresForTests } from '../../testing/postgres';
import { runProductContract } from '../../testing/product-contract';
import { sharedChromaEnv } from '../../testing/shared-chroma';

/** Versions (replace, restore, promotion of a draft) and folder sync with the catalog in PostgreSQL. */
const pg = postgresForTests(after);
if (pg.skipReason) console.log(`# skipped: ${pg.skipReason}`);
else {
  runProductContract('direct on PostgreSQL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'versions-pg-'));
    const url = await (await pg.server()).createDatabase();
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), DATABASE_URL: url, ADMIN_PASSWORD: 'test-password-1' }), { lock: false, startWorker: true });
    return {
      product: services.product,
      async cleanup() {
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }, { only: /^(versions|folder sync)/ });
}
