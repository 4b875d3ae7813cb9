import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../foundation/errors';
import { INVALID_KEYS } from '../../testing/object-store-contract';
import {
  assertValidKey,
  assertValidRange,
  folderOf,
  isValidKey,
  MAX_FILE_NAME_LENGTH,
  safeFileName,
} from './key-check';

const isValidation = (e: unknown) => e instanceof AppError && e.code === 'validation';
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('safeFileName', () => {
  it('keeps Hebrew letters and the extension, spaces become underscores', () => {
    assert.equal(safeFileName('דוח שנתי 2024.pdf'), 'דוח_שנתי_2024.pdf');
    assert.equal(safeFileName('מצגת.PPTX'), 'מצגת.PPTX');
    assert.equal(safeFileName('e\u0301te\u0301.txt'), 'été.txt', 'normalised to NFC');
  });

  it('drops every folder part, whatever the separator', () => {
    assert.equal(safeFileName('../../etc/passwd'), 'passwd');
    assert.equal(safeFileName('C:\\Users\\dan\\שלום.docx'), 'שלום.docx');
    assert.equal(safeFileName('a/b\\c/..'), 'file');
  });

  it('removes control, bidi and shell-special characters and leading dots', () => {
    assert.equal(safeFileName('a\u0000b\nc\td\u001b\u007f\u0085.txt'), 'abcd.txt');
    assert.equal(safeFileName('invoice\u202Efdp.exe'), 'invoicefdp.exe');
    assert.equal(safeFileName('\u200Fשלום\u200E.pdf'), 'שלום.pdf');
    assert.equal(safeFileName('a<b>c:d"e|f?g*h%2e#.pdf'), 'abcdefgh2e.pdf');
    assert.equal(safeFileName('..hidden.pdf'), 'hidden.pdf');
    assert.equal(safeFileName('.bashrc'), 'file.bashrc');
  });

  it('falls back to a name when nothing usable is left, keeping the extension', () => {
    assert.equal(safeFileName(''), 'file');
    assert.equal(safeFileName('...'), 'file');
    assert.equal(safeFileName('<>.pdf'), 'file.pdf');
    assert.equal(safeFileName('???', 'upload'), 'upload');
    assert.equal(safeFileName('<>.PPTX', 'presentation.pptx'), 'presentation.pptx', 'no doubled extension');
  });

  it('caps the length in UTF-8 bytes, keeps the extension and never splits a character', () => {
    const hebrew = safeFileName(`${'א'.repeat(300)}.pdf`);
    assert.ok(bytes(hebrew) <= MAX_FILE_NAME_LENGTH, `${bytes(hebrew)} bytes`);
    assert.match(hebrew, /^א+\.pdf$/);
    const emoji = safeFileName(`${'😀'.repeat(100)}.png`);
    assert.ok(bytes(emoji) <= MAX_FILE_NAME_LENGTH);
    assert.match(emoji, /^(😀)+\.png$/u, 'no half surrogate pair');
    assert.equal(safeFileName(`${'x'.repeat(500)}.verylongextension`).length, MAX_FILE_NAME_LENGTH);
  });

  it('always gives a valid key segment, even for hostile names', () => {
    const hostile = ['..', '.', '%2e%2e', '/etc/passwd', 'C:\\x', 'a\u0000', '\u202e', ' ', '\n\n', 'x'.repeat(5000), '日本語'.repeat(200), ...INVALID_KEYS];
    for (const name of hostile) assertValidKey(`uploads/${safeFileName(name)}`);
  });
});

describe('assertValidKey', () => {
  it('accepts ordinary keys in any script', () => {
    for (const key of ['docs/a.pdf', 'מסמכים/דוח שנתי.pdf', 'a/b/c/d.txt', 'images/doc-1/page 3.png', 'a..b/...', '100%.pdf', 'top.txt']) {
      assert.doesNotThrow(() => assertValidKey(key), key);
      assert.equal(isValidKey(key), true);
    }
  });

  it('refuses traversal, encoded traversal, absolute paths, control and bidi characters, empty segments and long keys', () => {
    for (const key of INVALID_KEYS) {
      assert.throws(() => assertValidKey(key), isValidation, JSON.stringify(key.slice(0, 40)));
      assert.equal(isValidKey(key), false);
    }
  });

  it('refuses what is not a string, and a segment too long for a file system', () => {
    for (const key of [undefined, null, 42, {}, ['a']]) assert.throws(() => assertValidKey(key), isValidation);
    assert.throws(() => assertValidKey(`a/${'x'.repeat(256)}`), isValidation);
    assert.doesNotThrow(() => assertValidKey(`a/${'x'.repeat(255)}`));
    assert.throws(() => assertValidKey('a/report%E2.pdf'), isValidation, 'broken percent-encoding');
  });
});

describe('key helpers', () => {
  it('folderOf gives the first segment or (root)', () => {
    assert.equal(folderOf('docs/a/b.pdf'), 'docs');
    assert.equal(folderOf('top.txt'), '(root)');
  });

  it('assertValidRange accepts whole byte offsets and refuses negative, fractional or reversed ones', () => {
    for (const r of [undefined, {}, { start: 0 }, { end: 5 }, { start: 3, end: 3 }]) assert.doesNotThrow(() => assertValidRange(r));
    for (const r of [{ start: -1 }, { start: 1.5 }, { end: Number.NaN }, { start: 5, end: 4 }]) {
      assert.throws(() => assertValidRange(r), isValidation, JSON.stringify(r));
    }
  });
});
