import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../../locales/en';
import { TranslationWarnings } from './item-translations';

test('translation warnings on the card are a readable list, one warning a line, not a run-on paragraph', async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(createElement(TranslationWarnings, {
    warnings: [
      { unit: 3, message: 'A chart kept its English labels.' },
      { unit: null, message: 'The glossary term "AuraShade" was kept as it is.' },
    ],
  }));
  assert.match(html, /^<ul[^>]*data-testid="translation-warnings"[^>]*>/);
  const items = html.match(/<li>/g) ?? [];
  assert.equal(items.length, 2);
  assert.match(html, /<li><bdi[^>]*>3<\/bdi>: <span[^>]*>A chart kept its English labels\.<\/span><\/li>/);
  assert.doesNotMatch(html, /<\/span>; /, 'no warnings run together with semicolons');
  assert.equal(renderToStaticMarkup(createElement(TranslationWarnings, { warnings: [] })), '');
});
