/**
 * What of a PDF's forms and signatures a translation can carry over. An
 * AcroForm's fields stay as they are (names, values, widgets). An XFA form
 * (XML that Acrobat shows instead of the page content) would keep showing
 * the original language over the translated pages, so it is removed and the
 * translated pages are what every reader sees; the AcroForm fields beside
 * it stay fillable. A digital signature covers the bytes of the original
 * file: in a rewritten, translated copy it could only be invalid, so signed
 * signature fields (their widgets and signature dictionaries), the
 * document's signature permissions (/Perms) and validation data (/DSS) are
 * removed, and the translation says its copy is unsigned.
 */
import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, type PDFObject } from 'pdf-lib';
import { warningOf } from '../../foundation/messages';
import type { TranslationWarning } from './types';

const name = (k: string) => PDFName.of(k);
const deref = (doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? doc.context.lookup(o) : o);

/** Whether a field (or an ancestor it inherits /FT from) is a signature field. */
function isSignature(doc: PDFDocument, field: PDFDict): boolean {
  for (let d: PDFDict | undefined = field, depth = 0; d && depth < 32; depth++) {
    const ft = d.get(name('FT'));
    if (ft) return ft === name('Sig');
    const parent = deref(doc, d.get(name('Parent')));
    d = parent instanceof PDFDict ? parent : undefined;
  }
  return false;
}

/** The signed signature fields of the form tree (terminal fields with a /V), with the array that lists each. */
function signedFields(doc: PDFDocument, fields: PDFArray): Array<{ list: PDFArray; index: number; dict: PDFDict }> {
  const out: Array<{ list: PDFArray; index: number; dict: PDFDict }> = [];
  const seen = new Set<PDFDict>();
  const walk = (list: PDFArray, depth: number) => {
    list.asArray().forEach((o, index) => {
      const d = deref(doc, o);
      if (!(d instanceof PDFDict) || seen.has(d) || depth > 32) return;
      seen.add(d);
      const kids = deref(doc, d.get(name('Kids')));
      if (kids instanceof PDFArray && kids.asArray().some((k) => { const x = deref(doc, k); return x instanceof PDFDict && x.has(name('T')); })) walk(kids, depth + 1);
      else if (isSignature(doc, d) && d.has(name('V'))) out.push({ list, index, dict: d });
    });
  };
  walk(fields, 0);
  return out;
}

/** Whether a document has an XFA form, and signed signatures (or signature permissions). */
export function formFeatures(doc: PDFDocument): { xfa: boolean; signed: boolean } {
  const acro = deref(doc, doc.catalog.get(name('AcroForm')));
  const fields = acro instanceof PDFDict ? deref(doc, acro.get(name('Fields'))) : undefined;
  const list = fields instanceof PDFArray ? fields : null;
  // A form whose fields cannot be read (an encrypted file's damaged objects) is taken at its word: /SigFlags bit 1, "signatures exist".
  const unreadable = !!list?.asArray().some((f) => !(deref(doc, f) instanceof PDFDict));
  const flags = acro instanceof PDFDict ? Number(deref(doc, acro.get(name('SigFlags')))?.toString() ?? 0) : 0;
  return {
    xfa: acro instanceof PDFDict && acro.has(name('XFA')),
    signed: doc.catalog.has(name('Perms')) || (!!list && signedFields(doc, list).length > 0) || (unreadable && (flags & 1) === 1),
  };
}

/** Removes the XFA form and the signed signature fields (widgets, signature dictionaries), /Perms, /DSS and /SigFlags. */
export function removeUntranslatable(doc: PDFDocument): void {
  const acro = deref(doc, doc.catalog.get(name('AcroForm')));
  // What is removed leaves the file too (pdf-lib writes every object it holds, referenced or not).
  const drop = (o: PDFObject | undefined) => { if (o instanceof PDFRef) doc.context.delete(o); };
  if (acro instanceof PDFDict) {
    const xfa = acro.get(name('XFA'));
    const parts = deref(doc, xfa);
    if (parts instanceof PDFArray) parts.asArray().forEach(drop);
    drop(xfa);
    acro.delete(name('XFA'));
    acro.delete(name('SigFlags'));
  }
  doc.catalog.delete(name('NeedsRendering'));
  doc.catalog.delete(name('Perms'));
  doc.catalog.delete(name('DSS'));
  const fields = acro instanceof PDFDict ? deref(doc, acro.get(name('Fields'))) : undefined;
  if (!(fields instanceof PDFArray)) return;
  const gone = new Set<PDFDict>();
  // From the last, so the indices of the ones before stay right.
  for (const f of signedFields(doc, fields).reverse()) {
    const ref = f.list.get(f.index);
    f.list.remove(f.index);
    gone.add(f.dict);
    const kids = deref(doc, f.dict.get(name('Kids')));
    for (const k of kids instanceof PDFArray ? kids.asArray() : []) { const x = deref(doc, k); if (x instanceof PDFDict) gone.add(x); drop(k); }
    drop(f.dict.get(name('V')));
    drop(ref);
  }
  if (!gone.size) return;
  // The widgets of the removed fields leave their pages (a field and its widget are often one dictionary).
  for (const page of doc.getPages()) {
    const annots = deref(doc, page.node.get(name('Annots')));
    if (!(annots instanceof PDFArray)) continue;
    const keep = annots.asArray().filter((a) => { const d = deref(doc, a); return !(d instanceof PDFDict && gone.has(d)); });
    if (keep.length !== annots.size()) page.node.set(name('Annots'), doc.context.obj(keep));
  }
}

/**
 * Makes the translated document carry no XFA form and no signature, and says so where the original had
 * either (the original read again: a translation rebuilt from a text-free copy has lost them already).
 */
export async function carryForms(doc: PDFDocument, original: string): Promise<TranslationWarning[]> {
  const source = await PDFDocument.load(await readFile(original), { ignoreEncryption: true, updateMetadata: false }).catch(() => null);
  const had = source ? formFeatures(source) : { xfa: false, signed: false };
  const has = formFeatures(doc);
  removeUntranslatable(doc);
  return [
    ...(had.xfa || has.xfa ? [warningOf(null, 'warning.xfa_dropped')] : []),
    ...(had.signed || has.signed ? [warningOf(null, 'warning.signature_removed')] : []),
  ];
}
