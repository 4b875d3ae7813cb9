/**
 * Re-runs never duplicate (issue 39): the real `cms` run again on the same
 * folder, then `cms retry --failed`, then `cms sync` of that folder, with
 * the items counted after each. A failed file is processed again under its
 * first record; what the import brought in is what the sync keeps.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createFixtures } from '../core/testing/fixtures';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let inbox: string;
let env: Record<string, string>;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-reimport-'));
  inbox = path.join(tmp, 'inbox');
  mkdirSync(inbox);
  const fx = createFixtures(path.join(tmp, 'fixtures'));
  for (const f of await Promise.all([fx.textPdf(2), fx.corruptPdf()])) copyFileSync(f.path, path.join(inbox, f.fileName));
  env = { DATA_DIR: path.join(tmp, 'data') };
});
after(() => rmSync(tmp, { recursive: true, force: true }));

const items = async () => parseJson<Array<{ id: number; status: string; fileName?: string }>>(await runCmsHere(['ls', '--json'], { env }));
const importInbox = async () => parseJson<{ files: ImportRow[] }>(await runCmsHere(['import', inbox, '--json'], { env, cwd: tmp, timeoutMs: 80_000 })).files;
const row = (rows: ImportRow[], name: string) => rows.find((r) => path.basename(r.file) === name)!;

test('import run twice, retry --failed, then sync of the same folder: 2 items after each step, the failed one always the same record', async () => {
  const first = await importInbox();
  assert.deepEqual([row(first, 'manual-2-pages.pdf').status, row(first, 'corrupt.pdf').status], ['completed', 'failed']);
  const failedId = row(first, 'corrupt.pdf').id;
  assert.equal((await items()).length, 2);

  const second = await importInbox();
  assert.equal(row(second, 'manual-2-pages.pdf').status, 'skipped');
  assert.deepEqual([row(second, 'corrupt.pdf').status, row(second, 'corrupt.pdf').id], ['failed', failedId], 'the failed file was processed again under its record');
  const afterRerun = await items();
  assert.equal(afterRerun.length, 2, JSON.stringify(afterRerun));
  assert.deepEqual(afterRerun.filter((i) => i.status === 'failed').map((i) => i.id), [failedId], 'one failed record, not a stale one beside a new one');

  const retried = await runCmsHere(['retry', '--failed', '--json'], { env, timeoutMs: 80_000 });
  assert.equal(retried.code, 1, retried.stderr);
  assert.equal((await items()).length, 2);

  const sync = await runCmsHere(['sync', inbox, '--json'], { env, timeoutMs: 80_000 });
  const report = parseJson<{ summary: string; adopted: Array<{ path: string; id: number }> }>(sync);
  assert.equal(report.summary, '0 new, 0 changed, 0 removed', sync.stdout);
  assert.deepEqual(report.adopted.map((e) => e.path).sort(), ['corrupt.pdf', 'manual-2-pages.pdf']);
  assert.equal((await items()).length, 2, 'the sync imported nothing again');
});
