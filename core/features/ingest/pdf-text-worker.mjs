// @ts-check
/**
 * Child process for pdf.ts: reads the text of every page with pdf-parse and
 * prints one JSON line per event on stdout:
 *   {"type":"info","numPages":N}
 *   {"type":"page","num":i,"text":"..."}        (or {"type":"pageError","num":i,"message":"..."})
 *   {"type":"error","name":"PasswordException","message":"..."}   (fatal)
 *
 * Plain JavaScript on purpose: it is started with plain `node`, without the
 * tsx loader, because tsx transforms pdf.js (2 MB of JS) on every start,
 * which costs ~2 s and ~300 MB. Running apart also keeps pdf.js memory and
 * hangs on hostile files out of the main process.
 *
 * Usage: node pdf-text-worker.mjs FILE [STEP OFFSET [PAGES]]
 * reads pages OFFSET, OFFSET+STEP, ... (default every page), so two workers
 * with STEP 2 and OFFSET 1 and 2 share a long document; PAGES (comma-separated
 * numbers) reads only those pages.
 *
 * node pdf-text-worker.mjs FILE --fields prints the form's filled fields instead, one line per page holding any:
 *   {"type":"fields","num":i,"fields":[{"name":"...","tooltip":"...","value":"...","kind":"Tx|Ch|Btn"}]}
 */
import { readFile } from 'node:fs/promises';

// pdf.js prints warnings with console.log: keep stdout for the protocol.
console.log = console.error;
console.warn = console.error;
console.info = console.error;

/** @param {unknown} event */
const emit = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

const file = process.argv[2];
const step = Math.max(1, Number(process.argv[3] ?? 1) || 1);
const offset = Math.max(1, Number(process.argv[4] ?? 1) || 1);
const only = process.argv[5] ? process.argv[5].split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : null;
if (!file) {
  emit({ type: 'error', name: 'Usage', message: 'no file given' });
  process.exit(2);
}

/** The filled fields of every page (pdf.js annotations: field name, tooltip /TU, value). */
async function emitFields() {
  // pdf-parse's own pdf.js.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(file));
  const doc = await pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;
  for (let num = 1; num <= doc.numPages; num++) {
    const annotations = await (await doc.getPage(num)).getAnnotations();
    const fields = [];
    for (const a of annotations) {
      if (a.subtype !== 'Widget' || !['Tx', 'Ch', 'Btn'].includes(a.fieldType) || a.pushButton) continue;
      const value = a.fieldType === 'Btn' ? (a.fieldValue && a.fieldValue !== 'Off' && a.fieldValue === a.exportValue ? 'yes' : '')
        : Array.isArray(a.fieldValue) ? a.fieldValue.join(', ') : String(a.fieldValue ?? '');
      if (value.trim()) fields.push({ name: a.fieldName ?? '', tooltip: a.alternativeText ?? '', value: value.trim(), kind: a.fieldType });
    }
    if (fields.length) emit({ type: 'fields', num, fields });
  }
  await doc.destroy();
}

try {
  if (process.argv[3] === '--fields') {
    await emitFields();
    process.stdout.write('', () => process.exit(0));
    await new Promise(() => {});
  }
  const { PDFParse } = await import('pdf-parse');
  const buf = await readFile(file);
  // A plain Uint8Array view: pdf-parse copies Buffers, this avoids a second copy.
  const parser = new PDFParse({ data: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), stopAtErrors: false });
  // No page matches partial [0]: this only loads the document and tells the page count.
  const { total } = await parser.getText({ partial: [0] });
  emit({ type: 'info', numPages: total });
  const nums = [];
  for (let num = offset; num <= total; num += step) nums.push(num);
  for (const num of only ? only.filter((n) => n <= total) : nums) {
    try {
      const result = await parser.getText({ partial: [num] });
      emit({ type: 'page', num, text: result.pages[0]?.text ?? '' });
    } catch (e) {
      emit({ type: 'pageError', num, message: e instanceof Error ? e.message : String(e) });
    }
  }
  await parser.destroy();
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e));
  emit({ type: 'error', name: err.name, message: err.message });
}
// Let stdout drain before exiting.
process.stdout.write('', () => process.exit(0));
