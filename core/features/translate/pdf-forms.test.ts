import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFTextField } from 'pdf-lib';
import { corpusFile } from '../../testing/corpus';
import { markerTranslate } from '../../testing/fake-translate';
import { layoutFixture } from '../../testing/layout-fixtures';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { runTool } from '../../foundation/tools/exec';
import { formFeatures } from './pdf-forms';
import { translateFile } from './translate-file';

/**
 * Issue 37 point 2: an XFA form (which Acrobat shows instead of the pages)
 * is removed from the translation, its AcroForm fields kept; a signed PDF
 * comes out as an unsigned copy (no signature field, dictionary, /SigFlags
 * or /Perms left to be invalid); each with a warning on the record.
 */

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

const load = async (f: string) => PDFDocument.load(await readFile(f), { updateMetadata: false, ignoreEncryption: true });
const translate = async (input: string, name: string) => {
  const output = path.join(rig.dir, name);
  const r = await translateFile({ input, output, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  return { output, r, codes: r.warnings.filter((w) => w.unit === null).map((w) => w.code?.code) };
};
/** Every object of the file, decompressed, as text (what a validator would find). */
const objects = async (f: string) => {
  const out = path.join(rig.dir, `${path.basename(f)}.clean.pdf`);
  await runTool('mutool', ['clean', '-d', f, out], { allowFailure: true });
  return (await readFile(out)).toString('latin1');
};

test('an XFA form is removed from the translation with a warning; its AcroForm field keeps its name and value; the page text is translated', async () => {
  const src = path.join(rig.dir, 'xfa.pdf');
  await writeFile(src, await layoutFixture('xfa'));
  assert.equal(formFeatures(await load(src)).xfa, true, 'the fixture has an XFA form');
  const { output, codes } = await translate(src, 'xfa.fr.pdf');
  assert.deepEqual(codes, ['warning.xfa_dropped']);
  const doc = await load(output);
  assert.equal(formFeatures(doc).xfa, false);
  assert.doesNotMatch(await objects(output), /\/XFA|xfa-template|NeedsRendering/);
  const field = doc.getForm().getFields().find((f) => f.getName() === 'form1[0].owner[0].ownerName[0]');
  assert.ok(field instanceof PDFTextField, 'the AcroForm field is kept');
  assert.equal(field.getText(), 'Dana Levi');
  const text = (await runTool('pdftotext', [output, '-'])).stdout.toString('utf8');
  assert.match(text, new RegExp(markerTranslate('registration')));
});

test('a signed PDF (issue16553.pdf) is translated into an unsigned copy: no signature field, dictionary or /SigFlags left; a warning says so', async () => {
  const src = corpusFile('pdf/issue16553.pdf');
  assert.match(await objects(src), /\/ByteRange/, 'the original is signed');
  assert.equal(formFeatures(await load(src)).signed, true);
  const { output, codes } = await translate(src, 'signed.fr.pdf');
  assert.deepEqual(codes, ['warning.signature_removed']);
  const all = await objects(output);
  assert.doesNotMatch(all, /\/ByteRange|\/FT\s*\/Sig\b|\/SigFlags|\/Type\s*\/Sig\b|adbe\.pkcs7/);
  const doc = await load(output);
  assert.equal(formFeatures(doc).signed, false);
  // No page still lists the removed widget.
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
      const d = a instanceof PDFRef ? doc.context.lookup(a) : a;
      assert.ok(!(d instanceof PDFDict && d.lookup(PDFName.of('FT')) === PDFName.of('Sig')), 'a signature widget is left');
    }
  }
});

test('an encrypted, signed PDF (issue17069.pdf), rebuilt from its text-free copy, also says its signature does not carry over', async () => {
  const src = corpusFile('pdf/issue17069.pdf');
  assert.equal(formFeatures(await load(src)).signed, true);
  const { output, codes } = await translate(src, 'signed-encrypted.fr.pdf');
  assert.deepEqual(codes, ['warning.signature_removed']);
  assert.doesNotMatch(await objects(output), /\/ByteRange|\/FT\s*\/Sig\b|\/SigFlags/);
});

test('an unsigned form (form_two_pages.pdf) gets no form or signature warning', async () => {
  const { codes } = await translate(corpusFile('pdf/form_two_pages.pdf'), 'form.fr.pdf');
  assert.deepEqual(codes, []);
});
