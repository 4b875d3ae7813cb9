import assert from 'node:assert/strict';
import { test } from 'node:test';
import i18next from 'i18next';
import { en } from '../../../locales/en';
import { he } from '../../../locales/he';
import { describeChange, describeNote, describeTarget } from './describe-change';

async function translator(lng: 'en' | 'he') {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { en: { translation: en }, he: { translation: he } }, interpolation: { escapeValue: false } });
  return i.t.bind(i) as unknown as (k: string, o?: Record<string, unknown>) => string;
}

test('Hebrew: field names and values of a change are worded as the screen words them; a title stays as typed', async () => {
  const t = await translator('he');
  assert.deepEqual(describeChange({ title: 'Old guide', review: 'pending', audience: 'public' }, { title: 'New guide', review: 'approved', audience: 'staff' }, t), [
    { field: 'כותרת', before: 'Old guide', after: 'New guide', userText: true },
    { field: 'אישור', before: 'ממתין לאישור', after: 'מאושר', userText: false },
    { field: 'מי רשאי לראות', before: 'כולם (ציבורי)', after: 'צוות בלבד (מחוברים)', userText: false },
  ]);
  assert.deepEqual(describeChange(null, { targetLanguage: 'spanish', state: 'queued' }, t), [
    { field: 'שפת היעד', before: '—', after: 'ספרדית', userText: false },
    { field: 'מצב', before: '—', after: 'בתור', userText: false },
  ]);
  assert.deepEqual(describeChange({ 'cue 3': 'helo' }, { 'cue 3': 'hello' }, t), [{ field: 'כתובית 3', before: 'helo', after: 'hello', userText: true }]);
  assert.equal(describeTarget({ itemType: 'document', itemId: 12, target: 'document 12' }, t), 'מסמך 12');
  assert.equal(describeTarget({ target: 'widget' }, t), 'הגדרות הווידג׳ט');
  assert.deepEqual(describeNote('new version live', t), { text: 'הגרסה החדשה פעילה', userText: false });
  assert.deepEqual(describeNote('Draft prices', t), { text: 'Draft prices', userText: true });
});

test('English: the same change in English; fields that did not change are left out', async () => {
  const t = await translator('en');
  assert.deepEqual(describeChange({ title: 'A', description: 'same' }, { title: 'B', description: 'same' }, t), [{ field: 'Title', before: 'A', after: 'B', userText: true }]);
  assert.deepEqual(describeChange({ archived: false }, { archived: true }, t), [{ field: 'Archived', before: 'No', after: 'Yes', userText: false }]);
});

test('every field and state the product records has a name in both languages', () => {
  const fields = ['title', 'description', 'sourceLanguage', 'review', 'audience', 'validUntil', 'archived', 'version', 'live', 'targetLanguage', 'state', 'status', 'origins', 'title', 'color', 'greeting', 'translations', 'note', 'name', 'role', 'fileName', 'cue', 'approvedDate', 'approvedBy'];
  for (const lang of [en, he]) {
    const names = lang.audit.fields as Record<string, string>;
    assert.deepEqual(fields.filter((f) => !names[f]), []);
  }
});
