/**
 * A PDF built to exhaust memory (a few hundred KB inflating into a 300 MB
 * text string) must end `failed` with a reason naming the file, the page
 * and the ceiling, while every process of the job stays under the ceiling
 * and another job at the same time completes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../foundation/config';
import { uploadOfKind } from '../content/upload-any';
import { describeLocalFile } from '../content/spool';
import { createServices, type Services } from '../../composition/services';
import { fixtures } from '../../testing/fixtures';
import { buildPdfBomb } from '../../testing/hostile';
import { watchDescendantMemory } from '../../testing/proc-watch';
import { toolLimits } from '../../foundation/tools/sandbox';
import { sharedChromaEnv } from '../../testing/shared-chroma';

const CEILING_MB = 512;
let dataDir: string;
let services: Services;
let bomb: string;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'memory-limit-'));
  bomb = path.join(dataDir, 'report.pdf');
  writeFileSync(bomb, await buildPdfBomb(300));
  services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: 'test-password-1', CMS_TOKEN: 'test-token-0123456789abcdef0123456789', TOOL_MEMORY_MB: String(CEILING_MB) }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a memory bomb PDF', () => {
  it('fails with "needs more than 512 MB of memory to read page 1", under the ceiling, while another job completes', async () => {
    assert.equal(toolLimits().memoryBytes, CEILING_MB * 1024 * 1024, 'TOOL_MEMORY_MB reaches the tools');
    const watch = watchDescendantMemory({ exclude: (cmd) => cmd.includes('chroma') });
    const t0 = Date.now();
    const bad = (await uploadOfKind(services.content, 'document', await describeLocalFile(bomb), {})).item;
    const good = await fixtures.textPdf(3);
    const fine = (await uploadOfKind(services.content, 'document', await describeLocalFile(good.path), {})).item;
    await services.queue.idle();
    const seconds = (Date.now() - t0) / 1000;
    const mem = watch.stop();

    const failed = await services.catalog.documents.require(bad.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error ?? '', /"report\.pdf" needs more than 512 MB of memory to read page 1 of 1/);
    assert.match(failed.error ?? '', /split it into smaller files/);
    assert.equal((await services.catalog.documents.require(fine.id)).status, 'completed', 'the other job went on');
    assert.ok(mem.peakProcessMb < CEILING_MB, `largest tool process peaked at ${mem.peakProcessMb.toFixed(0)} MB (${mem.largest})`);
    assert.ok(mem.peakProcessMb > 100, `the bomb did push memory up (${mem.peakProcessMb.toFixed(0)} MB): the ceiling, not luck, stopped it`);
    assert.ok(seconds < 120, `took ${seconds} s`);
  });
});
