import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FREE_TEXT_CODES, MESSAGES, paramsOf } from '@core/foundation/messages';
import { en } from '../locales/en';
import { he } from '../locales/he';
import { ApiError } from './api-client';
import { fillTemplate, wordError, wordMessage, wordReason, wordTitleLanguage } from './messages';

const HEBREW = /[\u0590-\u05FF]/;
const sorted = (t: string) => [...new Set(paramsOf(t))].sort();

test('every server message code has English and Hebrew wording with the same parameters', () => {
  // Free-text steps (an English label) have no template: every language shows their text.
  const codes = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).filter((c) => !FREE_TEXT_CODES.includes(c));
  assert.deepEqual(Object.keys(en.messages).sort(), [...codes].sort());
  assert.deepEqual(Object.keys(he.messages).sort(), [...codes].sort());
  for (const code of codes) {
    const h = (he.messages as Record<string, string>)[code]!;
    assert.equal((en.messages as Record<string, string>)[code], MESSAGES[code], `English of ${code} matches core`);
    assert.match(h, HEBREW, `${code} is worded in Hebrew`);
    assert.deepEqual(sorted(h), sorted(MESSAGES[code]), `${code} takes the same parameters in Hebrew`);
  }
});

test('Hebrew failure sentences end with their full stop, and no template starts with a Latin word', () => {
  for (const [code, text] of Object.entries(he.messages)) {
    if (code.startsWith('failure.')) assert.ok(text.endsWith('.'), code);
    assert.match(text, /^[\u0590-\u05FF{]/, `${code} starts in Hebrew`);
  }
});

test('Hebrew fills every parameter, each isolated so a file name keeps its direction', () => {
  const words = wordMessage('he', { code: 'pptx_slide', params: { slide: 6, slides: 28 } }, 'Reading slide 6 of 28');
  assert.equal(words, 'קורא שקופית \u20686\u2069 מתוך \u206828\u2069');
  const failure = wordMessage('he', { code: 'failure.encrypted', params: { file: 'guide.pdf' } }, 'The PDF "guide.pdf" is password-protected.');
  assert.ok(failure!.includes('\u2068guide.pdf\u2069'));
  assert.doesNotMatch(failure!, /\{\w+\}/);
  for (const [code, template] of Object.entries(he.messages)) {
    const params = Object.fromEntries(paramsOf(template).map((p) => [p, 'x']));
    assert.doesNotMatch(fillTemplate(template, params), /\{\w+\}/, code);
  }
});

test('English shows the server text; an unknown code falls back to it in Hebrew too; no code and no text is null', () => {
  assert.equal(wordMessage('en', { code: 'failure.damaged', params: { file: 'a.pdf' } }, 'The PDF "a.pdf" is damaged (bad xref).'), 'The PDF "a.pdf" is damaged (bad xref).');
  assert.equal(wordMessage('en', { code: 'reading_file', params: {} }, null), 'Reading the uploaded file');
  assert.equal(wordMessage('he', { code: 'something_new', params: {} }, 'Something new'), 'Something new');
  assert.equal(wordMessage('he', null, 'Reading slide 1 of 2'), 'Reading slide 1 of 2');
  assert.equal(wordMessage('he', null, null), null);
});

test('a parameter naming a language is worded too: no English language names in a Hebrew sentence', () => {
  const words = wordMessage('he', { code: 'translation.no_provider', params: { source: 'english', target: 'hebrew' } }, 'No translation provider for english → hebrew. Add a model.')!;
  assert.ok(words.includes('\u2068אנגלית\u2069') && words.includes('\u2068עברית\u2069'), words);
  assert.doesNotMatch(words, /english|hebrew/);
  assert.equal(wordTitleLanguage('he', 'Installation guide (spanish)'), 'Installation guide (ספרדית)');
  assert.equal(wordTitleLanguage('he', 'Guide (draft)'), 'Guide (draft)', 'only a language name is worded');
  assert.equal(wordTitleLanguage('en', 'Installation guide (spanish)'), 'Installation guide (Spanish)');
});

test('a job that completed with warnings is worded warning by warning in Hebrew; a warning the console cannot word shows the server text', () => {
  const text = 'Completed with warnings: 2 slide(s) listed in the presentation are missing from the file. Text in 3 image(s) was not read for lack of time.';
  const coded = {
    code: 'completed_with_warnings', params: { warnings: text.slice('Completed with warnings: '.length) },
    parts: [{ code: 'warning.slides_missing', params: { count: 2 } }, { code: 'warning.image_text_time', params: { count: 3 } }],
  };
  const words = wordMessage('he', coded, text)!;
  assert.ok(words.startsWith('הושלם עם אזהרות: '), words);
  assert.ok(words.includes('\u20682\u2069 שקופיות') && words.includes('\u20683\u2069 תמונות'), words);
  assert.doesNotMatch(words, /[A-Za-z]/);
  assert.equal(wordMessage('en', coded, text), text);
  assert.equal(wordMessage('he', { ...coded, parts: [...coded.parts, { code: 'warning.from_the_future', params: {} }] }, text), text);
});

test('a refused request is worded from its code in Hebrew, keeps the server text in English, and falls back to its error code', () => {
  const body = (o: object) => JSON.stringify(o);
  const coded = new ApiError(400, 'Bad Request', body({ error: 'validation', message: '"ftp://a.b/c" must be a site origin only (scheme, host and port), like https://www.example.com', coded: { code: 'refusal.origin_not_origin', params: { value: 'ftp://a.b/c' } } }));
  assert.match(wordError('he', coded), /^הכתובת "\u2068ftp:\/\/a\.b\/c\u2069" צריכה להיות מקור של אתר בלבד/);
  assert.equal(wordError('en', coded), '"ftp://a.b/c" must be a site origin only (scheme, host and port), like https://www.example.com');
  const bare = new ApiError(403, 'Forbidden', body({ error: 'forbidden', message: 'Editors may not manage accounts' }));
  assert.equal(wordError('en', bare), 'Editors may not manage accounts');
  assert.equal(wordError('he', bare), 'התפקיד שלך אינו מאפשר זאת.');
  const missing = new ApiError(404, 'Not Found', body({ error: 'not_found', message: 'Category 7 was not found', coded: { code: 'refusal.not_found', params: { id: 7 } } }));
  assert.equal(wordError('he', missing), 'הרשומה \u20687\u2069 לא נמצאה: ייתכן שנמחקה.');
  assert.equal(wordError('en', missing), 'Category 7 was not found');
  assert.equal(wordError('he', new ApiError(502, 'Bad Gateway', '<html>proxy</html>')), 'השרת נכשל בגלל שגיאה פנימית.');
  assert.equal(wordError('he', new TypeError('Failed to fetch')), 'לא ניתן היה להתחבר לשרת.');
  assert.equal(wordError('en', new ApiError(0, 'Network error', '')), 'The server could not be reached.');
  // An answer that is not what the console expected (a proxy's HTML page under 200) is not "could not be reached".
  const unreadable = new SyntaxError('Unexpected token < in JSON at position 0');
  assert.equal(wordError('en', unreadable), 'Unexpected token < in JSON at position 0');
  assert.equal(wordError('he', unreadable), 'השרת נכשל בגלל שגיאה פנימית.');
});

test('a refused translation request names the language in Hebrew, and the English keeps the server text with the item type', () => {
  const refused = new ApiError(400, 'Bad Request', JSON.stringify({
    error: 'validation', message: 'This document is already in spanish; choose another target language.',
    coded: { code: 'refusal.translation_same_language', params: { language: 'spanish' } },
  }));
  assert.equal(wordError('he', refused), 'הפריט כבר בשפה \u2068ספרדית\u2069; בחרו שפת יעד אחרת.');
  assert.equal(wordError('en', refused), 'This document is already in spanish; choose another target language.');
});

test('a refusal with a code (retrying an item that has not failed, a file imported already) is the reason a toast shows, its status worded in Hebrew', () => {
  const retry = new ApiError(409, 'Conflict', JSON.stringify({
    error: 'conflict', message: 'document 7 is processing; only failed items can be retried',
    coded: { code: 'refusal.retry_not_failed', params: { status: 'processing' } },
  }));
  assert.equal(wordReason('he', retry), 'הפריט \u2068בעיבוד\u2069; אפשר לנסות שוב רק פריטים שנכשלו');
  assert.equal(wordReason('en', retry), 'document 7 is processing; only failed items can be retried');
  const duplicate = new ApiError(409, 'Conflict', JSON.stringify({
    error: 'conflict', message: 'This file was already imported as document 3 ("Guide"). Use force to import it again.',
    coded: { code: 'refusal.file_duplicate', params: { title: 'Guide', id: 3 } },
  }));
  // The server's text advises API and CLI users ("Use force"): the console says it in its own terms in both languages.
  assert.equal(wordReason('he', duplicate), 'הקובץ הזה כבר נמצא בקטלוג בשם "\u2068Guide\u2069" (מזהה \u20683\u2069), ולכן לא הועלה שוב.');
  assert.equal(wordReason('en', duplicate), 'This file is already in the catalog as "\u2068Guide\u2069" (id \u20683\u2069), so it was not uploaded again.');
  assert.equal(wordError('en', duplicate), wordReason('en', duplicate));
  // No code, or one this console does not know: no reason of the server's (the toast keeps its own sentence).
  assert.equal(wordReason('he', new ApiError(409, 'Conflict', JSON.stringify({ error: 'conflict', message: 'Something clashed' }))), null);
  assert.equal(wordReason('he', new ApiError(409, 'Conflict', JSON.stringify({ error: 'conflict', message: 'New', coded: { code: 'refusal.from_the_future', params: {} } }))), null);
  assert.equal(wordReason('he', new TypeError('Failed to fetch')), null);
});
