/**
 * Valid Word files whose text or pictures sit where mammoth does not look
 * (issue 39, "Valid files reported empty"): imported chunks (w:altChunk:
 * HTML, MHT, a whole Word document), charts, and EMF/WMF pictures.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { buildZip } from '../../testing/zip-writer';
import { extractDocx } from './docx';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'docx-hidden-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function docxBytes(body: string, extra: Array<{ name: string; data: string | Buffer }> = [], docRels = '', types = ''): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${types}<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>` },
    { name: '_rels/.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>` },
    { name: 'word/_rels/document.xml.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${docRels}</Relationships>` },
    { name: 'word/document.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>` },
    ...extra,
  ]);
}

async function docx(name: string, ...args: Parameters<typeof docxBytes>) {
  const file = join(dir, name);
  await writeFile(file, docxBytes(...args));
  return file;
}
const opts = (sub: string) => ({ workDir: join(dir, sub), fileName: 'x.docx', imageOcrBudgetMs: 0, ocrLanguages: ['eng'] });
const textOf = (r: { sections: Array<{ text: string }> }) => r.sections.map((s) => s.text).join('\n');
const altChunk = (target: string) => ({ body: '<w:altChunk r:id="rId7"/>', rels: `<Relationship Id="rId7" Type="${REL}/aFChunk" Target="${target}"/>` });

test('a Word file whose text is an imported HTML chunk (afchunk.htm) is read, headings and paragraphs, not the page head', async () => {
  const html = '<html><head><title>Ignored title</title><style>p { color: red }</style></head><body><h1>Motor pairing</h1><p>Hold the pairing button for five seconds.</p><div>The status light blinks green when paired.</div></body></html>';
  const a = altChunk('afchunk.htm');
  const f = await docx('alt-htm.docx', a.body, [{ name: 'word/afchunk.htm', data: html }], a.rels);
  const r = await extractDocx(f, opts('htm'));
  const text = textOf(r);
  assert.match(text, /Hold the pairing button for five seconds\./);
  assert.match(text, /The status light blinks green when paired\./);
  assert.ok(r.sections.some((s) => s.heading === 'Motor pairing'), JSON.stringify(r.sections));
  assert.doesNotMatch(text, /Ignored title|color: red/);
  assert.equal(r.notice, undefined);
});

test('an imported MHT chunk (quoted-printable, windows-1252) and an imported Word document are read', async () => {
  const mht = [
    'MIME-Version: 1.0', 'Content-Type: multipart/related; boundary="----=_NextPart_01"', '', '------=_NextPart_01',
    'Content-Location: file:///C:/chunk.htm', 'Content-Transfer-Encoding: quoted-printable', 'Content-Type: text/html; charset="windows-1252"', '',
    '<html><body><p>Caf=E9 terrace awnings retract auto=', 'matically in wind.</p></body></html>', '', '------=_NextPart_01--', '',
  ].join('\r\n');
  const a = altChunk('chunk.mht');
  const r = await extractDocx(await docx('alt-mht.docx', a.body, [{ name: 'word/chunk.mht', data: Buffer.from(mht, 'latin1') }], a.rels), opts('mht'));
  assert.match(textOf(r), /Café terrace awnings retract automatically in wind\./);

  const inner = docxBytes('<w:p><w:r><w:t>The inner document explains the rain sensor.</w:t></w:r></w:p>');
  const b = altChunk('inner.docx');
  const nested = await extractDocx(await docx('alt-docx.docx', b.body, [{ name: 'word/inner.docx', data: inner }], b.rels), opts('nested'));
  assert.match(textOf(nested), /The inner document explains the rain sensor\./);
});

test("a Word file whose only text is a chart has the chart's title, series and categories indexed (generated, and corpus shp-inline-shape-access.docx)", async () => {
  const chart = '<?xml version="1.0" encoding="UTF-8"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Energy saved per room</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>Smart blinds</c:v></c:pt></c:strCache></c:strRef></c:tx><c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>Kitchen</c:v></c:pt><c:pt idx="1"><c:v>Bedroom</c:v></c:pt></c:strCache></c:strRef></c:cat><c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>12</c:v></c:pt><c:pt idx="1"><c:v>9</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>';
  const f = await docx('chart.docx', '<w:p/>', [{ name: 'word/charts/chart1.xml', data: chart }], `<Relationship Id="rId5" Type="${REL}/chart" Target="charts/chart1.xml"/>`);
  const r = await extractDocx(f, opts('chart'));
  assert.match(textOf(r), /Energy saved per room/);
  assert.match(textOf(r), /Smart blinds: Kitchen 12, Bedroom 9/);
  assert.equal(r.notice, undefined, 'not "nothing searchable"');

  const real = await extractDocx(corpusFile('docx/shp-inline-shape-access.docx'), opts('corpus'));
  assert.match(textOf(real), /Series 1: Category 1 4\.3, Category 2 2\.5/);
});

/** A 100x100 EMF with one filled red rectangle (header, brush, select, rectangle, end). */
function emf(): Buffer {
  const rec = (type: number, ...words: number[]) => {
    const b = Buffer.alloc(8 + 4 * words.length);
    b.writeUInt32LE(type, 0);
    b.writeUInt32LE(b.length, 4);
    words.forEach((w, i) => b.writeInt32LE(w, 8 + 4 * i));
    return b;
  };
  const body = [rec(39, 1, 0, 0x0000ff, 0), rec(37, 1), rec(43, 10, 10, 90, 90), rec(14, 0, 16, 20)];
  const header = Buffer.alloc(88);
  header.writeUInt32LE(1, 0);
  header.writeUInt32LE(88, 4);
  [0, 0, 99, 99, 0, 0, 2645, 2645].forEach((v, i) => header.writeInt32LE(v, 8 + 4 * i));
  header.writeUInt32LE(0x464d4520, 40);
  header.writeUInt32LE(0x10000, 44);
  header.writeUInt32LE(88 + body.reduce((n, b) => n + b.length, 0), 48);
  header.writeUInt32LE(1 + body.length, 52);
  header.writeUInt16LE(2, 56);
  [1024, 768, 320, 240].forEach((v, i) => header.writeInt32LE(v, 72 + 4 * i));
  return Buffer.concat([header, ...body]);
}

test('a Word file whose only picture is an EMF drawing completes with the "nothing searchable" note and the picture as PNG, not "no text and no pictures"', async () => {
  const drawing = `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="image1.emf"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rId4"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const f = await docx('emf.docx', drawing, [{ name: 'word/media/image1.emf', data: emf() }], `<Relationship Id="rId4" Type="${REL}/image" Target="media/image1.emf"/>`, '<Default Extension="emf" ContentType="image/x-emf"/>');
  const r = await extractDocx(f, opts('emf'));
  assert.ok(r.notice, 'completes with the nothing-searchable note');
  assert.equal(r.images.length, 1, `the picture is kept: ${JSON.stringify(r.warnings)}`);
  assert.equal(r.images[0]!.ext, 'png');
});
