import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { extractPdf } from './pdf';
import { fieldLabel, fieldLines } from './pdf-fields';

let root: string;
before(async () => { root = await mkdtemp(join(tmpdir(), 'pdf-fields-')); });
after(async () => { await rm(root, { recursive: true, force: true }); });

test('a filled PDF form field is read as "label: value" from the form\'s own field name (pdf.js issue17069.pdf)', async () => {
  const r = await extractPdf(corpusFile('pdf/issue17069.pdf'), { workDir: join(root, 'a'), ocrLanguages: ['eng'] });
  const page = r.sections.find((s) => s.page === 1)!.text;
  assert.match(page, /^text field 1: test value$/m);
});

test('a field whose name a program made up ("Text294") labels nothing: its value stays as drawn (pdf.js bug1811510.pdf)', async () => {
  const r = await extractPdf(corpusFile('pdf/bug1811510.pdf'), { workDir: join(root, 'b'), ocrLanguages: ['eng'] });
  const text = r.sections.map((s) => s.text).join('\n');
  assert.match(text, /5,25/);
  assert.doesNotMatch(text, /Text\s?294:/);
});

test('the label is the tooltip, else a name made of words', () => {
  assert.equal(fieldLabel({ name: 'Text12', tooltip: 'Customer name' }), 'Customer name');
  assert.equal(fieldLabel({ name: 'form1.amount_due', tooltip: '' }), 'amount due');
  assert.equal(fieldLabel({ name: 'Check Box3', tooltip: '' }), null);
  assert.equal(fieldLabel({ name: '{63ae17a7-3b94-40bb-a6f5-d35904a3b4f9}', tooltip: '' }), null);
  assert.deepEqual(fieldLines([{ name: 'Phone', tooltip: 'Phone number:', value: '020 7946 0018', kind: 'Tx' }, { name: 'Text1', tooltip: '', value: 'x', kind: 'Tx' }]), ['Phone number: 020 7946 0018']);
});
