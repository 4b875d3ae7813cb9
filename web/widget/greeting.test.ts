import assert from 'node:assert/strict';
import { test } from 'node:test';
import { greetingSuits } from './strings';

test('per-language widget greeting: the settings\' English greeting is not shown to Hebrew visitors (they are greeted in Hebrew)', () => {
  assert.equal(greetingSuits('Welcome to AuraShade! How can I help?', 'he'), false);
  assert.equal(greetingSuits('Welcome to AuraShade! How can I help?', 'en'), true);
  assert.equal(greetingSuits('Bienvenue !', 'fr'), true);
});

test('a Hebrew greeting greets Hebrew visitors, and only them', () => {
  assert.equal(greetingSuits('ברוכים הבאים ל-AuraShade', 'he'), true);
  assert.equal(greetingSuits('ברוכים הבאים ל-AuraShade', 'en'), false);
  assert.equal(greetingSuits('Добро пожаловать', 'ru'), true);
  assert.equal(greetingSuits('Добро пожаловать', 'he'), false);
});
