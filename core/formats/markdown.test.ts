/**
 * Markdown, the format added to prove the registry: its file and one line
 * in core/formats/index.ts make a .md upload a searchable document.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../foundation/config';
import { createServices, type Services } from '../composition/services';
import { markdownSections } from './markdown';
import { sniffFile } from './sniff';
import { sharedChromaEnv } from '../testing/shared-chroma';

const GUIDE = '# Thermostat guide\n\nIntro text.\n\n## Pairing\n\nHold the KNX button for five seconds until the LED blinks.\n\n```\n# not a heading\n```\n';

let dir: string;
let services: Services;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'markdown-format-'));
  services = await createServices(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...sharedChromaEnv(path.join(dir, 'data')) }), { lock: false, startWorker: true });
});
after(async () => {
  await services?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Markdown format', () => {
  it('is recognised as UTF-8 text named .md, and only then', async () => {
    const file = path.join(dir, 'guide.md');
    writeFileSync(file, GUIDE);
    assert.equal((await sniffFile(file, 'guide.md')).kind, 'markdown');
    assert.equal((await sniffFile(file, 'guide.txt')).kind, 'unknown');
    const binary = path.join(dir, 'fake.md');
    writeFileSync(binary, Buffer.from([0, 1, 2, 3, 0xff, 0xfe]));
    assert.equal((await sniffFile(binary, 'fake.md')).kind, 'unknown');
  });

  it('makes one section per heading, with the heading path, fenced code kept as text', () => {
    assert.deepEqual(markdownSections(GUIDE), [
      { heading: 'Thermostat guide', text: 'Intro text.' },
      { heading: 'Thermostat guide > Pairing', text: 'Hold the KNX button for five seconds until the LED blinks.\n\n```\n# not a heading\n```' },
    ]);
  });

  it('uploads as a document that completes and is found by search', async () => {
    const file = path.join(dir, 'pairing.md');
    writeFileSync(file, GUIDE);
    const r = await services.product.upload({ kind: 'document', file: { path: file, fileName: 'pairing.md' }, fields: { title: 'Pairing guide' } });
    await services.queue.idle();
    const doc = await services.catalog.documents.get(r.item.id);
    assert.equal(doc?.status, 'completed', doc?.error ?? '');
    assert.equal(doc?.fileType, 'text/markdown; charset=utf-8');
    const hits = await services.product.search('hold the KNX button until the LED blinks', { k: 3 });
    assert.equal(hits[0]?.chunk.itemId, r.item.id);
    assert.equal(hits[0]?.chunk.itemType, 'document');
  });

  it('is refused where a presentation is expected, saying what it is', async () => {
    const file = path.join(dir, 'deck.md');
    writeFileSync(file, GUIDE);
    await assert.rejects(services.product.upload({ kind: 'presentation', file: { path: file, fileName: 'deck.md' }, fields: { label: 'Deck' } }),
      (e: Error) => /not a PowerPoint presentation \(PPTX\): its content is Markdown text/.test(e.message));
  });
});
