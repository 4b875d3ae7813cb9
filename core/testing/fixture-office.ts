/**
 * DOCX (docx package) and PPTX (pptxgenjs) fixture builders with known
 * smart-home content. The texts are exported so tests can assert on them.
 */
import {
  AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType,
} from 'docx';
import PptxGenJS from 'pptxgenjs';

export const DOCX_TEXT = {
  title: 'Motorised Roller Blind Installation Guide',
  intro: 'This guide explains how to install the AuraShade motorised roller blind with a Somfy-style tubular motor.',
  beforeHeading: 'Before you start',
  before: 'Check that the window recess is at least 80 mm deep and that a 230 V supply is available near the headrail.',
  listItems: ['Tubular motor with 6 Nm torque', 'Two mounting brackets', 'KNX gateway module'],
  stepsHeading: 'Installation steps',
  step1: 'Step 1: Fix the mounting brackets level with the window frame.',
  step2: 'Step 2: Slide the tubular motor into the roller tube until it clicks.',
  knxHeading: 'Connecting the KNX gateway',
  knx: 'Wire the motor to the KNX gateway with the green and white bus cable, then pair it in the installer app.',
  table: [['Model', 'Max width', 'Motor'], ['AuraShade S', '2.4 m', '6 Nm'], ['AuraShade L', '3.6 m', '10 Nm']],
  warrantyHeading: 'Warranty',
  warranty: 'The motor carries a five-year warranty when installed by a certified partner.',
  hebrewHeading: 'הוראות התקנה בעברית',
  hebrew: 'התקנת וילון גלילה ממונע: חברו את המנוע לשער החכם ובדקו את האחריות לחמש שנים.',
} as const;

/** Builds the DOCX: headings (3 levels), English paragraphs, a list, a table, a Hebrew section and two images. */
export async function buildDocx(images: [Buffer, Buffer]): Promise<Buffer> {
  const t = DOCX_TEXT;
  const image = (data: Buffer) => new Paragraph({
    children: [new ImageRun({ type: 'png', data, transformation: { width: 400, height: 160 } })],
  });
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 3000, type: WidthType.DXA } });
  const doc = new Document({
    creator: 'cms fixtures',
    title: t.title,
    sections: [{
      children: [
        new Paragraph({ text: t.title, heading: HeadingLevel.HEADING_1 }),
        new Paragraph(t.intro),
        new Paragraph({ text: t.beforeHeading, heading: HeadingLevel.HEADING_2 }),
        new Paragraph(t.before),
        ...t.listItems.map((item) => new Paragraph({ text: item, bullet: { level: 0 } })),
        new Paragraph({ text: t.stepsHeading, heading: HeadingLevel.HEADING_2 }),
        new Paragraph(t.step1),
        image(images[0]),
        new Paragraph(t.step2),
        new Paragraph({ text: t.knxHeading, heading: HeadingLevel.HEADING_3 }),
        new Paragraph(t.knx),
        image(images[1]),
        new Table({ rows: t.table.map((row) => new TableRow({ children: row.map(cell) })) }),
        new Paragraph({ text: t.warrantyHeading, heading: HeadingLevel.HEADING_2 }),
        new Paragraph(t.warranty),
        new Paragraph({ heading: HeadingLevel.HEADING_2, bidirectional: true, alignment: AlignmentType.RIGHT, children: [new TextRun({ text: t.hebrewHeading, rightToLeft: true })] }),
        new Paragraph({ bidirectional: true, alignment: AlignmentType.RIGHT, children: [new TextRun({ text: t.hebrew, rightToLeft: true })] }),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

/** A valid DOCX with one empty paragraph. */
export async function buildEmptyDocx(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] }));
}

export interface SlideSpec { title: string; body: string[]; notes: string; image?: boolean; rtl?: boolean }

export const PPTX_SLIDES: SlideSpec[] = [
  { title: 'Smart Home Showcase 2025', body: ['KNX gateway, motorised blinds and climate sensors'], notes: 'Welcome everyone and introduce the product line.' },
  { title: 'Somfy-style Tubular Motor', body: ['Quiet 38 dB operation', 'Obstacle detection', 'Works with KNX and Zigbee'], notes: 'Mention the 6 Nm torque rating.', image: true },
  { title: 'Installation in Three Steps', body: ['Fix the brackets', 'Insert the motor', 'Pair with the gateway'], notes: 'Demo the pairing on the test rig.' },
  { title: 'תריסים חכמים לבית', body: ['וילון גלילה ממונע עם שער חכם'], notes: 'להדגים את האפליקציה ללקוח', rtl: true },
];

/** Builds the PPTX: a title placeholder on every slide, bullet text, speaker notes, one image, a Hebrew slide. */
export async function buildPptx(image: Buffer): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.defineSlideMaster({
    title: 'CMS',
    background: { color: 'FFFFFF' },
    objects: [{ placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } }],
  });
  for (const spec of PPTX_SLIDES) {
    const slide = pptx.addSlide({ masterName: 'CMS' });
    slide.addText(spec.title, { placeholder: 'title', rtlMode: spec.rtl, lang: spec.rtl ? 'he-IL' : 'en-US' });
    slide.addText(spec.body.map((text) => ({ text, options: { bullet: true, breakLine: true } })), {
      x: 0.5, y: 1.5, w: spec.image ? 5 : 9, h: 3, fontSize: 20, rtlMode: spec.rtl, lang: spec.rtl ? 'he-IL' : 'en-US',
    });
    if (spec.image) slide.addImage({ data: `image/png;base64,${image.toString('base64')}`, x: 6, y: 1.5, w: 3.5, h: 1.4 });
    slide.addNotes(spec.notes);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}
