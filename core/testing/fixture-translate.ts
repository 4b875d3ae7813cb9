/**
 * Fixtures for translation: a DOCX with every place text lives (formatted
 * and split runs, a hyperlink, a page-number field, header, footer,
 * footnote, text box, table, image), long DOCX/PPTX files for the bench and
 * a PPTX whose small text box overflows once the text grows.
 */
import {
  Document, ExternalHyperlink, Footer, FootnoteReferenceRun, Header, ImageRun, Packer, PageBreak, PageNumber, Paragraph, Table,
  TableCell, TableRow, TextRun, Textbox, WidthType,
} from 'docx';
import PptxGenJS from 'pptxgenjs';

export const RICH_DOCX = {
  title: 'AuraShade Roller Blind Manual',
  split: ['The motor ', 'pairs with ', 'the remote control.'],
  formatted: { before: 'Press ', bold: 'the pairing button', middle: ' for five seconds, then ', italic: 'release it', after: ' slowly.' },
  link: { before: 'Read the ', text: 'online installation guide', after: ' before you start.' },
  field: 'This is page ',
  header: 'AuraShade installation manual header',
  footer: 'Smart home support team footer',
  footnote: 'The warranty covers the KNX gateway module.',
  textbox: 'Caution: disconnect the mains before wiring.',
  table: [['Model', 'Motor torque'], ['AuraShade S', 'Six newton metres']],
  last: 'Keep this manual with the roller blind.',
};

export async function buildRichDocx(image: Buffer): Promise<Buffer> {
  const t = RICH_DOCX;
  const f = t.formatted;
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 4000, type: WidthType.DXA } });
  const doc = new Document({
    creator: 'cms fixtures',
    footnotes: { 1: { children: [new Paragraph(t.footnote)] } },
    sections: [{
      headers: { default: new Header({ children: [new Paragraph(t.header)] }) },
      footers: { default: new Footer({ children: [new Paragraph({ children: [new TextRun(t.footer), new TextRun(' '), new TextRun({ children: [PageNumber.CURRENT] })] })] }) },
      children: [
        new Paragraph({ children: [new TextRun({ text: t.title, bold: true, size: 36 })] }),
        // One sentence split into three runs with equal formatting, as Word leaves it after edits.
        new Paragraph({ children: t.split.map((s) => new TextRun({ text: s, size: 24 })) }),
        new Paragraph({ children: [
          new TextRun(f.before), new TextRun({ text: f.bold, bold: true }), new TextRun(f.middle),
          new TextRun({ text: f.italic, italics: true, underline: {} }), new TextRun(f.after), new FootnoteReferenceRun(1),
        ] }),
        new Paragraph({ children: [
          new TextRun(t.link.before),
          new ExternalHyperlink({ link: 'https://example.com/guide', children: [new TextRun({ text: t.link.text, style: 'Hyperlink' })] }),
          new TextRun(t.link.after),
        ] }),
        new Paragraph({ children: [new TextRun(t.field), new TextRun({ children: [PageNumber.CURRENT] }), new TextRun('.')] }),
        new Textbox({ style: { width: '200pt', height: '60pt' }, children: [new Paragraph(t.textbox)] }),
        new Paragraph({ children: [new ImageRun({ type: 'png', data: image, transformation: { width: 300, height: 120 } })] }),
        new Table({ rows: t.table.map((row) => new TableRow({ children: row.map(cell) })) }),
        new Paragraph(t.last),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

const SENTENCES = [
  'The AuraShade motor lifts blinds up to three metres wide without a sound.',
  'Pair the remote control by holding the button until the light flashes twice.',
  'Each bracket must be fixed level with the window frame before the tube goes in.',
  'The KNX gateway reports the position of every blind to the installer app.',
  'Obstacle detection stops the motor when the blind meets resistance.',
  'Clean the fabric with a dry cloth and never use solvents.',
];

/** A DOCX of `pages` pages, each a heading and `perPage` paragraphs with some bold words. */
export async function buildLongDocx(pages: number, perPage = 12): Promise<Buffer> {
  const children: Paragraph[] = [];
  for (let p = 1; p <= pages; p++) {
    children.push(new Paragraph({ children: [new TextRun({ text: `Chapter ${p}: installing blind set ${p}`, bold: true, size: 32 })] }));
    for (let i = 0; i < perPage; i++) {
      const s = SENTENCES[(p * 7 + i) % SENTENCES.length] as string;
      children.push(new Paragraph({ children: [new TextRun(`${s} `), new TextRun({ text: `Step ${p}.${i + 1}`, bold: true }), new TextRun(` of section ${p}.`)] }));
    }
    if (p < pages) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** A PPTX of `slides` slides: title, three bullets, a 2x2 table on every third slide, notes. */
export async function buildLongPptx(slides: number): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  for (let s = 1; s <= slides; s++) {
    const slide = pptx.addSlide();
    slide.addText(`Blind collection ${s}`, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
    slide.addText([0, 1, 2].map((i) => ({ text: SENTENCES[(s + i) % SENTENCES.length] as string, options: { bullet: true, breakLine: true } })),
      { x: 0.5, y: 1.3, w: 9, h: 2.5, fontSize: 16 });
    if (s % 3 === 0) slide.addTable([[{ text: 'Model' }, { text: 'Width' }], [{ text: `Series ${s}` }, { text: 'Three metres' }]], { x: 0.5, y: 4, w: 6 });
    slide.addNotes(`Speaker notes for slide ${s}: mention the warranty.`);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

export const TIGHT_TEXT = 'Quiet motor with obstacle detection';

/** One slide with a small fixed-size text box nearly full of text (at 24 pt) and a picture. */
export async function buildTightPptx(image: Buffer): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  const slide = pptx.addSlide();
  slide.addText(TIGHT_TEXT, { x: 0.5, y: 1, w: 4, h: 1.2, fontSize: 24, fit: 'none' });
  slide.addImage({ data: `image/png;base64,${image.toString('base64')}`, x: 5, y: 1, w: 3, h: 1.2 });
  slide.addNotes('Speaker notes stay readable.');
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}
