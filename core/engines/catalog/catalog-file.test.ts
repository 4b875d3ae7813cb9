import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { isAppError } from '../../foundation/errors';
import { openCatalog } from './catalog';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'catalog-file-'));
const doc = (title: string) => ({ title, fileName: `${title}.pdf` }) as never;

/** The refusal of a catalog file written as `content`: its message. */
function refusal(content: string): string {
  const dir = tmp();
  const file = path.join(dir, 'db.json');
  writeFileSync(file, content);
  try {
    openCatalog(dir);
  } catch (e) {
    assert.ok(isAppError(e), `an AppError, got ${String(e)}`);
    assert.equal(e.code, 'validation');
    assert.ok(e.message.includes(file), `names the file: ${e.message}`);
    assert.match(e.message, /cms restore/, 'says how to get the data back');
    assert.equal(readFileSync(file, 'utf8'), content, 'the file is left as it was');
    return e.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.fail(`a catalog file ${content} was opened`);
}

describe('the catalog file is checked against its shape at start', () => {
  it('refuses a file holding null', () => {
    assert.match(refusal('null'), /\$: must be an object .* found null/);
  });

  it('refuses a file holding an empty array', () => {
    assert.match(refusal('[]'), /\$: must be an object .* found an array of 0/);
  });

  it('refuses a collection of the wrong type and names its JSON path', () => {
    const m = refusal(JSON.stringify({ version: 1, nextId: 3, documents: 5 }));
    assert.match(m, /\$\.documents: must be an array of records, found number 5/);
  });

  it('refuses {"documents":5} (no version, wrong collection) with both paths', () => {
    const m = refusal('{"documents":5}');
    assert.match(m, /\$\.version: missing/);
    assert.match(m, /\$\.documents: must be an array/);
  });

  it('refuses rows without a numeric id, duplicate ids and a bad nextId', () => {
    const m = refusal(JSON.stringify({ version: 1, nextId: 'x', documents: [{ id: 1 }, { id: 1 }, 'row', { title: 'no id' }] }));
    assert.match(m, /\$\.nextId: must be a positive whole number/);
    assert.match(m, /\$\.documents\[1\]\.id: 1 appears twice/);
    assert.match(m, /\$\.documents\[2\]: must be a record/);
    assert.match(m, /\$\.documents\[3\]\.id: must be a positive whole number, found undefined/);
  });

  it('refuses a file written by a newer version', () => {
    assert.match(refusal(JSON.stringify({ version: 2 })), /\$\.version: 2 was written by a newer version/);
  });

  it('opens a right file, and a missing file as a new catalog', async () => {
    const dir = tmp();
    const c = openCatalog(dir);
    assert.equal((await c.documents.insert(doc('a'))).id, 1);
    assert.equal(await openCatalog(dir).documents.count(), 1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server from starting, printing the path and the hint', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), '{"documents":5}');
    const child = spawn(path.join(ROOT, 'bin/launch'), ['server'], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'a-long-test-password', CMS_TOKEN: 'test-token-abcdef-0123456789abcdef0123', LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      if (/ready at/.test(out)) child.kill('SIGKILL'); // it started on the wrong file: stop it, the assertions below fail
    });
    child.stderr.on('data', (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    assert.equal(code, 1, out);
    assert.ok(out.includes(path.join(dir, 'db.json')), out);
    assert.match(out, /\$\.documents: must be an array/);
    assert.match(out, /cms restore/);
    assert.doesNotMatch(out, /ready at/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('ids are never given twice', () => {
  it('does not reuse the ids of removed rows after a restart', async () => {
    const dir = tmp();
    let c = openCatalog(dir);
    const a = await c.documents.insert(doc('a'));
    const b = await c.documents.insert(doc('b'));
    await c.documents.remove(b.id);
    await c.documents.remove(a.id);
    c = openCatalog(dir);
    assert.equal((await c.documents.insert(doc('c'))).id, b.id + 1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not reuse ids when the rows and nextId of the file were emptied, or the file was removed', async () => {
    const dir = tmp();
    const file = path.join(dir, 'db.json');
    let c = openCatalog(dir);
    for (const t of ['a', 'b', 'c']) await c.documents.insert(doc(t));
    const top = await c.reserveId();
    // An operator (or a tool) rewrites the catalog as a valid empty one: ids must go on past `top`.
    writeFileSync(file, JSON.stringify({ version: 1, nextId: 1, documents: [] }));
    c = openCatalog(dir);
    assert.equal(await c.documents.count(), 0);
    const after = await c.documents.insert(doc('new'));
    assert.ok(after.id > top, `id ${after.id} is past the highest id ever given (${top})`);
    rmSync(file);
    c = openCatalog(dir);
    assert.ok((await c.documents.insert(doc('newer'))).id > after.id);
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the high-water mark from the rows of a file written before the mark existed', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ version: 1, nextId: 1, documents: [{ id: 41, title: 'old' }] }));
    const c = openCatalog(dir);
    assert.equal((await c.documents.insert(doc('n'))).id, 42, 'past the largest id in the rows, although nextId said 1');
    assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'catalog-ids.json'), 'utf8')), { highestId: 42 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a damaged high-water file rather than guessing', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'catalog-ids.json'), '[]');
    assert.throws(() => openCatalog(dir), /catalog-ids\.json must be \{"highestId"/);
    rmSync(dir, { recursive: true, force: true });
  });
});
