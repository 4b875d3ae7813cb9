import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildZip } from '../../testing/zip-writer';
import { extractDocx } from './docx';

/** Valid Word files whose only text is ruby, a content control's placeholder or a field, or whose only picture is in a header, complete. */

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'docx-only-')); });
after(async () => { await rm(dir, { recursive: true, force: true }); });

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function docx(name: string, body: string, extra: Array<{ name: string; data: string | Buffer }> = [], docRels = '') {
  const file = join(dir, name);
  await writeFile(file, buildZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>' },
    { name: 'word/_rels/document.xml.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${docRels}</Relationships>` },
    { name: 'word/document.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>` },
    ...extra,
  ]));
  return file;
}
const opts = () => ({ workDir: dir, fileName: 'x.docx', imageOcrBudgetMs: 0, ocrLanguages: ['eng'] });

test('a Word file whose only text is ruby (furigana) completes with the word and its reading', async () => {
  const f = await docx('ruby.docx', '<w:p><w:r><w:ruby><w:rubyPr/><w:rt><w:r><w:t>かんじ</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>漢字</w:t></w:r></w:rubyBase></w:ruby></w:r></w:p>');
  const r = await extractDocx(f, opts());
  assert.match(r.sections.map((s) => s.text).join('\n'), /漢字\(かんじ\)/);
});

test('a Word file whose only text is a content control\'s placeholder completes with it', async () => {
  const f = await docx('sdt.docx', '<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:p><w:r><w:t>Click here to enter the serial number.</w:t></w:r></w:p></w:sdtContent></w:sdt>');
  const r = await extractDocx(f, opts());
  assert.match(r.sections.map((s) => s.text).join('\n'), /Click here to enter the serial number\./);
});

test('a Word file whose only text is a field result completes with it', async () => {
  const f = await docx('field.docx', '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DOCPROPERTY Model </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>SmartShade M2</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>');
  const r = await extractDocx(f, opts());
  assert.match(r.sections.map((s) => s.text).join('\n'), /SmartShade M2/);
});

test('a Word file whose only picture is in its header completes with the "nothing searchable" note', async () => {
  const f = await docx('header-pic.docx', '<w:p/>', [
    { name: 'word/header1.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:hdr ${W}><w:p><w:r><w:drawing/></w:r></w:p></w:hdr>` },
    { name: 'word/_rels/header1.xml.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>' },
    { name: 'word/media/image1.png', data: PNG },
  ], '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>');
  const r = await extractDocx(f, opts());
  assert.ok(r.notice, 'the nothing-searchable note');
});
