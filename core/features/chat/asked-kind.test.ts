import assert from 'node:assert/strict';
import { test } from 'node:test';
import { askedValueKinds, holdsValueKind, missingKinds } from './asked-kind';

test('the kind of value asked is read from the question, in the languages the product answers in', () => {
  const cases: Array<[string, string[]]> = [
    ['What is the price of the M2 motor?', ['price']],
    ['How much does the hub cost?', ['price']],
    ['¿Cuánto cuesta el motor?', ['price']],
    ['Quel est le prix du moteur ?', ['price']],
    ['מה המחיר של המנוע?', ['price']],
    ['What is the fax number of the sales office?', ['phone']],
    ['Which number do I call for support? What is the phone number?', ['phone']],
    ['What is the support e-mail address?', ['email']],
    ['What is the website of the manufacturer?', ['url']],
    ['What percentage of traces were aborted?', ['percent']],
    ['In what year was the conference held?', ['year']],
    ['How many shades can the hub connect?', ['count']],
    ['¿Cuántos estores conecta el hub?', ['count']],
    ['How long does the installation take?', ['duration']],
    ['Who created LuaJIT?', ['person']],
    ['What is a trace tree?', []],
    ['Why does the motor stop?', []],
    // Words that only look like cues: "Snorkelwax installer rebate" asks for no value of a kind.
    ['Snorkelwax installer rebate', []],
  ];
  for (const [q, kinds] of cases) assert.deepEqual(askedValueKinds(q), kinds, q);
});

test('a value of the kind is recognised in a sentence, and its absence too', () => {
  assert.ok(holdsValueKind('Each copy costs $5.00.', 'price'));
  assert.ok(holdsValueKind('Le moteur coûte 249 €.', 'price'));
  assert.ok(!holdsValueKind('The motor is covered for five years.', 'price'));
  assert.ok(holdsValueKind('Fax: +33 2 50 01 14 21', 'phone'));
  assert.ok(!holdsValueKind('Printed on 2023-06-15 12:05:50', 'phone'), 'a date and a time are not a phone number');
  assert.ok(holdsValueKind('Write to support@example.com.', 'email'));
  assert.ok(holdsValueKind('See www.example.org for details.', 'url'));
  assert.ok(holdsValueKind('Aborted traces fell to 4%.', 'percent'));
  assert.ok(holdsValueKind('The workshop was held in 2009.', 'year'));
  assert.ok(!holdsValueKind('Series 4 has the highest value.', 'year'), 'a small number is not a year');
  assert.ok(holdsValueKind('It connects up to sixty-four shades; three at a time.', 'count'));
  assert.ok(holdsValueKind('LuaJIT was written by Mike Pall.', 'person'));
  assert.ok(!holdsValueKind('LuaJIT is a tracing JIT for Lua.', 'person'));
});

test('missingKinds names the kinds a quote does not hold', () => {
  assert.deepEqual(missingKinds('What is the fax number of support?', 'Support: call us on weekdays.'), ['phone']);
  assert.deepEqual(missingKinds('What is the fax number of support?', 'Fax: 020 7946 0018'), []);
  assert.deepEqual(missingKinds('What is a trace?', 'A trace is a path through the program.'), []);
});

test('addresses, sizes and colours are asked and held', () => {
  assert.deepEqual(askedValueKinds("What is Bayside Wholesale's postal address?"), ['address']);
  assert.deepEqual(askedValueKinds('What font size is the Polish text set to?'), ['size']);
  assert.deepEqual(askedValueKinds('What colours does the gradient fill blend?'), ['colour']);
  assert.deepEqual(askedValueKinds('What discount does Orange Demo give for paying early?'), ['percent']);
  assert.ok(holdsValueKind('Orange Demo Inc., 23 Main Street, Springfield', 'address'));
  assert.ok(!holdsValueKind('Bayside Wholesale: e.g. State Tax ID.', 'address'));
  assert.ok(holdsValueKind('Paragraph spacing before: 6 pt.', 'size'));
  assert.ok(!holdsValueKind('Shape 2 – MSO_LANGUAGE_ID.POLISH.', 'size'));
  assert.ok(holdsValueKind('A gradient from blue to white.', 'colour'));
  assert.ok(!holdsValueKind('autoshape with gradient fill autoshape with patterned fill.', 'colour'));
});

test('a kind named as context, or "cost" meaning time, is not asked', () => {
  assert.deepEqual(askedValueKinds('How much of total execution time can transitions cost in a few programs?'), []);
  assert.deepEqual(askedValueKinds('How many cycles per bytecode does trace recording cost?'), ['count', 'measure']);
  assert.deepEqual(askedValueKinds('What is loaded from local storage together with the e-mail address?'), []);
  assert.deepEqual(askedValueKinds('What is the e-mail address of the support team?'), ['email']);
  assert.deepEqual(askedValueKinds('E-mail address for support?'), ['email']);
  assert.deepEqual(askedValueKinds('What does the hub cost?'), ['price']);
});

test('Hebrew numbers and time units in words hold a count or a duration ("כעשרים דקות")', () => {
  assert.deepEqual(askedValueKinds('כמה זמן נמשכת התקנת המנוע?'), ['duration']);
  assert.ok(holdsValueKind('התקנת המנוע נמשכת כעשרים דקות עם שני אנשים.', 'duration'));
  assert.ok(holdsValueKind('יש שלושה מנועים בערכה.', 'count'));
  assert.ok(holdsValueKind('Installation takes about twenty minutes.', 'duration'));
  assert.ok(!holdsValueKind('התקנת המנוע פשוטה.', 'duration'));
});

test('a figure answers "how many" only standing for itself: not in a name ("V8", "crypto-sha1"), a reference ("Figure 10") or the question', () => {
  const q = 'How many traces does crypto-sha1 form on V8?';
  assert.deepEqual(missingKinds(q, 'Figure 10 shows the speedups of V8 on crypto-sha1 and bitops-3bit-bits-in-byte.'), ['count']);
  assert.deepEqual(missingKinds(q, 'crypto-sha1 forms 12 traces.'), []);
});

test('"how long" is answered by a time or a length with its unit, not any figure ("3d rendering")', () => {
  assert.ok(!holdsValueKind('The programs do 3d rendering and bit-bashing.', 'duration'));
  assert.ok(holdsValueKind('Each program runs in under 250ms.', 'duration'));
  assert.ok(holdsValueKind('The cable is 2 m long.', 'duration'));
});

test('"how many megabytes" asks a figure in that unit; "1 or 2 traces" is none', () => {
  const q = "How many megabytes is TraceMonkey's code cache?";
  assert.deepEqual(missingKinds(q, 'TraceMonkey can cover the entire program with 1 or 2 traces.'), ['measure']);
  assert.deepEqual(missingKinds(q, 'The code cache is limited to 16 MB.'), []);
  assert.deepEqual(missingKinds('How many bits wide is a double?', 'a Number type of 64-bit floating-point numbers'), []);
  assert.deepEqual(missingKinds('How many kilograms can the motor lift?', 'It lifts blinds of up to twelve kilograms.'), []);
});

test('a name the question holds is not the person asked ("Who is the author of the Minimal Deck" / "Minimal Deck: ...")', () => {
  assert.deepEqual(missingKinds('Who is the author of the Minimal Deck presentation?', 'Minimal Deck: Single slide, “White” template.'), ['person']);
  assert.deepEqual(missingKinds('Who is the author of the Minimal Deck presentation?', 'Minimal Deck, by Steve Canny.'), []);
  assert.ok(!holdsValueKind('Apple’s SquirrelFish Extreme is based on call threading.', 'person'), 'a word glued to another is no name');
});

test('"how much money" asks a price', () => {
  assert.deepEqual(askedValueKinds('How much money did Sun Microsystems contribute to the project?'), ['price']);
});

test('a four-digit year or a reference number "[13]" counts nothing, unless years are asked about (issue 34)', () => {
  assert.deepEqual(missingKinds('How many pages long is the thesis?', 'In Master’s Thesis, 2004. [18] T. Suganuma.'), ['count']);
  assert.deepEqual(missingKinds('How many pages long is the thesis?', 'The thesis runs to 212 pages, 2004.'), []);
  assert.ok(holdsValueKind('The study ran from 2004 to 2008.', 'count', 'How many years did the study take?'));
});
