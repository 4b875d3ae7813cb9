/**
 * The CLI's exit codes and JSON for cron, against a real server: an unknown
 * id exits 2 (as README says) for every command that takes ids; bare `cms
 * users` and `cms tokens` list; `import --json` and `status --json` carry the
 * error code of each failure (transient or permanent); `cms ls` shows an
 * archived item as archived. The commands run in this process (runCmsHere: the same commands and exit codes);
 * the real `bin/cms` exit status as a shell sees it is in cli-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createProductClient } from './http/product-client';
import { createFixtures } from '../core/testing/fixtures';
import { startTestServer, type TestServer } from '../server/testing';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let server: TestServer;
let env: Record<string, string>;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-exit-'));
  server = await startTestServer();
  env = { CMS_URL: server.url, CMS_TOKEN: server.token };
});
after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('cms exit codes and JSON', () => {
  it('an unknown id exits 2 with a message naming it, for every command that takes ids', async () => {
    const runs = [['rm', '99999'], ['retry', '99999'], ['approve', '99999'], ['reject', '99999'], ['versions', '99999'], ['restore-version', '99999', '1'], ['translate', '99999', '--to', 'hebrew']];
    const results = [];
    for (const args of runs) results.push({ args, r: await runCmsHere([...args], { env, cwd: tmp, timeoutMs: 180_000 }) });
    for (const { args, r } of results) {
      assert.equal(r.code, 2, `cms ${args.join(' ')} exit ${r.code}\n${r.stdout}\n${r.stderr}`);
      assert.match(r.stderr + r.stdout, /99999/, `cms ${args.join(' ')} names the id`);
    }
  });

  it('bare `cms users` and `cms tokens` list (exit 0), as `ls` does', async () => {
    const admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    await admin.createUser({ username: 'listed-user', role: 'editor', password: 'editor-pass-1234' });
    await admin.createToken({ name: 'listed-token', role: 'reviewer' });
    const users = await runCmsHere(['users'], { env, cwd: tmp, timeoutMs: 180_000 });
    assert.equal(users.code, 0, users.stderr);
    assert.match(users.stdout, /listed-user\s+editor/);
    const tokens = await runCmsHere(['tokens', '--json'], { env, cwd: tmp, timeoutMs: 180_000 });
    assert.equal(tokens.code, 0, tokens.stderr);
    assert.ok(parseJson<{ tokens: Array<{ name: string }> }>(tokens).tokens.some((t) => t.name === 'listed-token'));
  });

  it('import --json and status --json give each failure its code and whether it is transient; ls shows an archived item as archived', async () => {
    const fx = createFixtures(path.join(tmp, 'fixtures'));
    const [corrupt, good] = await Promise.all([fx.corruptPdf(), fx.textPdf(2)]);
    mkdirSync(path.join(tmp, 'in'));
    copyFileSync(corrupt.path, path.join(tmp, 'in', 'broken.pdf'));
    copyFileSync(good.path, path.join(tmp, 'in', 'good.pdf'));
    const imported = await runCmsHere(['import', 'in', '--json'], { env, cwd: tmp, timeoutMs: 300_000 });
    assert.equal(imported.code, 1, imported.stderr);
    const rows = parseJson<{ files: Array<{ file: string; status: string; id: number; errorCode: string | null; transient: boolean | null }> }>(imported).files;
    const broken = rows.find((r) => r.file.endsWith('broken.pdf'))!;
    assert.deepEqual([broken.status, broken.errorCode, broken.transient], ['failed', 'failure.damaged', false], JSON.stringify(broken));
    const ok = rows.find((r) => r.file.endsWith('good.pdf'))!;
    assert.deepEqual([ok.status, ok.errorCode, ok.transient], ['completed', null, null]);

    const status = await runCmsHere(['status', '--json'], { env, cwd: tmp, timeoutMs: 180_000 });
    const items = parseJson<{ items: Array<{ id: number; status: string; errorCode: string | null; transient: boolean | null }> }>(status).items;
    const row = items.find((i) => i.id === broken.id)!;
    assert.deepEqual([row.status, row.errorCode, row.transient], ['failed', 'failure.damaged', false]);

    const admin = createProductClient({ baseUrl: server.url, token: server.token, tokenHint: 'test' });
    await admin.setAccess([ok.id], { archived: true });
    const ls = await runCmsHere(['ls'], { env: { ...env, CI: 'true' }, cwd: tmp, timeoutMs: 180_000 });
    assert.equal(ls.code, 0, ls.stderr);
    const line = ls.stdout.split('\n').find((l) => new RegExp(`^\\s*${ok.id}\\s`).test(l)) ?? '';
    assert.match(line, /\barchived\b/, ls.stdout);
    assert.doesNotMatch(line, /\bcompleted\b/);
  });
});
