import { createWriteStream, openAsBlob, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { login, startTestServer } from '../server/testing';
import { fixtures } from '../core/testing/fixtures';
import { readFileSync } from 'node:fs';
import { rssMb } from './proc';

/** A 300 MB upload through the real server process: its RSS while idle and at peak during the upload. */
export async function uploadMemory(sizeMb = 300) {
  const video = await fixtures.mp4();
  const big = path.join(os.tmpdir(), `bench-upload-${sizeMb}.mp4`);
  const out = createWriteStream(big);
  out.write(readFileSync(video.path));
  const block = Buffer.alloc(1024 * 1024, 7);
  for (let i = 0; i < sizeMb; i++) if (!out.write(block)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');

  const server = await startTestServer({ process: true, worker: false, env: { MAX_UPLOAD_MB: String(sizeMb + 50), WORKER_CONCURRENCY: '1' } });
  try {
    const pid = server.child!.pid!;
    const cookie = await login(server);
    await new Promise((r) => setTimeout(r, 1500));
    const idle = rssMb(pid);
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    const form = new FormData();
    form.set('label', 'bench');
    form.set('file', await openAsBlob(big, { type: 'video/mp4' }), 'bench.mp4');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
    const ms = performance.now() - t0;
    clearInterval(timer);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return { sizeMb, idleRssMb: idle, peakRssMb: peak, deltaMb: peak - idle, seconds: ms / 1000 };
  } finally {
    await server.stop();
    rmSync(big, { force: true });
  }
}
