/**
 * Failure reasons an admin can act on: they name the file, say what was
 * wrong in plain words and what to do. And a DOCX with an external XML
 * entity is read, the entity left unresolved, instead of failing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../foundation/errors';
import { fixtures } from '../../testing/fixtures';
import { buildDocxWithExternalEntity } from '../../testing/hostile';
import { extractDocx } from './docx';
import { humanFfmpegError } from '../../foundation/tools/ffprobe';
import { extractVideo } from './video';
import { neutralizeDoctype } from '../../foundation/tools/xml-entities';

let dir: string;
before(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'reasons-')); });
after(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture MP4 with its codec tags renamed to ones no decoder knows (as ffmpeg sees xHE-AAC and other rare codecs). */
async function undecodableMp4(patchVideo: boolean): Promise<string> {
  const buf = Buffer.from(readFileSync((await fixtures.mp4()).path));
  const rename = (from: string, to: string) => { for (let i = buf.indexOf(from); i >= 0; i = buf.indexOf(from, i + 4)) buf.write(to, i, 'latin1'); };
  if (patchVideo) rename('avc1', 'xhe1');
  rename('mp4a', 'xhea');
  rename('esds', 'xxds'); // the decoder configuration too: the sound is then unknown as well
  const file = path.join(dir, `${patchVideo ? 'both' : 'sound'}.mp4`);
  writeFileSync(file, buf);
  return file;
}

describe('failure reasons', () => {
  it('an MP4 whose picture and sound use codecs the server cannot decode fails naming the file, the codecs and the conversion to do', async () => {
    const file = await undecodableMp4(true);
    await assert.rejects(extractVideo(file, { workDir: dir, ocrLanguages: ['eng'], fileName: 'launch-event.mp4' } as never), (e: unknown) => {
      assert.ok(e instanceof AppError);
      assert.equal(e.code, 'unsupported_type');
      assert.match(e.message, /^The video "launch-event\.mp4" uses a format this server cannot decode \(picture: unknown \(xhe1\); sound: unknown/);
      assert.match(e.message, /Convert it to MP4 with H\.264 video and AAC-LC sound/);
      assert.doesNotMatch(e.message, /no error output/);
      return true;
    });
  });

  it('an ffmpeg failure without any output is explained, not reported as "no error output"', () => {
    assert.match(humanFfmpegError(''), /gave no reason.*format it does not support.*Convert it/);
    assert.match(humanFfmpegError('[aac @ 0x1] Audio object type 42 is not supported.\n'), /cannot decode/);
  });

  it('a DOCX with an external entity is read, the entity left unresolved and nothing fetched', async () => {
    const file = path.join(dir, 'thermostat.docx');
    writeFileSync(file, buildDocxWithExternalEntity('file:///etc/hostname'));
    const r = await extractDocx(file, { workDir: path.join(dir, 'w'), ocrLanguages: ['eng'], fileName: 'thermostat.docx', imageOcrBudgetMs: 0 });
    const text = r.sections.map((s) => s.text).join('\n');
    assert.match(text, /mount the base plate at eye level/);
    assert.match(text, /Pair the thermostat with the hub/);
    assert.match(text, /Host name: &xxe; \(from the entity\)/);
    assert.ok(!text.includes(readFileSync('/etc/hostname', 'utf8').trim()) || readFileSync('/etc/hostname', 'utf8').trim().length < 3);
  });

  it('simple internal entities are expanded, nested or external ones left as text', () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY co "Acme"><!ENTITY lol "&co;&co;"><!ENTITY x SYSTEM "http://x/">]><a>&co; &lol; &x; &amp; &#65;</a>';
    assert.equal(neutralizeDoctype(xml), '<?xml version="1.0"?><a>Acme &amp;lol; &amp;x; &amp; &#65;</a>');
  });
});
