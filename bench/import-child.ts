/**
 * Imports a list of files through the real pipeline, directly (core) or
 * through a real server process (HTTP uploads), and prints the wall time
 * until every item is done, as JSON. Used by bench/office.ts.
 *   node --import tsx bench/import-child.ts direct|server FILE...
 */
import { openAsBlob, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/foundation/config';
import { describeLocalFile } from '../core/features/content/spool';
import { uploadOfKind } from '../core/features/content/upload-any';
import { createServices } from '../core/composition/services';
import { startTestServer } from '../server/testing';

const [mode, ...files] = process.argv.slice(2);
const kindOf = (f: string) => (f.endsWith('.pptx') ? 'presentation' : 'document') as 'presentation' | 'document';
const env = { ADMIN_PASSWORD: 'bench-password-long-enough', CMS_TOKEN: 'bench-token-bench-token-bench-token-0123', WORKER_CONCURRENCY: '2', AUTO_APPROVE: 'true' };

if (mode === 'direct') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...env }), { lock: false, startWorker: true });
  try {
    const t0 = performance.now();
    for (const f of files) await uploadOfKind(services.content, kindOf(f), await describeLocalFile(f), {});
    await services.queue.idle();
    process.stdout.write(`${JSON.stringify({ ms: performance.now() - t0 })}\n`);
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const server = await startTestServer({ process: true, env });
  try {
    const auth = { authorization: `Bearer ${env.CMS_TOKEN}` };
    const t0 = performance.now();
    const ids: Array<[string, number]> = [];
    for (const f of files) {
      const form = new FormData();
      form.set('title', path.basename(f));
      form.set('file', await openAsBlob(f), path.basename(f));
      const route = kindOf(f) === 'presentation' ? 'presentations' : 'documents';
      const res = await fetch(`${server.url}/api/${route}`, { method: 'POST', headers: auth, body: form });
      if (res.status >= 300) throw new Error(`${path.basename(f)}: ${res.status} ${await res.text()}`);
      ids.push([route, ((await res.json()) as { id: number }).id]);
    }
    // Poll the records as the console does until none is still being worked on.
    for (;;) {
      let busy = 0;
      for (const route of new Set(ids.map(([r]) => r))) {
        const rows = (await (await fetch(`${server.url}/api/${route}`, { headers: auth })).json()) as Array<{ id: number; status: string }>;
        for (const [r, id] of ids) if (r === route && !['completed', 'failed'].includes(rows.find((x) => x.id === id)?.status ?? '')) busy++;
      }
      if (busy === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    process.stdout.write(`${JSON.stringify({ ms: performance.now() - t0 })}\n`);
  } finally {
    await server.stop();
  }
}
