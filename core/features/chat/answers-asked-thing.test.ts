import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../foundation/config';
import { describeLocalFile } from '../content/spool';
import { uploadOfKind } from '../content/upload-any';
import { formatOfName } from '../../formats/index';
import { createServices, type Services } from '../../composition/services';
import { corpusFile } from '../../testing/corpus';
import { sharedChromaEnv } from '../../testing/shared-chroma';

/**
 * Issue 34 point 1 on real files (the TraceMonkey paper, an invoice): an answer is stated only when its quote holds
 * the thing asked (core/features/chat/asked-head.ts, core/features/chat/asked-kind.ts), and a name the question asks about is looked
 * for in the whole item, not only the quoted passage (core/features/chat/rag.ts itemTexts, core/features/chat/named.ts).
 */
describe('answers hold the asked thing (issue 34)', () => {
  let services: Services;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'answers-asked-thing-'));
    services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: randomBytes(12).toString('hex'), CMS_TOKEN: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn' }), { lock: false, startWorker: true });
    const ids: number[] = [];
    for (const f of ['pdf/tracemonkey_with_annotations.pdf', 'pdf/bigboundingbox.pdf']) {
      ids.push((await uploadOfKind(services.content, formatOfName(f)?.itemType as 'document', await describeLocalFile(corpusFile(f)), {})).item.id);
    }
    await services.queue.idle();
    await services.product.approve(ids);
  });
  after(async () => {
    await services?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = (q: string) => services.rag.answer(q, []);

  it('a quote that never names the thing asked is no answer: the conference city is not its hotel, a sales-tax line not the subtotal', async () => {
    for (const q of ['Which hotel hosted the PLDI 2009 conference in Dublin?', 'What was the subtotal of invoice INV-0046 before sales tax?']) {
      const reply = await ask(q);
      assert.equal(reply.notFound, true, `${q} -> ${reply.answer}`);
      assert.deepEqual(reply.citations, []);
    }
  });

  it('"what speedup", "how many megabytes": only a figure (in that unit) answers, not "V8", "crypto-sha1" or "Figure 10"', async () => {
    for (const q of ['What speedup does V8 reach on crypto-aes?', 'How many megabytes does the TraceMonkey code cache hold?']) {
      const reply = await ask(q);
      assert.equal(reply.notFound, true, `${q} -> ${reply.answer}`);
    }
  });

  it('a name the whole catalog never writes ("CalGray") is not answered from another file', async () => {
    const reply = await ask('What gamma value does page 4 of the CalGray test use?');
    assert.equal(reply.notFound, true, reply.answer);
  });

  it('a yes/no question whose quote states it gets "Yes." before the quote', async () => {
    const reply = await ask('Can the traces be optimized in linear time by a simple compiler?');
    assert.match(reply.answer, /^Yes\. .*linear time by a simple compiler/);
  });

  it('answers holding the asked thing stay: the town of the registered office, the symbol for looping back', async () => {
    const town = await ask("In which town is Orange Demo's registered office?");
    assert.match(town.answer, /Oaktown/);
    const symbol = await ask('Which symbol shows that a trace loops back to the tree anchor?');
    assert.match(symbol.answer, /α/);
  });
});
