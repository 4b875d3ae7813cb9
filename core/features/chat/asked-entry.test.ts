import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryMissing, questionEntries } from './asked-entry';

// The TraceMonkey paper's statistics table as extracted: a column of benchmark names, then the columns of figures.
const COLUMN = '3d-raytrace access-binary-trees access-fannkuch access-nbody date-format-tofte math-spectral-norm string-validate-input. Loops: 25.';

test('the entries a question names are its identifiers, not hyphenated words', () => {
  assert.deepEqual(questionEntries('How many recording aborts are listed for date-format-tofte?'), ['date format tofte']);
  assert.deepEqual(questionEntries('What is loaded together with the e-mail address?'), []);
  assert.deepEqual(questionEntries('Which runtime function does js_Array_set call?'), ['js array set']);
});

test('a figure asked of a named entry stands beside it in the quote, else the quote is no answer (issue 34)', () => {
  assert.equal(entryMissing('How many recording aborts are listed for date-format-tofte?', COLUMN, [COLUMN]), true, 'a column of names is not the row');
  assert.equal(entryMissing('How many traces does crypto-aes form?', 'access-nbody forms a large number of traces (81).', ['access-nbody forms a large number of traces (81).']), true, 'another entry');
  assert.equal(entryMissing('How many traces does access-nbody form?', 'access-nbody forms a large number of traces (81).', []), false);
  assert.equal(entryMissing('How many traces did crypto-aes form?', 'crypto-aes 78 traces, 3 aborts.', []), false);
  // The entry named by the quoted passage (an invoice number in its header) is not the quote's to repeat.
  assert.equal(entryMissing('How much sales tax was charged on invoice INV-0046?', 'TOTAL SALES TAX 9.25%. 23.13.', ['Invoice INV-0046\nTOTAL SALES TAX 9.25%. 23.13.']), false);
});

test('a figure asked of an entry of a passage listing many entries needs the entry in the quote', () => {
  const table = 'Programs with many traces: access-nbody, crypto-aes, crypto-md5, string-fasta and 3d-raytrace.\naccess-nbody forms a large number of traces (81).';
  assert.equal(entryMissing('How many traces did crypto-aes form?', 'access-nbody forms a large number of traces (81).', [table]), true);
});
