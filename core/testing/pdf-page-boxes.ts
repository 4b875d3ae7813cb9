/**
 * Tiny PDFs with the page geometry real files have and the PDF translator
 * must honour (issue 37): a MediaBox whose origin is not 0,0 (with table
 * rules and filled-in form fields), an inverted MediaBox ([0 792 612 0]),
 * a CropBox smaller than the MediaBox, a page turned by /Rotate 90, a dense
 * form of separately placed line items ("7", "8a", "9a" beside their text),
 * vertical labels ("Form", "Nature") and words carrying links inside a
 * sentence. Helvetica text (pdftotext reads it back exactly); every line is
 * English Apertium translates.
 */
import { writeFile } from 'node:fs/promises';
import { degrees, PDFDocument, PDFName, PDFNumber, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** A line of text as drawn: its text and where (user space, points, baseline). */
export interface DrawnLine { text: string; x: number; y: number; size: number }
/** A rule drawn on the page (user space). */
export interface DrawnRule { x0: number; y0: number; x1: number; y1: number }

export interface BoxFixture {
  bytes: Uint8Array;
  lines: DrawnLine[];
  rules: DrawnRule[];
  /** Words that carry a link annotation (linked-words fixture). */
  linked?: string[];
}

const draw = (page: PDFPage, font: PDFFont, lines: DrawnLine[]) => {
  for (const l of lines) page.drawText(l.text, { x: l.x, y: l.y, size: l.size, font });
};
const rule = (page: PDFPage, r: DrawnRule) => page.drawLine({ start: { x: r.x0, y: r.y0 }, end: { x: r.x1, y: r.y1 }, thickness: 0.8, color: rgb(0, 0, 0) });
const setBox = (page: PDFPage, name: 'MediaBox' | 'CropBox', box: number[]) => page.node.set(PDFName.of(name), page.doc.context.obj(box));

async function start(): Promise<{ doc: PDFDocument; font: PDFFont; bold: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.setTitle('Page box fixture');
  return { doc, font: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
}

/** A small table: a title, three rows of label + value, ruled, starting at (x, top). */
function table(page: PDFPage, font: PDFFont, x: number, top: number): { lines: DrawnLine[]; rules: DrawnRule[] } {
  const rows = ['Name of the company', 'Registered office address', 'Nature of the business'];
  const lines: DrawnLine[] = [{ text: 'Annual declaration of the company', x, y: top, size: 14 }];
  const rules: DrawnRule[] = [];
  rows.forEach((t, i) => {
    const y = top - 40 - i * 30;
    lines.push({ text: t, x: x + 6, y: y + 9, size: 10 });
    rules.push({ x0: x, y0: y, x1: x + 460, y1: y });
  });
  rules.push({ x0: x, y0: top - 10, x1: x + 460, y1: top - 10 }, { x0: x, y0: top - 100, x1: x, y1: top - 10 },
    { x0: x + 200, y0: top - 100, x1: x + 200, y1: top - 10 }, { x0: x + 460, y0: top - 100, x1: x + 460, y1: top - 10 });
  draw(page, font, lines);
  rules.forEach((r) => rule(page, r));
  return { lines, rules };
}

/** A4 page whose MediaBox origin is (-11.96, 11.99), as the Luxembourg form's: a ruled table and two filled form fields. */
export async function offsetOriginPdf(): Promise<BoxFixture> {
  const { doc, font } = await start();
  const page = doc.addPage([595.28, 841.89]);
  const [ox, oy] = [-11.96, 11.99];
  setBox(page, 'MediaBox', [ox, oy, ox + 595.28, oy + 841.89]);
  const t = table(page, font, ox + 60, oy + 760);
  const form = doc.getForm();
  ['company', 'office'].forEach((name, i) => {
    const f = form.createTextField(name);
    f.setText(i === 0 ? 'ACME SARL' : 'Esch-sur-Alzette');
    f.addToPage(page, { x: ox + 270, y: oy + 760 - 40 - i * 30 + 3, width: 180, height: 20, font });
  });
  return { bytes: await doc.save(), ...t };
}

/** Letter page whose MediaBox is written upside down ([0 792 612 0]): viewers show it upright. */
export async function invertedBoxPdf(): Promise<BoxFixture> {
  const { doc, font } = await start();
  const page = doc.addPage([612, 792]);
  setBox(page, 'MediaBox', [0, 792, 612, 0]);
  const lines: DrawnLine[] = [
    { text: 'Application for a building permit', x: 72, y: 700, size: 16 },
    { text: 'Please write the address of the house.', x: 72, y: 660, size: 11 },
    { text: 'The owner signs the last page.', x: 72, y: 400, size: 11 },
  ];
  draw(page, font, lines);
  const rules = [{ x0: 72, y0: 690, x1: 540, y1: 690 }];
  rules.forEach((r) => rule(page, r));
  return { bytes: await doc.save(), lines, rules };
}

/** Letter MediaBox with a smaller CropBox [50 100 450 600]: text and a rule inside the crop. */
export async function cropBoxPdf(): Promise<BoxFixture> {
  const { doc, font } = await start();
  const page = doc.addPage([612, 792]);
  setBox(page, 'CropBox', [50, 100, 450, 600]);
  const lines: DrawnLine[] = [
    { text: 'Installation of the motor', x: 80, y: 550, size: 16 },
    { text: 'Fix the bracket to the wall.', x: 80, y: 500, size: 11 },
    { text: 'Connect the cable to the motor.', x: 80, y: 300, size: 11 },
  ];
  draw(page, font, lines);
  const rules = [{ x0: 80, y0: 540, x1: 420, y1: 540 }];
  rules.forEach((r) => rule(page, r));
  return { bytes: await doc.save(), lines, rules };
}

/** Letter page turned by /Rotate 90 (shown landscape), its text drawn so that it reads upright once turned. */
export async function rotatedPdf(): Promise<BoxFixture> {
  const { doc, font } = await start();
  const page = doc.addPage([612, 792]);
  page.setRotation(degrees(90));
  // Shown turned 90 degrees clockwise: text that reads left to right on screen runs up the unrotated page.
  const lines: DrawnLine[] = [
    { text: 'Guide to the remote control', x: 100, y: 80, size: 16 },
    { text: 'Press the button for five seconds.', x: 140, y: 80, size: 11 },
    { text: 'The light turns green.', x: 400, y: 80, size: 11 },
  ];
  for (const l of lines) page.drawText(l.text, { x: l.x, y: l.y, size: l.size, font, rotate: degrees(90) });
  const rules = [{ x0: 110, y0: 80, x1: 110, y1: 500 }];
  rules.forEach((r) => rule(page, r));
  // "button" carries a link: its rectangle runs up the unrotated page, as its word does.
  const at = 80 + font.widthOfTextAtSize('Press the ', 11);
  addLinks(page, [[[140 - 9, at, 140 + 3, at + font.widthOfTextAtSize('button', 11)], 'https://example.com/button']]);
  return { bytes: await doc.save(), lines, rules, linked: ['button'] };
}

/** Link annotations (a URI each) on the page, rectangles in user space [x0 y0 x1 y1]. */
function addLinks(page: PDFPage, links: Array<[number[], string]>): void {
  const ctx = page.doc.context;
  const annots = links.map(([rect, uri]) => ctx.register(ctx.obj({
    Type: 'Annot', Subtype: 'Link', Rect: rect.map((v) => PDFNumber.of(Math.round(v * 100) / 100)), Border: [0, 0, 0], A: { S: 'URI', URI: PDFString.of(uri) },
  })));
  page.node.set(PDFName.of('Annots'), ctx.obj(annots));
}

/** Line items of a dense tax form: a number column and each item's text, close together, ruled between rows. */
export const FORM_ITEMS: Array<[string, string]> = [
  ['7', 'Capital gain or loss of the year'],
  ['8a', 'Other income from the schedule'],
  ['9a', 'Add the amounts of the lines above'],
  ['10', 'Adjustments to income from the schedule'],
  ['11', 'Subtract the line from the total income'],
];

/** Where the dense form's amount column starts (a vertical rule through the line items). */
export const FORM_AMOUNT_X = 215;
/** A box's border right of the title (as a form's year box): the title's translation stops before it. */
export const FORM_TITLE_END = 320;

/** A dense form page: a bold title over a rule, line items in rows 12 pt apart, a heading wrapped in a narrow column, vertical "Form" and "Nature" labels at the left edge. */
export async function denseFormPdf(): Promise<BoxFixture> {
  const { doc, font, bold } = await start();
  const page = doc.addPage([612, 792]);
  const lines: DrawnLine[] = [];
  const rules: DrawnRule[] = [];
  page.drawText('Individual Income Tax Return', { x: 90, y: 740, size: 14, font: bold });
  lines.push({ text: 'Individual Income Tax Return', x: 90, y: 740, size: 14 });
  rules.push({ x0: 36, y0: 730, x1: 576, y1: 730 }, { x0: FORM_TITLE_END, y0: 730, x1: FORM_TITLE_END, y1: 770 });
  FORM_ITEMS.forEach(([n, t], i) => {
    const y = 700 - i * 12;
    lines.push({ text: n, x: 44, y, size: 8 }, { text: t, x: 62, y, size: 8 });
    rules.push({ x0: 36, y0: y - 3, x1: 576, y1: y - 3 });
  });
  // The amount column's border: item text stops before it.
  rules.push({ x0: FORM_AMOUNT_X, y0: 706, x1: FORM_AMOUNT_X, y1: 700 - FORM_ITEMS.length * 12 });
  draw(page, font, lines.slice(1));
  rules.forEach((r) => rule(page, r));
  // A heading wrapped in a narrow column: its translation's longest word is wider than the column.
  for (const [i, t] of ['Behavior of the', 'motor in winter'].entries()) {
    page.drawText(t, { x: 420, y: 600 - i * 14, size: 12, font: bold });
    lines.push({ text: t, x: 420, y: 600 - i * 14, size: 12 });
  }
  // Vertical labels read bottom to top, as a form's "Form" and "Nature" labels are.
  page.drawText('Form', { x: 30, y: 600, size: 14, font: bold, rotate: degrees(90) });
  page.drawText('Nature', { x: 30, y: 500, size: 12, font, rotate: degrees(90) });
  lines.push({ text: 'Form', x: 30, y: 600, size: 14 }, { text: 'Nature', x: 30, y: 500, size: 12 });
  return { bytes: await doc.save(), lines, rules };
}

/** A paragraph whose words "Dropbox", "Slack" and "LinkedIn Learning" carry links. */
export async function linkedWordsPdf(): Promise<BoxFixture> {
  const { doc, font } = await start();
  const page = doc.addPage([612, 792]);
  const size = 11;
  const lines: DrawnLine[] = [
    { text: 'Our team shares files with many tools every day,', x: 72, y: 700, size },
    { text: 'including Dropbox, Slack, and LinkedIn Learning for the courses.', x: 72, y: 686, size },
    { text: 'Ask the office for an account before the first week.', x: 72, y: 672, size },
  ];
  draw(page, font, lines);
  const linked = ['Dropbox', 'Slack', 'LinkedIn Learning'];
  const second = lines[1]!;
  addLinks(page, linked.map((w, i) => {
    const x0 = second.x + font.widthOfTextAtSize(second.text.slice(0, second.text.indexOf(w)), size);
    return [[x0, second.y - 3, x0 + font.widthOfTextAtSize(w, size), second.y + size], `https://example.com/tool-${i + 1}`];
  }));
  return { bytes: await doc.save(), lines, rules: [], linked };
}

/** Writes a fixture to a file and returns it. */
export async function writeFixture(file: string, make: () => Promise<BoxFixture>): Promise<BoxFixture & { path: string }> {
  const f = await make();
  await writeFile(file, f.bytes);
  return { ...f, path: file };
}
