/**
 * No document may make the server open a network connection: Office files
 * whose pictures, fields, templates and OLE objects point at a listener on
 * 127.0.0.1 are read and rendered, and the listener must see nothing. A
 * control render of the same files, unconfined and unstripped, does reach
 * it (so the files and the listener are real).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../../testing/fixtures';
import { buildDocxWithExternalLinks, buildPptxWithExternalImages } from '../../testing/hostile';
import { extractDocx } from './docx';
import { runTool } from '../../foundation/tools/exec';
import { extractPptx } from './pptx';
import { stripFields, stripRels, writeWithoutExternalLinks } from './strip-external';
import { openSafeZip } from '../../foundation/tools/zip-read';

let dir: string;
let listener: Server;
let base: string;
const hits: string[] = [];
let docx: string;
let pptx: string;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ssrf-'));
  listener = createServer((req, res) => { hits.push(req.url ?? ''); res.end('x'); });
  listener.on('connection', () => hits.push('(connection)'));
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  docx = path.join(dir, 'linked.docx');
  pptx = path.join(dir, 'linked.pptx');
  writeFileSync(docx, buildDocxWithExternalLinks(base));
  writeFileSync(pptx, await buildPptxWithExternalImages((await fixtures.pptx()).path, base));
});
after(() => {
  listener.close();
  rmSync(dir, { recursive: true, force: true });
});

/** LibreOffice straight from this process: no stripping, no sandbox (one run for all the files). */
function unconfinedRender(files: string[], out: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('soffice', [`-env:UserInstallation=${pathToFileURL(path.join(out, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...files], { stdio: 'ignore' });
    child.on('exit', () => resolve());
  });
}
const take = () => hits.splice(0);
/** The paths on the listener an Office file links to (every part of its package searched). */
async function linksOf(file: string): Promise<string[]> {
  const zip = await openSafeZip(file, { label: 'linked' });
  try {
    const found = new Set<string>();
    for (const e of zip.entries) for (const m of (await zip.readText(e.name)).matchAll(new RegExp(`${base.replace(/[.]/g, '\\.')}(/[^"<\\s]+)`, 'g'))) found.add(m[1]!);
    return [...found];
  } finally {
    await zip.close();
  }
}
/**
 * What reached the listener before now: a connection of our own goes last in
 * the kernel's accept queue, so any connection a render opened before it has
 * been seen once ours is answered (no waiting for a time).
 */
async function takeSettled(): Promise<string[]> {
  await (await fetch(`${base}/sentinel`, { headers: { connection: 'close' } })).text();
  const seen = take();
  const sentinel = seen.lastIndexOf('/sentinel');
  assert.ok(sentinel >= 0, 'the sentinel request reached the listener');
  seen.splice(sentinel, 1);
  seen.splice(seen.lastIndexOf('(connection)'), 1);
  return seen;
}

describe('external links in Office files', () => {
  it('are fetched by an unconfined LibreOffice render (the control: both files in one run, told apart by the paths each links)', async () => {
    const [docxLinks, pptxLinks] = [await linksOf(docx), await linksOf(pptx)];
    assert.ok(docxLinks.length > 0 && pptxLinks.length > 0, `links: ${docxLinks.join(', ')} / ${pptxLinks.join(', ')}`);
    assert.deepEqual(docxLinks.filter((l) => pptxLinks.includes(l)), [], 'no path is linked by both files');
    await unconfinedRender([docx, pptx], mkdtempSync(path.join(dir, 'c-')));
    const seen = take();
    assert.ok(seen.some((h) => docxLinks.includes(h)), `the DOCX render fetched its linked picture (seen: ${seen.join(', ')})`);
    assert.ok(seen.some((h) => pptxLinks.includes(h)), `the PPTX render fetched its linked slide picture (seen: ${seen.join(', ')})`);
  });

  it('a PPTX with linked slide pictures is read and its slides rendered with no connection to the listener', async () => {
    const r = await extractPptx(pptx, { workDir: mkdtempSync(path.join(dir, 'p-')), ocrLanguages: ['eng'], renderSlides: true, imageOcrBudgetMs: 0, fileName: 'linked.pptx' });
    assert.equal(r.slideRenders?.length, 4);
    assert.ok(r.sections.length > 0);
    assert.deepEqual(await takeSettled(), []);
  });

  it('a DOCX with a linked picture, INCLUDEPICTURE/INCLUDETEXT fields, a remote template and a linked OLE object is read with no connection', async () => {
    const r = await extractDocx(docx, { workDir: mkdtempSync(path.join(dir, 'd-')), ocrLanguages: ['eng'], imageOcrBudgetMs: 0, fileName: 'linked.docx' });
    assert.match(r.sections.map((s) => s.text).join(' '), /Roller blind wiring guide/);
    assert.deepEqual(take(), []);
  });

  it('a DOCX copy without external links renders with no connection even unconfined; the original confined renders with none either', async () => {
    const clean = path.join(dir, 'clean.docx');
    assert.equal(await writeWithoutExternalLinks(docx, clean, 'The file "linked.docx"'), 6);
    await unconfinedRender([clean], mkdtempSync(path.join(dir, 'u-')));
    assert.deepEqual(take(), [], 'stripping alone prevents the fetch');
    const out = mkdtempSync(path.join(dir, 'r-'));
    await runTool('soffice', [`-env:UserInstallation=${pathToFileURL(path.join(out, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, docx]);
    assert.deepEqual(take(), [], 'the network sandbox alone prevents the fetch');
  });
});

describe('stripping', () => {
  it('drops external relationships but keeps hyperlinks and internal parts', async () => {
    const clean = path.join(dir, 'clean2.docx');
    await writeWithoutExternalLinks(docx, clean, 'x');
    const zip = await openSafeZip(clean, { label: 'x' });
    try {
      const rels = await zip.readText('word/_rels/document.xml.rels');
      assert.match(rels, /hyperlink/);
      assert.match(rels, /settings\.xml/);
      assert.doesNotMatch(rels, /127\.0\.0\.1/);
      assert.doesNotMatch(await zip.readText('word/_rels/settings.xml.rels'), /template/);
      const doc = await zip.readText('word/document.xml');
      assert.doesNotMatch(doc, /INCLUDEPICTURE|INCLUDETEXT/);
      assert.match(doc, /Roller blind wiring guide/);
      assert.ok(zip.has('word/media/local.png'));
    } finally {
      await zip.close();
    }
  });

  it('handles every way a relationship can point outside: URL schemes, UNC paths, file URLs', () => {
    const rels = `<Relationships><Relationship Id="a" Type="x/image" Target="file:///etc/passwd"/><Relationship Id="b" Type="x/image" Target="\\\\\\\\host\\\\share\\\\p.png"/><Relationship Id="c" Type="x/image" Target="//host/p.png"/><Relationship Id="d" Type="x/image" Target="../media/p.png"/><Relationship Id="e" Type="x/hyperlink" Target="https://x.example" TargetMode="External"/></Relationships>`;
    const r = stripRels(rels);
    assert.equal(r.removed, 3);
    assert.match(r.xml, /Id="d"/);
    assert.match(r.xml, /Id="e"/);
    const f = stripFields(`<w:instrText xml:space="preserve"> LINK Excel.Sheet "C:\\\\a.xlsx" </w:instrText><w:instrText> PAGE </w:instrText><w:fldSimple w:instr=" DDEAUTO c:\\\\windows\\\\calc.exe "/>`);
    assert.equal(f.removed, 2);
    assert.match(f.xml, /PAGE/);
  });
});
