import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCmsHere } from '../../cli/test-support';
import { startTestServer, type TestServer } from '../../server/testing';
import { corpusFile } from '../testing/corpus';

/**
 * `cms backup` while the server runs an import, and `cms restore` into a
 * new folder: the archive holds one whole catalog and no lock or temp file;
 * a server starts on the restored folder and every item completed in the
 * backup is there, completed, and found by search again.
 * (The server runs in a child process: a backup taken by another process while it writes is the point. Out of
 * the quick tier; what restore refuses is proved in ./backup-secrets.test.ts.)
 */

const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));
const cleanup: string[] = [];
after(() => {
  for (const d of cleanup) rmSync(d, { recursive: true, force: true });
});

/** `cms <args>` in this process (cli/test-support.ts runCmsHere): the same command and exit code without a process start. */
async function cms(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const r = await runCmsHere(args, { env: { CMS_URL: '', ...env }, timeoutMs: 300_000 });
  return { code: r.code, out: r.stdout + r.stderr };
}

type Item = { id: number; status: string; chunkCount: number; title?: string; label?: string };
const auth = (s: TestServer) => ({ authorization: `Bearer ${s.token}` });
const items = async (s: TestServer): Promise<Item[]> => [
  ...((await (await fetch(`${s.url}/api/documents`, { headers: auth(s) })).json()) as Item[]),
  ...((await (await fetch(`${s.url}/api/presentations`, { headers: auth(s) })).json()) as Item[]),
];

async function upload(s: TestServer, rel: string, title: string) {
  const route = rel.startsWith('pptx') ? 'presentations' : 'documents';
  const form = new FormData();
  form.set(route === 'documents' ? 'title' : 'label', title);
  form.set('file', await openAsBlob(corpusFile(rel)), path.basename(rel));
  const r = await fetch(`${s.url}/api/${route}`, { method: 'POST', headers: auth(s), body: form });
  assert.equal(r.status, 201, await r.clone().text());
}

/** Polls a state until it holds (the state is the event waited for). */
async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>): Promise<T> {
  for (;;) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100)); // how often the state is looked at; the file's deadline ends a wait that never holds
    void what;
  }
}

describe('cms backup during an import, cms restore into a new folder', () => {
  it('the server starts on the restored folder and every completed item is there and searchable', async () => {
    const server = await startTestServer({ process: true });
    cleanup.push(server.dataDir);
    let file = '';
    let inProgressAtBackup = 0;
    try {
      await upload(server, 'docx/par-hlink-frags.docx', 'Hyperlinks');
      await upload(server, 'pptx/cht-charts.pptx', 'Charts deck');
      await until('the first import', async () => (await items(server)).every((i) => i.status === 'completed' || i.status === 'failed'));
      // The second import runs while the backup is taken.
      await upload(server, 'pdf/tracemonkey_a11y.pdf', 'Trace-based JIT');
      await upload(server, 'docx/tbl-cell-props.docx', 'Cell properties');
      inProgressAtBackup = (await items(server)).filter((i) => i.status !== 'completed' && i.status !== 'failed').length;
      const dir = tmp('backup-out-');
      cleanup.push(dir);
      file = path.join(dir, 'cms.tar.gz');
      const b = await cms(['backup', file, '--json'], { DATA_DIR: server.dataDir });
      assert.equal(b.code, 0, b.out);
      assert.ok(inProgressAtBackup > 0, 'the import was still running when the backup began');
    } finally {
      await server.stop({ keepData: true });
    }
    assert.ok(existsSync(file) && !existsSync(`${file}.partial`));
    // A real tar.gz, read by the system's tar: one catalog, no lock, no temp files, no index.
    const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    assert.ok(entries.includes('db.json'));
    assert.ok(entries.includes('catalog-ids.json'));
    assert.deepEqual(entries.filter((e) => /server\.lock|\.tmp$|^tmp\/|^search\/|^chroma\//.test(e)), []);
    assert.ok(entries.some((e) => e.startsWith('objects/')));

    const restored = path.join(tmp('restore-'), 'data');
    cleanup.push(path.dirname(restored));
    const r = await cms(['restore', file, restored], {});
    assert.equal(r.code, 0, r.out);
    const snapshot = JSON.parse(readFileSync(path.join(restored, 'db.json'), 'utf8')) as { documents: Item[]; presentations: Item[] };
    const completed = [...snapshot.documents, ...snapshot.presentations].filter((i) => i.status === 'completed');
    assert.ok(completed.length >= 2, `the items of the first import are in the backup (${completed.length})`);

    const again = await startTestServer({ dataDir: restored });
    try {
      const now = await items(again);
      for (const c of completed) assert.equal(now.find((i) => i.id === c.id)?.status, 'completed', `item ${c.id} is there, completed`);
      // The index was left out of the backup: rebuilt from the stored text at start.
      const chunks = completed.reduce((n, c) => n + c.chunkCount, 0);
      await until('the search index rebuilt', async () => (await again.services!.search.count()) >= chunks);
      const hits = (await (await fetch(`${again.url}/api/search?q=${encodeURIComponent('chart')}&k=5`, { headers: auth(again) })).json()) as unknown[];
      assert.ok(hits.length > 0, 'search finds the restored items');
      // Items that were mid-import when the backup was taken finish on the restored server.
      await again.services!.queue.idle();
      assert.ok((await items(again)).every((i) => i.status === 'completed' || i.status === 'failed'));
    } finally {
      await again.stop({ keepData: true });
    }
  });
});
