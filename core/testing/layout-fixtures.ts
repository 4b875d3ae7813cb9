/**
 * Generated PDFs with the page features issue 37 found translated badly:
 * a dense form of separate line items with rules and a vertical label, a
 * page whose MediaBox origin is not 0,0, an inverted MediaBox, words under
 * a link, an XFA form, and a plain page that translates well. Drawn with
 * pdf-lib, each a few kB.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** The translator's output of three fixtures before issue 37's page-box fixes, with their sources (see its README). */
export const PRE_FIX_LAYOUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'layout');

export type LayoutFixture = 'dense-form' | 'offset-origin' | 'inverted' | 'linked' | 'xfa' | 'plain';
export const LAYOUT_FIXTURES: LayoutFixture[] = ['dense-form', 'offset-origin', 'inverted', 'linked', 'xfa', 'plain'];

const PARAGRAPH = [
  'Motorised roller blinds close by themselves when the sun shines on the window.',
  'The controller reads the light sensor every minute and moves the fabric slowly.',
  'Each blind remembers three positions that a person can set from the wall switch.',
  'A battery keeps the motor running for a week when the mains power is missing.',
];

/** Line items as a tax form has them: number at the left, words, an amount box at the right, a rule under each. */
function drawLineItems(page: PDFPage, font: PDFFont, ox: number, oy: number, top: number, items: Array<[string, string]>) {
  let y = top;
  for (const [n, text] of items) {
    page.drawText(n, { x: ox + 40, y: oy + y, size: 8, font });
    page.drawText(text, { x: ox + 62, y: oy + y, size: 8, font });
    page.drawRectangle({ x: ox + 470, y: oy + y - 3, width: 90, height: 12, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
    page.drawLine({ start: { x: ox + 36, y: oy + y - 4 }, end: { x: ox + 560, y: oy + y - 4 }, thickness: 0.5 });
    y -= 14;
  }
}

const ITEMS: Array<[string, string]> = [
  ['7', 'Wages, salaries and tips from every employer'], ['8a', 'Taxable interest from savings'], ['8b', 'Interest that is free of tax'],
  ['9a', 'Ordinary dividends from shares'], ['9b', 'Qualified dividends'], ['10', 'Refunds of state and local income taxes'],
  ['11', 'Alimony received this year'], ['12', 'Business income or loss'], ['13', 'Capital gain or loss'], ['14', 'Other gains or losses'],
];

async function denseForm(doc: PDFDocument, ox = 0, oy = 0, label = 'Form'): Promise<PDFPage> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  if (ox || oy) page.setMediaBox(ox, oy, 612, 792);
  page.drawText('Individual Income Tax Return', { x: ox + 150, y: oy + 740, size: 16, font: bold });
  page.drawLine({ start: { x: ox + 36, y: oy + 732 }, end: { x: ox + 576, y: oy + 732 }, thickness: 2 });
  page.drawLine({ start: { x: ox + 36, y: oy + 762 }, end: { x: ox + 576, y: oy + 762 }, thickness: 2 });
  // The vertical label beside the title, drawn rotated as forms print it.
  page.drawText(label, { x: ox + 30, y: oy + 690, size: 14, font: bold, rotate: degrees(90) });
  drawLineItems(page, font, ox, oy, 700, ITEMS);
  // A table: a grid of rules with a caption in each cell.
  for (let r = 0; r <= 4; r++) page.drawLine({ start: { x: ox + 60, y: oy + 520 - r * 20 }, end: { x: ox + 560, y: oy + 520 - r * 20 }, thickness: 0.75 });
  for (let c = 0; c <= 4; c++) page.drawLine({ start: { x: ox + 60 + c * 125, y: oy + 520 }, end: { x: ox + 60 + c * 125, y: oy + 440 }, thickness: 0.75 });
  const cells = ['Name of the owner', 'Street and number', 'Town', 'Postal code'];
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) page.drawText(r === 0 ? cells[c]! : `Row ${r} value`, { x: ox + 64 + c * 125, y: oy + 506 - r * 20, size: 8, font });
  PARAGRAPH.forEach((l, i) => page.drawText(l, { x: ox + 60, y: oy + 400 - i * 12, size: 9, font }));
  return page;
}

/** A link annotation over a box (page coordinates). */
function addLink(doc: PDFDocument, page: PDFPage, x0: number, y0: number, x1: number, y1: number, uri: string) {
  const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [x0, y0, x1, y1], Border: [0, 0, 0], A: { Type: 'Action', S: 'URI', URI: PDFString.of(uri) } });
  const ref = doc.context.register(link);
  page.node.addAnnot(ref);
}

const XDP_TEMPLATE = `<?xml version="1.0" encoding="UTF-8"?>
<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1" layout="tb"><pageSet><pageArea name="Page1"><contentArea x="0.25in" y="0.25in" w="8in" h="10.5in"/><medium stock="letter" short="8.5in" long="11in"/></pageArea></pageSet>
<subform name="owner" layout="tb"><draw name="title" w="6in" h="0.4in"><value><text>Warranty registration</text></value></draw>
<field name="ownerName" w="4in" h="0.3in"><caption><value><text>Name of the owner</text></value></caption><ui><textEdit/></ui></field>
<field name="model" w="4in" h="0.3in"><caption><value><text>Model of the blind</text></value></caption><ui><textEdit/></ui></field></subform></subform></template>`;
const XDP_DATASETS = `<?xml version="1.0" encoding="UTF-8"?>
<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><owner><ownerName>Dana Levi</ownerName><model>Roller blind 40</model></owner></form1></xfa:data></xfa:datasets>`;

export type BrokenLayout = 'hidden-words' | 'rule-through' | 'past-edge' | 'letter-by-letter';

/**
 * The plain page as a broken translation would draw it: linked words drawn hidden under the paragraph
 * (over its second line), rules through the title and two lines, three lines past the left edge, or the
 * title drawn letter by letter.
 */
export async function brokenLayout(defect: BrokenLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const title = 'Installing the roller blind';
  if (defect === 'letter-by-letter') {
    // Each letter placed on its own (shrunk to 13 pt, 2.5 pt apart), as a renderer that breaks words anywhere draws a narrow box.
    let x = 72;
    for (const c of title) { page.drawText(c, { x, y: 720, size: 13, font }); x += font.widthOfTextAtSize(c, 13) + 2.5; }
  }
  else page.drawText(title, { x: 72, y: 720, size: 18, font });
  PARAGRAPH.forEach((l, i) => page.drawText(l, { x: defect === 'past-edge' && i < 3 ? -160 : 72, y: 690 - i * 14, size: 10, font }));
  page.drawLine({ start: { x: 72, y: 620 }, end: { x: 540, y: 620 }, thickness: 1 });
  PARAGRAPH.forEach((l, i) => page.drawText(l, { x: 72, y: 600 - i * 14, size: 10, font }));
  if (defect === 'hidden-words') page.drawText('Dropbox, Slack, and', { x: 300, y: 678, size: 10, font });
  if (defect === 'rule-through') for (const y of [726, 694, 680]) page.drawLine({ start: { x: 60, y }, end: { x: 550, y }, thickness: 0.75 });
  return doc.save({ useObjectStreams: false });
}

/** One generated PDF (bytes). */
export async function layoutFixture(kind: LayoutFixture): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Layout fixture ${kind}`);
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  if (kind === 'dense-form') await denseForm(doc);
  else if (kind === 'offset-origin') {
    // A Luxembourg form's origin (-11.96, 11.99): everything is drawn relative to it, with two fields.
    const page = await denseForm(doc, -11.96, 11.99, 'Nature');
    const form = doc.getForm();
    for (const [i, name] of ['owner', 'town'].entries()) {
      const f = form.createTextField(`field.${name}`);
      f.setText(i ? 'Esch' : 'Dana Levi');
      f.addToPage(page, { x: -11.96 + 330, y: 11.99 + 290 - i * 30, width: 200, height: 18, font });
    }
  } else if (kind === 'inverted') {
    const page = doc.addPage([612, 792]);
    page.drawText('Warranty of the roller blind', { x: 72, y: 720, size: 18, font });
    PARAGRAPH.forEach((l, i) => page.drawText(l, { x: 72, y: 690 - i * 14, size: 10, font }));
    page.drawLine({ start: { x: 72, y: 620 }, end: { x: 540, y: 620 }, thickness: 1 });
    // The same page, its MediaBox written upside down: viewers normalise it and show the page upright.
    page.node.set(PDFName.of('MediaBox'), doc.context.obj([0, 792, 612, 0]));
  } else if (kind === 'linked') {
    const page = doc.addPage([612, 792]);
    const line = 'Our staff learn on many services including Dropbox, Slack, and LinkedIn Learning every week.';
    page.drawText('Training', { x: 72, y: 720, size: 18, font });
    page.drawText(line, { x: 72, y: 690, size: 10, font });
    PARAGRAPH.forEach((l, i) => page.drawText(l, { x: 72, y: 676 - i * 14, size: 10, font }));
    const at = (w: string) => 72 + font.widthOfTextAtSize(line.slice(0, line.indexOf(w)), 10);
    for (const w of ['Dropbox', 'Slack', 'LinkedIn Learning']) addLink(doc, page, at(w), 687, at(w) + font.widthOfTextAtSize(w, 10), 700, `https://example.com/${w.split(' ')[0]!.toLowerCase()}`);
  } else if (kind === 'xfa') {
    const page = doc.addPage([612, 792]);
    page.drawText('Warranty registration', { x: 72, y: 720, size: 18, font });
    page.drawText('Name of the owner', { x: 72, y: 680, size: 10, font });
    page.drawText('Model of the blind', { x: 72, y: 650, size: 10, font });
    const form = doc.getForm();
    const f = form.createTextField('form1[0].owner[0].ownerName[0]');
    f.setText('Dana Levi');
    f.addToPage(page, { x: 200, y: 675, width: 200, height: 16, font });
    form.updateFieldAppearances(font);
    const stream = (s: string) => doc.context.register(doc.context.flateStream(s));
    form.acroForm.dict.set(PDFName.of('XFA'), doc.context.obj([PDFString.of('template'), stream(XDP_TEMPLATE), PDFString.of('datasets'), stream(XDP_DATASETS)]));
    doc.catalog.set(PDFName.of('NeedsRendering'), doc.context.obj(false));
  } else {
    const page = doc.addPage([612, 792]);
    page.drawText('Installing the roller blind', { x: 72, y: 720, size: 18, font });
    PARAGRAPH.forEach((l, i) => page.drawText(l, { x: 72, y: 690 - i * 14, size: 10, font }));
    page.drawLine({ start: { x: 72, y: 620 }, end: { x: 540, y: 620 }, thickness: 1 });
    PARAGRAPH.forEach((l, i) => page.drawText(l, { x: 72, y: 600 - i * 14, size: 10, font }));
  }
  // pdf-lib drops an XFA form whenever the form is read again (as saving with field appearances does): they are updated above.
  return doc.save({ useObjectStreams: false, updateFieldAppearances: kind !== 'xfa' });
}
