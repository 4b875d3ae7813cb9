/**
 * Hardening figures, in their own process: (1) each file of a fixed hostile
 * set (a PDF memory bomb, Office files with external links and an external
 * entity, an MP4 with undecodable codecs) through the real pipeline with
 * the default 1 GB tool ceiling, the peak RSS of its largest tool process
 * and of all its tools; (2) the time search needs to recover after the
 * Chroma server is killed (until health is ok and vector search answers).
 * For each file also the peak disk its tools used under the data folder
 * (a PDF with a 20000 x 20000 CMYK image is in the set: its image alone is
 * 1.6 GB uncompressed), against the per-tool write ceiling TOOL_DISK_MB.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/foundation/config';
import { uploadOfKind } from '../core/features/content/upload-any';
import { describeLocalFile } from '../core/features/content/spool';
import { createServices } from '../core/composition/services';
import { makeChunk } from '../core/testing/search-chunks';
import { fixtures } from '../core/testing/fixtures';
import { buildDocxWithExternalEntity, buildDocxWithExternalLinks, buildPdfBomb, buildPptxWithExternalImages } from '../core/testing/hostile';
import { descendants, watchDescendantMemory } from '../core/testing/proc-watch';
import { diskBombPdf } from './disk-bomb';
import { watchDisk } from './disk-watch';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hardening-'));
const hits: string[] = [];
const listener = createServer((req, res) => { hits.push(req.url ?? ''); res.end(); });
await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;

const file = (name: string, data: Buffer) => { const p = path.join(dataDir, name); writeFileSync(p, data); return p; };
const mp4 = Buffer.from(readFileSync((await fixtures.mp4()).path));
for (const [from, to] of [['avc1', 'xhe1'], ['mp4a', 'xhea'], ['esds', 'xxds']] as const) {
  for (let i = mp4.indexOf(from); i >= 0; i = mp4.indexOf(from, i + 4)) mp4.write(to, i, 'latin1');
}
const set = [
  { name: 'bomb-300mb-string.pdf', type: 'document' as const, path: file('bomb.pdf', await buildPdfBomb(300)) },
  { name: 'linked-images.pptx', type: 'presentation' as const, path: file('linked.pptx', await buildPptxWithExternalImages((await fixtures.pptx()).path, base)) },
  { name: 'external-links.docx', type: 'document' as const, path: file('linked.docx', buildDocxWithExternalLinks(base)) },
  { name: 'external-entity.docx', type: 'document' as const, path: file('xxe.docx', buildDocxWithExternalEntity()) },
  { name: 'undecodable-codecs.mp4', type: 'video' as const, path: file('codec.mp4', mp4) },
  { name: 'cmyk-20000px-image.pdf', type: 'document' as const, path: await diskBombPdf() },
];

const config = loadConfig({ DATA_DIR: path.join(dataDir, 'data'), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', WORKER_CONCURRENCY: '1' });
const services = await createServices(config, { lock: false, startWorker: true });
const files = [];
try {
  for (const f of set) {
    const watch = watchDescendantMemory({ exclude: (cmd) => cmd.includes('chroma') });
    // The data folder: job work folders (where the tools write) and stored files.
    const disk = watchDisk([path.join(dataDir, 'data')]);
    const t0 = performance.now();
    const rec = (await uploadOfKind(services.content, f.type, { ...(await describeLocalFile(f.path)), fileName: f.name }, {})).item;
    await services.queue.idle();
    const mem = watch.stop();
    const peakDiskMb = disk.stop();
    const done = await services.catalog.items(f.type).require(rec.id);
    files.push({ file: f.name, status: done.status, error: done.error ?? null, seconds: (performance.now() - t0) / 1000, peakProcessMb: mem.peakProcessMb, peakToolsMb: mem.peakTotalMb, largest: mem.largest.split(' ').slice(0, 3).join(' '), peakDiskMb });
  }

  // Search recovery after Chroma is killed.
  await services.search.upsert([makeChunk(990_001, 0, 'the tubular motor pairs with the remote after a long press')]);
  const pid = descendants(services.chroma!.pid).find((p) => p.cmd.includes('cli.mjs') && p.cmd.includes(' run '))!.pid;
  const t0 = performance.now();
  process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 50));
  for (;;) {
    const h = await services.search.health();
    if (h.ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const healthMs = performance.now() - t0;
  await services.search.upsert([makeChunk(990_002, 0, 'a write after the restart')]);
  const writeMs = performance.now() - t0;
  const worst = [...files].sort((a, b) => b.peakProcessMb - a.peakProcessMb)[0]!;
  const worstDisk = [...files].sort((a, b) => b.peakDiskMb - a.peakDiskMb)[0]!;
  console.log(JSON.stringify({ ceilingMb: 1024, diskCeilingMb: config.tools.diskBytes / 1024 / 1024, files, worst, worstDisk, connectionsToListener: hits.length, chromaRecovery: { healthMs, writeMs, restarts: services.chroma!.restarts } }));
} finally {
  await services.close();
  listener.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
