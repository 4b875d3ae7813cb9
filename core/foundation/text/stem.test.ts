import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arabicForms, foldHebrewFinals, hebrewForms, stem, truncationStem } from './stem';

test('Hebrew forms meet across final letters, clitics, endings and verb prefixes ("נמשכת" / "משך")', () => {
  assert.equal(foldHebrewFinals('משך זמן'), 'משכ זמנ');
  const lasts = hebrewForms('נמשכת');
  const duration = hebrewForms('משך');
  assert.ok(lasts.some((f) => duration.includes(f)), `${lasts} / ${duration}`);
  assert.ok(hebrewForms('המשימות').includes('משימ'));
  assert.ok(hebrewForms('משימה').includes('משימ'));
  assert.equal(hebrewForms('נמשכת')[0], 'נמשכת', 'the word itself comes first');
  assert.ok(hebrewForms('ספר').every((f) => f.length >= 3), 'no form shorter than a root');
});

test('Arabic forms drop clitics, endings and verb prefixes down to three letters', () => {
  const forms = arabicForms('والمهمه');
  assert.ok(forms.includes('مهمه'));
  assert.ok(arabicForms('المهمات').some((f) => arabicForms('مهمه').includes(f)), 'plural with article and singular meet');
  assert.ok(arabicForms('المهمات').every((f) => f.length >= 3));
});

test('languages without a Snowball stemmer cut long words of an alphabet to six letters; syllables and ideographs stay whole', () => {
  assert.equal(truncationStem('κινητήρα'), 'κινητή');
  assert.equal(truncationStem('κινητήρες'), 'κινητή');
  assert.equal(stem('κινητήρα', 'el'), stem('κινητήρες', 'el'));
  assert.equal(stem('instalacji', 'pl'), stem('instalacja', 'pl'));
  assert.equal(truncationStem('motor'), 'motor');
  assert.equal(stem('nghiêng', 'vi'), 'nghiêng');
  assert.equal(stem('取扱説明書です', 'ja'), '取扱説明書です');
  assert.equal(stem('running', 'en'), 'run', 'Snowball languages keep their stemmer');
});
