import assert from 'node:assert/strict';
import { test } from 'node:test';
import { askedTerms, isFrameTerm, questionCoverage, questionPlace, slotFilled, slotSpellings, withoutPlaceWords } from './question-frame';
import { contentTerms, passageTermSet } from './terms';

const terms = (q: string, lang = 'en') => contentTerms(q, lang);
const term = (w: string, lang = 'en') => contentTerms(w, lang)[0];

test('words naming the asking or the container are frame words; content words are not', () => {
  for (const w of ['shown', 'listed', 'table', 'slide', 'form', 'kinds']) assert.ok(isFrameTerm(term(w), 'en'), w);
  for (const w of ['alignments', 'underline', 'telephone', 'warranty', 'state']) assert.ok(!isFrameTerm(term(w), 'en'), w);
  for (const w of ['בטופס', 'רשום', 'מופיעים']) assert.ok(isFrameTerm(term(w, 'he'), 'he'), w);
  assert.ok(!isFrameTerm(term('המחלקה', 'he'), 'he'));
});

test('the asked terms leave frame words out, unless the question has nothing else', () => {
  assert.deepEqual(askedTerms(terms('Which paragraph alignments are shown?'), 'en').map((t) => t[0]), [term('alignments')[0]]);
  assert.equal(askedTerms(terms('Which kinds of underline are listed?'), 'en').length, 1);
  assert.equal(askedTerms(terms('What is listed in the table?'), 'en').length, 2);
});

test('a slot word is filled by a value of its kind written otherwise, and only by one', () => {
  assert.ok(slotFilled(term('telephone'), 'Tél : +33 (0)2 50 01 14 20', 'en'));
  assert.ok(!slotFilled(term('telephone'), 'Published in 2009 by 3 authors.', 'en'));
  assert.ok(slotFilled(term('date'), 'Datum: 2023-06-15 12:05:50', 'en'));
  assert.ok(!slotFilled(term('date'), 'Version 3 of the form.', 'en'));
  assert.ok(slotFilled(term('מספר', 'he'), 'עובד:11 אגף:00 01001 מחלקה :', 'he'));
  assert.ok(slotFilled(term('email'), 'Write to support@example.com for help.', 'en'));
  assert.ok(!slotFilled(term('alignment'), 'Center aligned 12.', 'en'));
});

test('coverage: "Tél" (the abbreviation) answers "telephone" and the phone number half-answers "number"; a question about something else stays uncovered', () => {
  const text = 'Tél : +33 (0)2 50 01 14 20';
  const set = passageTermSet(text, 'fr', 'en');
  assert.deepEqual(questionCoverage(terms('What telephone number is given?'), set, text, 'en'), { matched: 1.5, ratio: 0.75 });
  const bare = '+33 (0)2 50 01 14 20';
  assert.deepEqual(questionCoverage(terms('What telephone number is given?'), passageTermSet(bare, 'fr', 'en'), bare, 'en'), { matched: 1, ratio: 0.5 });
  assert.ok(questionCoverage(terms('What is the customer support phone number?'), set, text, 'en').ratio < 0.5);
  const form = 'עובד:11 אגף:00 01001 מחלקה :';
  assert.ok(questionCoverage(terms('מה מספר המחלקה בטופס?', 'he'), passageTermSet(form, 'he', 'he'), form, 'he').ratio >= 0.5);
});

test('a date and a time are not a phone number', () => {
  assert.ok(!slotFilled(term('phone'), 'E-SIGNED by tt tt on 2023-03-07 09:28:29 GMT', 'en'));
  assert.ok(!slotFilled(term('phone'), 'Valid from 01.02.2024 to 31.12.2025', 'en'));
  assert.ok(slotFilled(term('phone'), 'Call 03-555-1234 on 2024-02-01', 'en'));
});

test('the index is searched with the other spellings of a phone or e-mail word, never of "number" or "date"', () => {
  assert.match(slotSpellings(terms('What phone number does the document give?'), 'en'), /\btel\b.*téléphone/);
  assert.match(slotSpellings(terms('מה מספר הטלפון?', 'he'), 'he'), /telephone/);
  assert.equal(slotSpellings(terms('What is the invoice number and its date?'), 'en'), '');
});

test('"how many" and "how much" are filled by a count in figures or in words, not by a word inside a compound', () => {
  assert.ok(slotFilled(term('many'), 'Three hyperlinks: the first one here.', 'en'));
  assert.ok(slotFilled(term('much'), 'Sales: 1st Qtr 8.2', 'en'));
  assert.ok(!slotFilled(term('much'), 'YOUR One-Stop PARTS SOLUTION', 'en'));
});

test('a website word is filled by a web address or a domain name, in full', () => {
  assert.ok(slotFilled(term('website'), 'Foo Bar yahoo.com abc', 'en'));
  assert.ok(slotFilled(term('site'), 'See https://example.org/help', 'en'));
  assert.ok(!slotFilled(term('website'), 'Write to support@example.com', 'en'));
  const c = questionCoverage(terms('Which website is written on the slide?'), passageTermSet('yahoo.com', 'en', 'en'), 'yahoo.com', 'en');
  assert.equal(c.matched, 1);
});

test('the place a question names inside a document is not asked of the passage ("the second slide", "page 4")', () => {
  assert.equal(withoutPlaceWords('Where are the notes on the second slide placed?'), 'Where are the notes on the slide placed?');
  assert.equal(withoutPlaceWords('How many hyperlinks does the last paragraph have?'), 'How many hyperlinks does the paragraph have?');
  // A section, chapter, table or figure is numbered by the text itself ("First Page Header (section 2)"): its number stays.
  assert.equal(withoutPlaceWords('What is on page 4 of the 2nd section?'), 'What is on page  of the 2nd section?');
  assert.equal(withoutPlaceWords('What does the footer of the third section say?'), 'What does the footer of the third section say?');
  // Not a place: an ordinal before another noun, a section named in words.
  assert.equal(withoutPlaceWords('How much were the 3rd quarter sales?'), 'How much were the 3rd quarter sales?');
  assert.equal(withoutPlaceWords('What is special about section three?'), 'What is special about section three?');
});

test('words of the question\'s grammar ("besides", "itself", "comes") are not asked of the passage', () => {
  assert.deepEqual(askedTerms(terms('What comes after the page break?'), 'en').map((t) => t[0]), [term('break')[0]]);
  assert.ok(isFrameTerm(term('besides'), 'en') && isFrameTerm(term('itself'), 'en'));
});

test('the parts of a table a question points into ("the row under the heading", "the column") and "called", "printed" are frame words', () => {
  const asked = askedTerms(terms('What words are in the table row under the custom margins heading?'), 'en').map((t) => t[0]);
  assert.deepEqual(asked, [term('custom')[0], term('margins')[0]]);
  assert.deepEqual(askedTerms(terms('What is the style that makes a paragraph bigger called?'), 'en').map((t) => t[0]), ['style', term('makes')[0], term('bigger')[0]]);
});

test('"what time" is half-filled by a clock time', () => {
  assert.ok(slotFilled(term('time'), 'Datum: 2023-06-15 12:05:50', 'en'));
  assert.ok(!slotFilled(term('time'), 'at any point it needs to be used', 'en'));
});

test('the page or slide a question names is read from its words', () => {
  assert.deepEqual(questionPlace('What space after a paragraph is set on the second slide?'), { kind: 'slide', n: 2 });
  assert.deepEqual(questionPlace('On slide 2 of the axis deck, how much does Series 1 show?'), { kind: 'slide', n: 2 });
  assert.deepEqual(questionPlace('What is printed on page 6?'), { kind: 'page', n: 6 });
  assert.deepEqual(questionPlace('Which black point is set on the 3rd page?'), { kind: 'page', n: 3 });
  assert.equal(questionPlace('Which paging mode is the second one?'), null);
});
