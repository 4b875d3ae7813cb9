import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../../testing/fixtures';
import { corpusFile } from '../../testing/corpus';
import { runTool } from './exec';
import { createWarmOffice, warmOfficeAvailable, type WarmOffice } from './office';

const skip = warmOfficeAvailable() ? false : 'python3-uno or LibreOffice is not installed (scripts/setup-system.sh installs both)';

async function pdfPages(file: string): Promise<number> {
  const r = await runTool('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(r.stdout.toString())?.[1]);
}

describe('warm LibreOffice', { skip }, () => {
  let office: WarmOffice;
  let dir: string;
  before(async () => {
    office = createWarmOffice({ maxFiles: 3 });
    dir = await mkdtemp(path.join(os.tmpdir(), 'office-test-'));
  });
  after(async () => {
    await office?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('converts decks and Word files to PDF with one soffice start, page for page', async () => {
    const deck = await fixtures.pptx();
    const docx = await fixtures.docx();
    await office.toPdf(deck.path, path.join(dir, 'deck.pdf'));
    await office.toPdf(docx.path, path.join(dir, 'doc.pdf'));
    assert.equal(office.starts(), 1, 'the second file reuses the running LibreOffice');
    assert.equal(await pdfPages(path.join(dir, 'deck.pdf')), 4);
    assert.ok(await pdfPages(path.join(dir, 'doc.pdf')) >= 1);
    assert.match((await readFile(path.join(dir, 'deck.pdf'))).subarray(0, 5).toString(), /^%PDF-/);
  });

  it('starts a fresh LibreOffice after maxFiles conversions', async () => {
    const deck = corpusFile('pptx/cht-axis-props.pptx');
    await office.toPdf(deck, path.join(dir, 'third.pdf'));
    assert.equal(office.pid(), undefined, 'three files done: the instance was retired');
    await office.toPdf(deck, path.join(dir, 'fourth.pdf'));
    assert.equal(office.starts(), 2);
  });

  it('fails a file LibreOffice cannot open with a reason, and the next file still converts', async () => {
    const broken = path.join(dir, 'broken.pptx');
    await (await import('node:fs/promises')).writeFile(broken, 'PK\u0003\u0004 this is not a deck');
    await assert.rejects(office.toPdf(broken, path.join(dir, 'broken.pdf')), /LibreOffice could not convert broken\.pptx/);
    const deck = await fixtures.pptx();
    await office.toPdf(deck.path, path.join(dir, 'after.pdf'));
    assert.ok((await stat(path.join(dir, 'after.pdf'))).size > 1000);
  });

  it('a conversion aborted while LibreOffice works on it ends that soffice and rejects at once', async () => {
    const deck = await fixtures.pptx();
    const ac = new AbortController();
    const run = office.toPdf(deck.path, path.join(dir, 'aborted.pdf'), { signal: ac.signal, onStarted: () => ac.abort() });
    await assert.rejects(run, { name: 'AbortError' });
    assert.equal(office.pid(), undefined, 'the busy soffice was ended');
    await office.toPdf(deck.path, path.join(dir, 'again.pdf'));
    assert.equal(await pdfPages(path.join(dir, 'again.pdf')), 4);
  });

  it('makes the output folder when it is missing, as soffice --outdir does', async () => {
    const deck = await fixtures.pptx();
    await office.toPdf(deck.path, path.join(dir, 'new', 'folder', 'deck.pdf'));
    assert.equal(await pdfPages(path.join(dir, 'new', 'folder', 'deck.pdf')), 4);
  });
});

describe('warm LibreOffice at process exit', { skip }, () => {
  it('a process that ends with LibreOffice still running leaves no profile folder behind (cron runs of cms would fill /tmp)', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'office-exit-'));
    try {
      // A process starts LibreOffice and exits without closing it, as `cms import` does after its last file.
      const instance = fileURLToPath(new URL('./office-instance.ts', import.meta.url)).replace(/\\/g, '/');
      const script = `const m = await import(${JSON.stringify(instance)}); const i = await m.startInstance({ instance: undefined, starts: 0 });
        const { readdirSync } = await import('node:fs'); console.log(readdirSync(process.env.TMPDIR).join(',')); process.exit(0);`;
      const r = await runTool(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { TMPDIR: tmp }, cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
      assert.match(r.stdout.toString(), /cms-office-/, 'its folder existed while it ran');
      assert.deepEqual((await readdir(tmp)).filter((f) => f.startsWith('cms-office-')), [], 'and is gone once it has exited');
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
