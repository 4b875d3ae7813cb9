import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { describeLocalFile } from '../content/spool';
import { uploadOfKind } from '../content/upload-any';
import { createServices, type Services } from '../services';
import { CORPUS_DIR, corpusFile } from '../testing/corpus';
import { phrasesFor } from './phrases';

/** The offline answerer on real PDFs written by others (the defects of issue 19, reproduced on the named files). */

let services: Services;
let dataDir: string;
const ids: Record<string, number> = {};

describe('offline answers on real files', { skip: !CORPUS_DIR && 'no shared corpus' }, () => {
  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'answers-real-'));
    services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: randomBytes(12).toString('hex'), CMS_TOKEN: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn' }), { lock: false, startWorker: true });
    for (const f of ['pdf/tracemonkey_with_annotations.pdf', 'pdf/bigboundingbox.pdf']) {
      ids[f] = (await uploadOfKind(services.content, 'document', await describeLocalFile(corpusFile(f)), {})).item.id;
    }
    await services.queue.idle();
    // Visitors see approved, public items only (the visibility rule).
    await services.product.approve(Object.values(ids));
  });
  after(async () => {
    await services?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('tracemonkey PDF: "What is a trace?" quotes the whole defining sentence from page 4, not a chunk-cut fragment', async () => {
    const reply = await services.rag.answer('What is a trace?', []);
    assert.equal(reply.notFound, false);
    assert.match(reply.answer, /^A trace is simply a program path, which may cross function call boundaries\./);
    assert.deepEqual(reply.citations.map((c) => [c.itemId, c.page]), [[ids['pdf/tracemonkey_with_annotations.pdf'], 4]]);
  });

  it('tracemonkey PDF: words hyphenated at line ends are whole in the index and in quotes', async () => {
    const hits = await services.search.search('more difficult to compile than statically typed ones', { k: 3 });
    assert.match(hits[0].chunk.text, /more difficult to compile than statically typed ones/);
    assert.doesNotMatch(hits[0].chunk.text, /com-\s*pile|al-\s*ternative|discov-\s*ered/);
    const reply = await services.rag.answer('Why are dynamic languages such as JavaScript more difficult to compile?', []);
    assert.match(reply.answer, /more difficult to compile than statically typed ones/);
  });

  it('invoice PDF: a label line is answered with the value on the line after it', async () => {
    const reply = await services.rag.answer('What is the state tax ID on the invoice?', []);
    assert.match(reply.answer, /123456789/);
    assert.equal(reply.citations[0].itemId, ids['pdf/bigboundingbox.pdf']);
  });

  it('a question the files do not answer says so, even when some of its words occur in them', async () => {
    for (const q of ['What is the customer support phone number?', 'How much memory does the Tamarin virtual machine use?']) {
      const reply = await services.rag.answer(q, []);
      assert.equal(reply.notFound, true, q);
      assert.equal(reply.answer, phrasesFor('en').notFound);
      assert.deepEqual(reply.citations, []);
    }
  });

  it('"מה זה TraceMonkey?" over English files is not answered by quoting English: not found, and cross-language needs a model', async () => {
    const reply = await services.rag.answer('מה זה TraceMonkey?', []);
    assert.equal(reply.detectedLanguage, 'he');
    assert.equal(reply.notFound, true);
    assert.ok(reply.answer.startsWith(phrasesFor('he').notFound), reply.answer);
    assert.deepEqual(reply.citations, []);
  });
});
