import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanText, garbageShare, hasGarbage } from './clean';

test('control characters stored where spaces were become spaces', () => {
  assert.equal(cleanText('User\u0003acceptance\u0003of\u0003mandated\u001ftechnology'), 'User acceptance of mandated technology');
  assert.equal(cleanText('a\u0000b\u007fc\u0085d'), 'a b c\nd');
});

test('private-use glyphs, replacement characters and box glyphs inside words are removed', () => {
  assert.equal(cleanText('text with symbol \uF0BF in the middle'), 'text with symbol in the middle');
  assert.equal(cleanText('bullet\uF0B7 item \uFFFD'), 'bullet item');
  assert.equal(cleanText('User\u25A1acceptance'), 'User acceptance');
  assert.equal(cleanText('\u25A1\u25A1\u25A1\u25A1 heading'), 'heading');
});

test('exotic spaces, line separators and bidi controls are normalised; Hebrew, CJK and emoji stay', () => {
  assert.equal(cleanText('a\u2003b\u3000c\u2028d'), 'a b c\nd');
  assert.equal(cleanText('\u202bשלום עולם\u202c'), 'שלום עולם');
  assert.equal(cleanText('取扱説明書 😀 ok'), '取扱説明書 😀 ok');
});

test('hasGarbage finds what no answer, caption or chunk may show', () => {
  assert.equal(hasGarbage('User\u0003acceptance'), true);
  assert.equal(hasGarbage('a \uF0B7 b'), true);
  assert.equal(hasGarbage('a \uFFFD b'), true);
  assert.equal(hasGarbage('User\u25A1acceptance'), true);
  assert.equal(hasGarbage('Line one\nline two\ttabbed, ☐ unchecked box'), false);
});

test('garbageShare is high for symbol soup and vowel-less runs, low for prose in any script', () => {
  assert.ok(garbageShare("#$%&'*+! #$%&'*+\" #$%&'*+# Ǳ") > 0.8);
  assert.ok(garbageShare('Xkcdfghj Qwrtzpsd Mnbvcxzl Hjklqwrt') > 0.9);
  assert.ok(garbageShare('The hub connects to your home network over Wi-Fi, 2.4 GHz.') < 0.05);
  assert.ok(garbageShare('Straßenbahn Rhythmus Pflicht Schritt') < 0.05);
  assert.ok(garbageShare('הרכזת מתחברת לרשת הביתית שלך') === 0);
  assert.ok(garbageShare('取扱説明書 モーターの設置') === 0);
});
