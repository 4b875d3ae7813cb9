/**
 * Real documents, real answers: files written by others (the shared
 * corpus) and generated ones where the corpus has no example, through the
 * real server (pipeline, search index, offline answerer, file routes).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../../server/testing';
import { uploadOfKind } from '../content/upload-any';
import { describeLocalFile } from '../content/spool';
import type { Services } from '../../composition/services';
import { corpusFile } from '../../testing/corpus';
import { makeTextImage } from '../../testing/fixture-media';
import { buildPdf } from '../../testing/pdf-writer';
import { buildZip } from '../../testing/zip-writer';
import { hasGarbage } from '../../foundation/text/clean';
import type { Document, Presentation } from '../../foundation/types';
import PptxGenJS from 'pptxgenjs';

let server: TestServer;
let services: Services;
let dir: string;

before(async () => {
  server = await startTestServer();
  services = server.services!;
  dir = path.join(server.dataDir, 'fixtures');
  await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
});
after(async () => { await server?.stop(); });

async function ingest(file: string, type: 'document' | 'presentation' = 'document'): Promise<Document | Presentation> {
  const rec = (await uploadOfKind(services.content, type, await describeLocalFile(file), {})).item;
  await services.queue.idle();
  return await services.catalog.items(type).require(rec.id) as Document | Presentation;
}

const topItem = async (q: string) => (await services.search.search(q, { k: 3 }))[0]?.chunk.itemId;

/** A minimal DOCX whose product name is a simple field (w:fldSimple), as Word writes DOCPROPERTY fields. */
function fldSimpleDocx(): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return buildZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>' },
    { name: 'word/document.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t xml:space="preserve">The motor model is </w:t></w:r><w:fldSimple w:instr=" DOCPROPERTY Model "><w:r><w:t>Zephyr RM-450 tubular drive</w:t></w:r></w:fldSimple><w:r><w:t>.</w:t></w:r></w:p></w:body></w:document>` },
  ]);
}

describe('valid files written by others complete, with the text the extractors used to miss', () => {
  it('DOCX headers and footers are indexed (corpus hdr-header-footer.docx: "Header for section-1")', async () => {
    const doc = await ingest(corpusFile('docx/hdr-header-footer.docx'));
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.equal(await topItem('Header for section-1'), doc.id);
    assert.equal(await topItem('Footer for section 1'), doc.id);
  });

  it('DOCX comments are indexed (corpus comments-rich-para.docx)', async () => {
    const doc = await ingest(corpusFile('docx/comments-rich-para.docx'));
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.equal(await topItem('inline image in the middle'), doc.id);
  });

  it('DOCX SmartArt text is indexed (corpus shp-inline-shape-access.docx, whose only text is a diagram)', async () => {
    const doc = await ingest(corpusFile('docx/shp-inline-shape-access.docx'));
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.ok(doc.chunkCount >= 1);
    const hits = await services.search.search('foo bar baz', { k: 5 });
    assert.ok(hits.some((h) => h.chunk.itemId === doc.id && /foo/.test(h.chunk.text)));
  });

  it('a DOCX simple field (w:fldSimple) keeps its displayed text (generated: no corpus file has one)', async () => {
    const file = path.join(dir, 'FldSimple.docx');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, fldSimpleDocx()));
    const doc = await ingest(file);
    assert.equal(doc.status, 'completed', doc.error ?? '');
    assert.equal(await topItem('Zephyr RM-450 tubular drive'), doc.id);
  });

  it('PPTX chart titles, series and category labels are indexed (corpus cht-charts.pptx, shp-shapes.pptx)', async () => {
    const deck = await ingest(corpusFile('pptx/cht-charts.pptx'), 'presentation');
    assert.equal(deck.status, 'completed', deck.error ?? '');
    const hits = await services.search.search('Series 2 Category 3', { k: 5 });
    assert.ok(hits.some((h) => h.chunk.itemId === deck.id && /Category 3 1\.8/.test(h.chunk.text)), 'chart values with their labels');
    const shapes = await ingest(corpusFile('pptx/shp-shapes.pptx'), 'presentation');
    assert.equal(await topItem('Sales 1st Qtr 2nd Qtr'), shapes.id);
  });

  it('a deck showing one chart on each of its slides has it on every slide, not only the first (corpus cht-legend-props.pptx)', async () => {
    const deck = await ingest(corpusFile('pptx/cht-legend-props.pptx'), 'presentation');
    assert.equal(deck.status, 'completed', deck.error ?? '');
    const hits = await services.search.search('Series 2 Category 3', { k: 20, filters: { itemIds: [deck.id], itemType: 'presentation' } });
    assert.deepEqual([...new Set(hits.filter((h) => /Category 3 1\.8/.test(h.chunk.text)).map((h) => h.chunk.slide))].sort(), [1, 2, 3]);
  });

  it('a deck of pictures only completes, keeps its pictures, and says nothing in it is searchable', async () => {
    const logo = await readFile(await makeTextImage(path.join(dir, 'photo.png'), { lines: ['Showroom'], width: 640, height: 360, shapes: true }));
    const pptx = new PptxGenJS();
    for (let i = 0; i < 2; i++) pptx.addSlide().addImage({ data: `image/png;base64,${logo.toString('base64')}`, x: 1, y: 1, w: 6, h: 3.4 });
    const file = path.join(dir, 'pictures.pptx');
    await import('node:fs/promises').then(async (fs) => fs.writeFile(file, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer));
    const deck = await ingest(file, 'presentation');
    assert.equal(deck.status, 'completed', deck.error ?? '');
    assert.equal(deck.chunkCount, 0);
    assert.match(deck.notice ?? '', /Nothing in this file is searchable/);
    assert.deepEqual(deck.noticeCode, { code: 'note.nothing_searchable_pptx', params: {} }, 'the notice as a code, for the Hebrew console');
    const images = await services.catalog.presentationImages.list((i) => i.presentationId === deck.id);
    assert.ok(images.some((i) => i.kind === 'embedded'), 'its picture is extracted');
    const res = await fetch(`${server.url}${deck.fileKey.startsWith('presentations/') ? `/uploads/${deck.fileKey}` : ''}`);
    assert.equal(res.status, 200, 'the original can be downloaded');
  });
});

describe('source images: no repeated logos, page renders for pages without pictures', () => {
  let doc: Document;
  let logoUrl: string;

  before(async () => {
    const logo = await readFile(await makeTextImage(path.join(dir, 'logo.jpg'), { lines: ['ACME'], width: 300, height: 120, fontSize: 60, quality: 3, shapes: false }));
    const facts = [
      'The hub pairs with each sensor in under ten seconds.',
      'The Zephyr motor lifts blinds of up to twelve kilograms without strain.',
      'Warranty claims need the serial number printed under the battery cover.',
      'The rain sensor closes every skylight automatically when drops are detected.',
    ];
    const pages = facts.map((fact, i) => ({
      lines: [`Chapter ${i + 1}`, fact, ...Array.from({ length: 12 }, (_, j) => `Further notes on chapter ${i + 1}, line ${j + 1}, about installation and care.`)],
      picture: { data: logo, width: 300, height: 120, x: 460, y: 780, w: 100, h: 40 },
    }));
    const file = path.join(dir, 'logo-manual.pdf');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, buildPdf(pages, { title: 'Manual with a logo' })));
    doc = (await ingest(file)) as Document;
    assert.equal(doc.status, 'completed', doc.error ?? '');
    const logos = await services.catalog.botImages.list((i) => i.documentId === doc.id);
    assert.equal(logos.length, 1, 'the logo on every page is stored once');
    assert.equal(logos[0]!.decorative, true);
    logoUrl = logos[0]!.image;
  });

  it('a logo repeated on every page is never a source image; the cited page is shown as a render cropped to the passage', async () => {
    const reply = await services.rag.answer('How many kilograms can the Zephyr motor lift?', []);
    assert.match(reply.answer, /twelve kilograms/);
    assert.ok(reply.sourceImages.length >= 1 && reply.sourceImages.length <= 4);
    assert.ok(!reply.sourceImages.includes(logoUrl), 'no logo');
    assert.match(reply.sourceImages[0]!, new RegExp(`/api/files/images/documents/${doc.id}/pages/2-c\\d+\\.png$`));
    for (const url of reply.sourceImages) {
      const res = await fetch(`${server.url}${url}`);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get('content-type'), 'image/png');
      const png = Buffer.from(await res.arrayBuffer());
      const height = png.readUInt32BE(20);
      // A4 at 110 dpi is 1286 px tall: the crop holds the passage, not the whole page.
      assert.ok(height > 100 && height < 1100, `cropped height ${height}`);
    }
    const full = await fetch(`${server.url}/api/files/images/documents/${doc.id}/pages/3.png`);
    assert.equal(full.status, 200);
    assert.ok(Math.abs(Buffer.from(await full.arrayBuffer()).readUInt32BE(20) - 1286) <= 2, 'the whole page');
  });

  it('renders exist only for pages of completed PDFs: other page numbers answer 404', async () => {
    assert.equal((await fetch(`${server.url}/api/files/images/documents/${doc.id}/pages/9.png`)).status, 404);
    assert.equal((await fetch(`${server.url}/api/files/images/documents/999/pages/1.png`)).status, 404);
  });

  it('answers and captions about a PDF whose text layer stores spaces as control characters have no control characters', async () => {
    const file = path.join(dir, 'controls.pdf');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, buildPdf([
      { rawLines: ['User\x03acceptance\x03of\x03mandated\x03technology\x03depends\x03on\x03perceived\x03usefulness.', 'Davis\x03proposed\x03the\x03model\x03in\x031989.'] },
    ])));
    const garbled = await ingest(file);
    assert.equal(garbled.status, 'completed', garbled.error ?? '');
    const reply = await services.rag.answer('What does user acceptance of mandated technology depend on?', []);
    assert.match(reply.answer, /perceived usefulness/);
    assert.equal(hasGarbage(reply.answer), false, reply.answer);
    for (const img of await services.catalog.botImages.list()) assert.equal(hasGarbage(img.description), false, img.description);
    for (const img of await services.catalog.presentationImages.list()) assert.equal(hasGarbage(img.description), false, img.description);
  });
});
