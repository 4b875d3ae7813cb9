/**
 * A deck may name a local file as a linked picture (`file:///…`), written so
 * a pattern-matching stripper misses it: single quotes, spaces around `=`, or
 * character references. LibreOffice reads such a file and the slide render
 * (served anonymously) would show it. Proven on a real deck from the corpus:
 * the unconfined, unstripped control render embeds the local picture; the
 * product's render does not; and a tool confined to its work folder cannot
 * read the file even from a deck nobody stripped.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { buildPptxLinkingLocalFile, type LocalLinkVariant } from '../../testing/hostile';
import { runTool } from '../../foundation/tools/exec';
import { parsePdfImagesList } from './pdf-images';
import { extractPptx } from './pptx';
import { toolIsolation } from '../../foundation/tools/sandbox';
import { stripRels } from './strip-external';

const DECK = corpusFile('pptx/test-image-jpg-mime.pptx');
const VARIANTS: LocalLinkVariant[] = ['single-quotes', 'spaces', 'entity'];
let dir: string;
let secretDir: string;
let secret: string;
const decks = new Map<LocalLinkVariant, string>();

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'local-links-'));
  secretDir = mkdtempSync(path.join(os.tmpdir(), 'local-secret-'));
  secret = path.join(secretDir, 'secret.png');
  // A picture of an odd size that nothing in the deck has: 333×222 pixels.
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=red:s=333x222', '-frames:v', '1', secret]);
  assert.equal(r.status, 0, r.stderr?.toString());
  for (const v of VARIANTS) {
    const d = path.join(dir, v);
    mkdirSync(d);
    const file = path.join(d, 'deck.pptx');
    writeFileSync(file, await buildPptxLinkingLocalFile(DECK, secret, v));
    decks.set(v, file);
  }
});
after(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(secretDir, { recursive: true, force: true });
});

/** Whether a PDF holds the planted local picture (LibreOffice keeps it at 332 or 333 × 222). */
function showsSecret(pdf: string): boolean {
  const r = spawnSync('pdfimages', ['-list', pdf]);
  assert.equal(r.status, 0, `pdfimages could not read ${pdf}`);
  return parsePdfImagesList(r.stdout.toString()).some((img) => img.height === 222 && Math.abs(img.width - 333) <= 1);
}

describe('relationships naming a local file', () => {
  it('each of the three spellings is read by an unconfined, unstripped LibreOffice (the control)', () => {
    const out = path.join(dir, 'control');
    const inputs = VARIANTS.map((v) => { const f = path.join(dir, `${v}.pptx`); writeFileSync(f, spawnSync('cat', [decks.get(v)!]).stdout); return f; });
    spawnSync('soffice', [`-env:UserInstallation=${pathToFileURL(path.join(out, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...inputs]);
    for (const v of VARIANTS) assert.ok(showsSecret(path.join(out, `${v}.pdf`)), `the ${v} control render shows the local picture`);
  });

  it('are removed by the relationship stripper, whatever the quoting, spacing or character references', () => {
    const url = 'file:///srv/secret.png';
    const rels = [
      `<Relationship Id='rId2' Type='http://x/image' Target='${url}' TargetMode='External'/>`,
      `<Relationship Id = "rId3" Type = "http://x/image" Target = "${url}" TargetMode = "External" />`,
      `<Relationship Id="rId4" Type="http://x/image" Target="&#102;ile:///srv/secret.png" TargetMode="&#69;xternal"/>`,
      `<Relationship Id="rId5" Type="http://x/image" Target="&#x66;ile:///srv/secret.png"/>`,
      `<Relationship Id="rId6" Type="http://x/image" Target="../media/image1.png"/>`,
    ];
    const r = stripRels(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`);
    assert.equal(r.removed, 4);
    assert.doesNotMatch(r.xml, /secret|&#/);
    assert.match(r.xml, /Id="rId6"[^>]*Target="\.\.\/media\/image1\.png"/);
  });

  it('a relationship part declaring entities is written anew without them', () => {
    const r = stripRels(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY f "file">]><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a" Type="http://x/image" Target="&f;:///etc/hostname"/><Relationship Id="b" Type="http://x/image" Target="../media/b.png"/></Relationships>`);
    assert.doesNotMatch(r.xml, /DOCTYPE|ENTITY|hostname/);
    assert.match(r.xml, /Id="b"/);
  });

  for (const v of VARIANTS) {
    it(`a deck linking a local picture (${v}) is read and its slides rendered without the picture`, async () => {
      const work = mkdtempSync(path.join(dir, `w-${v}-`));
      const r = await extractPptx(decks.get(v)!, { workDir: work, ocrLanguages: ['eng'], renderSlides: true, imageOcrBudgetMs: 0, fileName: 'deck.pptx' });
      assert.ok((r.slideRenders?.length ?? 0) >= 1, 'slides rendered');
      assert.equal(showsSecret(path.join(work, 'slide-renders', 'deck.pdf')), false);
    });
  }

  it('a tool confined to its work folder cannot read the local file even from an unstripped deck', async (t) => {
    if (!toolIsolation().fileConfinement) return t.skip('this machine allows no mount namespace for tools');
    const work = mkdtempSync(path.join(dir, 'confined-'));
    const inputs = VARIANTS.map((v) => { const f = path.join(work, `${v}.pptx`); writeFileSync(f, spawnSync('cat', [decks.get(v)!]).stdout); return f; });
    await runTool('soffice', [`-env:UserInstallation=${pathToFileURL(path.join(work, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', work, ...inputs], { confineTo: [work] });
    for (const v of VARIANTS) assert.equal(showsSecret(path.join(work, `${v}.pdf`)), false, `${v}: the confined render shows no local picture`);
    const probe = await runTool('cat', [secret], { confineTo: [work], allowFailure: true });
    assert.notEqual(probe.exitCode, 0, 'the local file is absent for a confined tool');
  });
});
