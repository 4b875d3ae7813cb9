import assert from 'node:assert/strict';
import { test } from 'node:test';
import { askedExpansion, askedHead, headMissing, spellsOut } from './asked-head';

test('the thing a question asks for by name is read from its noun group', () => {
  const cases: Array<[string, string[] | null]> = [
    ['What was the subtotal on invoice INV-0046 before sales tax?', ['subtotal']],
    ['Which hotel in Dublin hosted the conference?', ['hotel']],
    ['Which hotel hosted the conference?', ['hotel']],
    ['In which journal did Suganuma publish the technique?', ['journal']],
    ['What general terms are the paper filed under?', ['general', 'terms']],
    ['What speedup does V8 reach?', ['speedup']],
    // Generic words, counts and participles name no thing.
    ['What is the main reason for the slowdown?', null],
    ['Which two of the authors are with Adobe?', null],
    ['What is the ACM ISBN printed in the notice?', ['acm', 'isbn']],
    ['What is the subtitle of the deck?', null],
    ['What is the section about document structures called in 1.1?', null],
    ['Why does the motor stop?', null],
  ];
  for (const [q, head] of cases) assert.deepEqual(askedHead(q), head, q);
});

test('a quote that neither names the asked thing nor holds a value standing for it misses it', () => {
  assert.equal(headMissing('What was the subtotal on invoice INV-0046?', 'TOTAL SALES TAX 9.25%. 23.13.', []), true);
  assert.equal(headMissing('What was the subtotal on invoice INV-0046?', 'SUBTOTAL 250.00', []), false);
  // A figure, not the word, answers "what speedup".
  assert.equal(headMissing('What speedup does V8 reach on crypto-aes?', 'Figure 10 shows the relative speedups of V8.', []), true);
  assert.equal(headMissing('What speedup does V8 reach on crypto-aes?', 'V8 reaches a 3.2x speedup on crypto-aes.', []), false);
  // A place, a symbol, an organisation stand for their word.
  assert.equal(headMissing("In which town is Orange Demo's office?", 'Registered Office: 23 Main Street, Oaktown, NY.', []), false);
  assert.equal(headMissing('What symbol stands for the centre of gravity?', 'the center of gravity (XCG) of a wing segment', []), false);
  // An acronym names a code often printed bare: a figure stands for it.
  assert.equal(headMissing('What is the ACM ISBN printed in the notice?', 'Copyright c 2009 ACM 978-1-60558-392-1/09/06', []), false);
  // A value kind asked ("what e-mail address") is judged by its own check.
  assert.equal(headMissing('What e-mail address is given for the author?', 'mohammad.r.haghighat@intel.com', []), false);
});

test('"what does FFI mean" is answered only by a quote spelling it out (initials or a definition in place)', () => {
  assert.equal(askedExpansion('What does FFI mean in the TraceMonkey paper?'), 'FFI');
  assert.equal(askedExpansion('What is the full form of LIR?'), 'LIR');
  assert.equal(askedExpansion('What does the hub do?'), null);
  assert.equal(spellsOut('FFI', 'TraceMonkey must support this FFI in order to speed up code.'), false);
  assert.equal(spellsOut('FFI', 'calls through the foreign function interface'), true);
  assert.equal(spellsOut('JIT', 'a trace-based just-in-time compiler'), true);
  assert.equal(spellsOut('TSSA', 'In trace-flavored SSA (or TSSA), phi nodes appear only at the entry point.'), true);
});
