import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCatalogContract } from '../../testing/catalog-contract';
import { openCatalog } from './catalog';

runCatalogContract('lowdb', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-contract-'));
  return { open: () => openCatalog(dir), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
});
