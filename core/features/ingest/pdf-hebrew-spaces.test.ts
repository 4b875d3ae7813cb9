/**
 * Hebrew answers losing spaces ("30דקות"): pdftotext writes a number inside a
 * Hebrew line as an embedded left-to-right run that opens with the space that
 * follows it ("נמשכת \u202A 30\u202Cדקות"); dropping the controls left
 * "30דקות" in the stored text, the index and every answer quoting it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { createWarmOffice, warmOfficeAvailable } from '../../foundation/tools/office';
import { cleanPdfText, extractPdf } from './pdf';

const HEBREW = 'ההתקנה נמשכת 30 דקות בערך, עם מפתח 4 מ"מ. הסוללה נטענת תוך 3 שעות.';

test('Hebrew answers keep the space between a number and a Hebrew word: pdftotext\'s embedded run gives its leading space back behind it', () => {
  // pdftotext's own output for the line above (poppler 22), controls and spaces as it writes them.
  const raw = '\u202Bההתקנה נמשכת \u202A 30\u202Cדקות בערך\u202A ,\u202C עם מפתח \u202A 4\u202Cמ"מ\u202A .\u202C הסוללה נטענת תוך \u202A 3\u202Cשעות\u202A.\u202C\u202C';
  assert.equal(cleanPdfText(raw), HEBREW);
  // A run with no space inside is left as it was; plain text too.
  assert.equal(cleanPdfText('\u202Bמנוע \u202AAuraShade P2\u202C חדש\u202C'), 'מנוע AuraShade P2 חדש');
  assert.equal(cleanPdfText('Install it in 30 minutes.'), 'Install it in 30 minutes.');
});

describe('a Hebrew Word file made PDF by LibreOffice', { skip: warmOfficeAvailable() ? false : 'LibreOffice with python3-uno is not installed' }, () => {
  let dir = '';
  before(async () => { dir = await mkdtemp(join(tmpdir(), 'pdf-he-spaces-')); });
  after(async () => { await rm(dir, { recursive: true, force: true }); });

  test('its stored text reads "30 דקות", never "30דקות"', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph({ bidirectional: true, alignment: AlignmentType.RIGHT, children: [new TextRun({ text: HEBREW, rightToLeft: true })] })] }] });
    await writeFile(join(dir, 'he.docx'), await Packer.toBuffer(doc));
    const office = createWarmOffice({ maxFiles: 1 });
    try {
      await office.toPdf(join(dir, 'he.docx'), join(dir, 'he.pdf'));
    } finally {
      await office.close();
    }
    const r = await extractPdf(join(dir, 'he.pdf'), { workDir: join(dir, 'w'), ocrLanguages: ['eng', 'heb'], fileName: 'he.pdf' });
    const text = r.sections.map((s) => s.text).join('\n');
    assert.match(text, /נמשכת 30 דקות/);
    assert.match(text, /מפתח 4 מ"מ/);
    assert.doesNotMatch(text, /\d[\u05D0-\u05EA]/, text);
  });
});
