import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { affiliationMarkers, answerTypes, askedCategory, countedThing, countsThing, excludedPart, holdsAnswerType, trailingMarker } from './answer-type';
import { createRagBot, type RagBot } from './rag';
import { addDocument, chunk, tempCatalog } from '../../testing/chat-fixtures';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let bot: RagBot;

const TAM = [
  'The Technology Acceptance Model is an information systems theory that models how users come to accept and use a technology.',
  'The model was proposed by Fred Davis in 1989.',
  'It says that perceived usefulness and perceived ease of use decide whether people adopt a technology.',
].join(' ');
const MISSION_HE = 'המשימה הראשונה היא הרכבת התושבות על הקיר. משך המשימה הוא 30 דקות. יש לבצע אותה בזוגות ולבדוק את הפלס.';

before(async () => {
  env = await tempCatalog();
  const tam = await addDocument(env.catalog, { title: 'Theories of technology adoption', language: 'en', fileName: 'tam.pdf' });
  const he = await addDocument(env.catalog, { title: 'הוראות עבודה', language: 'he', fileName: 'mission.pdf' });
  await env.index.upsert([
    chunk({ type: 'document', id: tam.id, title: tam.title }, 0, TAM, { page: 1, language: 'en' }),
    chunk({ type: 'document', id: he.id, title: he.title }, 0, MISSION_HE, { page: 1, language: 'he' }),
  ]);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => { await env.cleanup(); });

test('question types: who, when, how long, how many, in several languages', () => {
  assert.deepEqual(answerTypes('Who proposed it and when?'), ['date', 'person']);
  assert.deepEqual(answerTypes('How long does the installation take?'), ['duration']);
  assert.deepEqual(answerTypes('כמה זמן נמשכת המשימה?'), ['duration']);
  assert.deepEqual(answerTypes('ומתי זה קרה?'), ['date']);
  assert.deepEqual(answerTypes('How many shades can the hub control?'), ['quantity']);
  assert.deepEqual(answerTypes('Wie lange dauert es?'), ['duration']);
  assert.deepEqual(answerTypes('Кто это придумал?'), ['person']);
  assert.deepEqual(answerTypes('What is the Technology Acceptance Model?'), []);
});

test('sentences holding names, dates and durations are recognised', () => {
  assert.ok(holdsAnswerType('The model was proposed by Fred Davis in 1989.', 'person'));
  assert.ok(holdsAnswerType('The model was proposed by Fred Davis in 1989.', 'date'));
  assert.ok(holdsAnswerType('Davis (1989) describes two beliefs.', 'person'));
  assert.ok(!holdsAnswerType('The Technology Acceptance Model is an information systems theory.', 'person'));
  assert.ok(holdsAnswerType('משך המשימה הוא 30 דקות.', 'duration'));
  assert.ok(holdsAnswerType('Installation takes about 20 minutes.', 'duration'));
  assert.ok(!holdsAnswerType('Use a 4 mm hex key.', 'duration'));
});

test('an offline follow-up carries the earlier subject and quotes the sentence with the name and the year', async () => {
  const first = await bot.ask('What is the Technology Acceptance Model?', 'tam');
  assert.match(first.answer, /information systems theory/);
  const second = await bot.ask('Who proposed it and when?', 'tam');
  assert.equal(second.notFound, false);
  assert.match(second.answer, /Fred Davis in 1989/);
  assert.ok(!second.answer.startsWith('The Technology Acceptance Model is'), `not the first answer again: ${second.answer}`);
});

test('a Hebrew question with an inflected verb finds the sentence with the noun ("נמשכת" / "משך") and its duration', async () => {
  const direct = await bot.ask('מה משך המשימה?', 'he-1');
  assert.match(direct.answer, /משך המשימה הוא 30 דקות/);
  const inflected = await bot.ask('כמה זמן נמשכת המשימה?', 'he-2');
  assert.equal(inflected.notFound, false);
  assert.match(inflected.answer, /30 דקות/);
});

test('question parts: the counted thing, the asked category, what is excluded', () => {
  assert.equal(countedThing('How many instructions would the interpreter execute?'), 'instructions');
  assert.equal(countedThing('What is a trace?'), null);
  assert.equal(askedCategory('Which customer is the payment advice for?'), 'customer');
  assert.equal(askedCategory('What is the amount due?'), null);
  assert.equal(askedCategory('איזו חברה מייצרת את הרכזת?'), 'חברה');
  assert.equal(excludedPart('Which font is used besides the core font?').trim(), 'the core font');
  assert.equal(excludedPart('Which font is used?'), '');
  assert.deepEqual(answerTypes('Which company is Mohammad R. Haghighat from?'), ['organization']);
  assert.deepEqual(answerTypes('What is the value of Category 1?'), ['quantity']);
});

test('a number counting the asked thing, organisations, lists of names and affiliation marks are recognised', () => {
  assert.ok(countsThing('The 17 instructions compare favorably with the 100+ instructions of the interpreter.', 'instructions', 'en'));
  assert.ok(!countsThing('In Figure 11 we show the fraction of instructions interpreted.', 'instructions', 'en'));
  assert.ok(holdsAnswerType('Intel Corporation$', 'organization'));
  assert.ok(holdsAnswerType('University of California, Irvine+', 'organization'));
  assert.ok(!holdsAnswerType('The trace exits to the interpreter.', 'organization'));
  assert.ok(holdsAnswerType('Andreas Gal∗+ , Brendan Eich∗ , Mike Shaver∗ , David Anderson∗ ,', 'person'));
  assert.equal(trailingMarker('Intel Corporation$'), '$');
  assert.equal(trailingMarker('Intel Corporation'), null);
  assert.deepEqual([...affiliationMarkers('Andreas Gal∗+ , Mohammad R. Haghighat$ , Blake Kaplan∗', 'Which company is Mohammad R. Haghighat from?')], ['$']);
});

test('"at what time (of day)" asks for a date or time, and a clock time answers it', () => {
  assert.deepEqual(answerTypes('At what time of day was the Okular signature made?'), ['date']);
  assert.ok(holdsAnswerType('Datum: 2023-06-15 12:05:50', 'date'));
  assert.ok(holdsAnswerType('The doors open at 9 am.', 'date'));
  assert.ok(!holdsAnswerType('Digital signature from Okular here:', 'date'));
  assert.ok(!holdsAnswerType('Gamma 1.0', 'date'));
});

test('a value asked in a unit ("in degrees") asks for a figure', () => {
  assert.deepEqual(answerTypes('What room temperature in degrees does the sleep study advise for the bedroom?'), ['quantity']);
});
