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

/** The offline answerer on the real files behind the misses of the sixth round of issue 19 (docs/answers.md). */

/** A throwaway product with the corpus files ingested and approved for visitors. */
async function productWith(files: string[]): Promise<{ services: Services; dataDir: string; ids: Record<string, number> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'answers-sixth-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...sharedChromaEnv(dataDir), ADMIN_PASSWORD: randomBytes(12).toString('hex'), CMS_TOKEN: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn' }), { lock: false, startWorker: true });
  const ids: Record<string, number> = {};
  for (const f of files) {
    const type = formatOfName(f)?.itemType as 'document' | 'presentation';
    ids[f] = (await uploadOfKind(services.content, type, await describeLocalFile(corpusFile(f)), {})).item.id;
  }
  await services.queue.idle();
  await services.product.approve(Object.values(ids));
  return { services, dataDir, ids };
}

describe('offline answers beside a French file (sixth round)', () => {
  let p: Awaited<ReturnType<typeof productWith>>;
  before(async () => { p = await productWith(['pdf/issue5686.pdf', 'pptx/cht-legend-props.pptx', 'docx/blk-inner-content.docx']); });
  after(async () => {
    await p?.services.close();
    if (p) rmSync(p.dataDir, { recursive: true, force: true });
  });

  it('an English question over English chart slides is not told the documents are in French', async () => {
    const reply = await p.services.rag.answer('What is the biggest value anywhere on the chart?', []);
    assert.doesNotMatch(reply.answer, /French|language model/);
  });

  it('chart deck: the highest value is read from the chart\'s data ("the biggest value", "which series is highest in the first category")', async () => {
    const biggest = await p.services.rag.answer('What is the biggest value anywhere on the chart?', []);
    assert.match(biggest.answer, /^Series 3: .*Category 4 5\.0/);
    assert.equal(biggest.citations[0].itemId, p.ids['pptx/cht-legend-props.pptx']);
    const highest = await p.services.rag.answer('Which series is highest in the first category?', []);
    assert.match(highest.answer, /^Series 1: Category 1 4\.3/);
  });

  it('chart deck: "Series 4" is not answered by a chart of three series', async () => {
    const reply = await p.services.rag.answer('What is the value of Series 4 in Category 2?', []);
    assert.equal(reply.notFound, true);
  });
});

let services: Services;
let dataDir: string;
let ids: Record<string, number> = {};
const FILES = [
  'pdf/tracemonkey_with_annotations.pdf', 'pdf/issue9972-2.pdf', 'pdf/bug1529502.pdf', 'pdf/mixedfonts.pdf', 'pptx/test_slides.pptx',
  'pptx/cht-legend-props.pptx', 'pptx/cht-axis-props.pptx', 'pdf/issue16553.pdf', 'pptx/tbl-cell.pptx',
  'docx/sct-first-page-hdrftr.docx', 'docx/txt-font-props.docx', 'pptx/txt-paragraph-spacing.pptx',
];

describe('offline answers on real files (sixth round)', () => {
  before(async () => { ({ services, dataDir, ids } = await productWith(FILES)); });
  after(async () => {
    await services?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('key-derivation PDF: "the e-mail address" matches "email address", and naming it does not ask for an address', async () => {
    const reply = await services.rag.answer('What is loaded from local storage together with the e-mail address?', []);
    assert.equal(reply.notFound, false);
    assert.match(reply.answer, /Secret Key/);
  });

  it('signed PDF: "at what time of day" is answered by the line holding the clock time', async () => {
    const reply = await services.rag.answer('At what time of day was the Okular signature made?', []);
    assert.match(reply.answer, /12:05:50/);
    assert.equal(reply.citations[0].itemId, ids['pdf/issue16553.pdf']);
  });

  it('table deck: "the table row under the heading" reads the row, not the words "row" and "heading"', async () => {
    const reply = await services.rag.answer('What words are in the table row under the custom margins heading?', []);
    assert.match(reply.answer, /unladen swallows/);
  });

  it('Word file: a question asking only for a place ("page 6") finds the text that writes it', async () => {
    const reply = await services.rag.answer('What is printed on page 6?', []);
    assert.match(reply.answer, /Third page of section 2/);
  });

  it('Word file: "bigger" finds the "Large Size" style ("called" asks, it is not asked for)', async () => {
    const reply = await services.rag.answer('What is the style that makes a paragraph bigger called?', []);
    assert.match(reply.answer, /Large Size/);
  });

  it('sleep-study PDF: a temperature asked "in degrees" is not answered by the form\'s question about the temperature', async () => {
    const reply = await services.rag.answer('What room temperature in degrees does the sleep study advise for the bedroom?', []);
    assert.equal(reply.notFound, true);
  });

  it('tracemonkey PDF: a name the paper never writes ("Internet Explorer") is not answered by "exploring" or "compared"', async () => {
    const reply = await services.rag.answer('Which version of Internet Explorer was TraceMonkey compared with?', []);
    assert.equal(reply.notFound, true);
    // The names it does write still answer.
    const other = await services.rag.answer('What is SquirrelFish Extreme based on?', []);
    assert.match(other.answer, /call threading/);
  });

  it('font-types PDF: "besides A and B, which ...?" does not quote the line naming A or B', async () => {
    const reply = await services.rag.answer('Besides the core font and the TrueType Unicode one, which font type is shown in the font types example?', []);
    assert.match(reply.answer, /CID-0/);
    assert.doesNotMatch(reply.answer, /True Type Unicode|Core font/);
  });

  it('tracemonkey PDF: "which university" quotes the line naming the university, not the list of authors', async () => {
    const reply = await services.rag.answer('Which university are Bebenita, Chang and Franz affiliated with?', []);
    assert.match(reply.answer, /^University of California, Irvine/);
  });

  it('test deck: "the column headers of the table" quotes the table\'s first row', async () => {
    const reply = await services.rag.answer('What are the column headers of the table in the test slides deck?', []);
    assert.match(reply.answer, /^Col head 1 \| Col head 2/);
  });

  it('chart decks: "slide 2 of the axis deck" is answered from that deck, not from another deck\'s slide 2 with the same series', async () => {
    const reply = await services.rag.answer('On slide 2 of the axis deck, how much does Series 1 show for Category 1?', []);
    assert.match(reply.answer, /Category 1 94\.3/);
    assert.deepEqual(reply.citations.map((c) => [c.itemId, c.slide]), [[ids['pptx/cht-axis-props.pptx'], 2]]);
  });

  it('spacing deck: "on the second slide" is answered from slide 2', async () => {
    const reply = await services.rag.answer('What space after a paragraph is set on the second slide?', []);
    assert.match(reply.answer, /space after of 6 pt/);
    assert.deepEqual(reply.citations.map((c) => c.slide), [2]);
  });
});
