/**
 * Every way a direct-mode `cms import` ends must end the tools it started:
 * a closed terminal (SIGHUP), Ctrl-C (SIGINT), SIGTERM, and SIGKILL of the
 * CLI itself. The file is a PDF that keeps the text worker and pdfimages
 * busy for many seconds; afterwards no process may mention the test folder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildPdfBomb } from '../core/testing/hostile';
import { spawnCms } from './test-support';

let tmp: string;
let slowPdf: string;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-signals-'));
  slowPdf = path.join(tmp, 'slow.pdf');
  writeFileSync(slowPdf, await buildPdfBomb(300));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Processes (other than this test) whose command line mentions `needle`. */
function mentioning(needle: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(needle)) out.push(`${name}: ${cmd.slice(0, 160)}`);
    } catch { /* gone */ }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// SIGINT takes the same path as SIGHUP and SIGTERM in cli/main.ts.
for (const signal of ['SIGHUP', 'SIGTERM', 'SIGKILL'] as const) {
  describe(`cms import ended by ${signal}`, () => {
    it('leaves no tool process behind', async () => {
      const dataDir = path.join(tmp, `data-${signal}`);
      mkdirSync(dataDir);
      const cms = spawnCms(['import', slowPdf], { env: { DATA_DIR: dataDir, TOOL_MEMORY_MB: '4096' } });
      let err = '';
      cms.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      // Wait until the PDF tools run on the job's copy of the file (in the data folder's tmp/).
      const tools = () => mentioning(dataDir).filter((p) => /pdf-text-worker|pdfimages|pdfinfo/.test(p));
      for (let i = 0; i < 600 && tools().length === 0; i++) await sleep(100);
      assert.ok(tools().length > 0, `the PDF tools started\n${err}`);
      const exited = new Promise((r) => cms.once('exit', r));
      cms.kill(signal);
      await exited;
      // The tools go when their launcher sees the CLI gone and ends their namespace: on a machine with both cores
      // busy that took over 5 s once, so the wait is for the processes to be gone, with a deadline of a minute.
      let left = mentioning(tmp);
      for (let i = 0; i < 600 && left.length; i++) { await sleep(100); left = mentioning(tmp); }
      assert.deepEqual(left, [], `processes left after ${signal}`);
    });
  });
}
