import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanText, garbageShare, hasGarbage, tokenGarbage } from './clean';

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

/** garbageShare with every token through the general rules (tokenGarbage), the ASCII shortcut left out. */
function garbageShareByRules(text: string): number {
  let total = 0;
  let bad = 0;
  for (const t of text.split(/\s+/).filter(Boolean)) {
    const judged = tokenGarbage(t);
    total += judged.chars;
    bad += judged.bad;
  }
  return total === 0 ? 0 : bad / total;
}

test('garbageShare judges plain ASCII words by the same rules as any other text', () => {
  // Deterministic pseudo-random tokens over printable ASCII, controls, accented letters and symbols.
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const alphabet = 'abcdefghijklmnopqrstuvwxyzAEIOUYBCDXZ0123456789-_.,;:!?#$%&*()[]{}\'"/\\@^~`|+=<>\u0003\u007féçßжΩש\uF0B7\u25A1';
  for (let round = 0; round < 300; round++) {
    const words = Array.from({ length: 1 + rand(12) }, () => Array.from({ length: 1 + rand(14) }, () => alphabet[rand(alphabet.length)]).join(''));
    const text = words.join(rand(2) ? ' ' : '\n');
    assert.equal(garbageShare(text), garbageShareByRules(text), JSON.stringify(text));
  }
  for (const text of ['Rhythm strengths', 'Xkcdfghj QWRTZPSD', 'a1b2', '....', '#$%&', 'e-mail: info@example.com', 'sdfghjkl', 'SDFGHY']) {
    assert.equal(garbageShare(text), garbageShareByRules(text), text);
  }
});
