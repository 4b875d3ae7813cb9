import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeMissing, formCannotAnswer, holdsQuestion, itemsMissing, titleLine } from './answer-form';

test('a title line answers no who/when/why question, but a label with its value or a list is no title (issue 34)', () => {
  assert.equal(titleLine('Power Sleep: Personal Sleep Study.'), true);
  assert.equal(formCannotAnswer('Who holds the copyright on the Power Sleep study?', 'Power Sleep: Personal Sleep Study. [1]'), true);
  assert.equal(formCannotAnswer('When was the study on dynamic receiver class distributions published?', 'Measurement and Application of Dynamic Receiver Class Distributions.'), true);
  assert.equal(formCannotAnswer('What is the conversion test about?', 'Testing PDF Conversion.'), false, 'a "what" question may be answered by a title');
  assert.equal(titleLine('General Terms Design, Experimentation, Measurement, Performance.'), false);
  assert.equal(titleLine('M. Zaleski, A. D. Brown, and K. Stoodley.'), false);
  assert.equal(titleLine('© Copyright 2010 Core Performance.'), false);
});

test('a form\'s own questions answer only a question about what it asks; a "why" needs a reason', () => {
  assert.equal(holdsQuestion('Did you eat anything before going to bed? If so, what? [1]'), true);
  assert.equal(formCannotAnswer('At what time should you go to bed?', 'Did you eat anything before going to bed? Having consistent sleep and wake times is a great way to stabilize your sleep cycles.'), true, 'a statement beside it does not make it an answer');
  assert.equal(formCannotAnswer('Why is it worth going to bed at the same times every day?', 'Did you eat anything before going to bed? If so, what?'), true);
  assert.equal(formCannotAnswer('Does the form ask whether you ate before going to bed?', 'Did you eat anything before going to bed?'), false);
  assert.equal(formCannotAnswer('Why does SpiderMonkey need to preempt the running user program?', 'SpiderMonkey, like many VMs, needs to preempt the user program periodically.'), true);
  assert.equal(formCannotAnswer('Why does SpiderMonkey preempt the user program?', 'It preempts the program periodically to schedule GC and to avoid locking up the host system.'), false);
  assert.equal(formCannotAnswer('Why is the page blank?', 'This page intentionally left blank.'), false);
});

test('a list asked by its size ("which five benchmarks") is not answered by a quote holding fewer items', () => {
  const sentence = 'For one of the benchmark programs we execute 25 times faster than the SpiderMonkey interpreter.';
  assert.equal(itemsMissing('Which five benchmarks trace very well yet stay slower than SFX or V8?', [sentence]), true);
  assert.equal(itemsMissing('Which five benchmarks trace well?', ['3d-raytrace, access-nbody, crypto-aes, bitops-nsieve-bits and string-fasta trace well.']), false);
  assert.equal(itemsMissing('What are the 3 steps?', ['Unpack.', 'Mount the bracket.', 'Pair the hub.']), false);
  assert.equal(itemsMissing('Which benchmarks trace well?', [sentence]), false, 'no size asked');
});

test('"which function" is answered only by a quote holding a code name', () => {
  const q = 'Which runtime function does the LIR snippet call to write an array element?';
  assert.equal(codeMissing(q, '// call function to set array element: // clean up extra stack space.'), true);
  assert.equal(codeMissing(q, 'v2 = call js_Array_set(v0, v1). // call function to set array element'), false);
  assert.equal(codeMissing('Which benchmark is fastest?', 'the plain one'), false);
});
