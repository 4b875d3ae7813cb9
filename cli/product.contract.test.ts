import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices, loadConfig } from '../core/composition/root';
import { startTestServer } from '../server/testing';
import { runProductContract } from '../core/testing/product-contract';
import { createProductClient } from './http/product-client';
import { sharedChromaEnv } from '../core/testing/shared-chroma';

// The CLI's two modes: core's product in this process, and the HTTP client of a running server.
runProductContract('direct (core)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'product-direct-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789' }), { lock: false, startWorker: true });
  return {
    product: services.product,
    async cleanup() {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

runProductContract('http (client of the server)', async () => {
  const server = await startTestServer({ env: { AUTO_APPROVE: 'false' } });
  return {
    product: createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' }),
    cleanup: () => server.stop(),
  };
});
