import { AppError } from '../../foundation/errors';

export const MAX_KEY_LENGTH = 1024;
/** Longest folder or file name, in UTF-8 bytes (NAME_MAX of common file systems). */
export const MAX_SEGMENT_LENGTH = 255;
/** Longest name safeFileName returns, in UTF-8 bytes (room for prefixes like "12_"). */
export const MAX_FILE_NAME_LENGTH = 200;

/** C0, DEL and C1 control characters. */
const CONTROL = /\p{Cc}/u;
/** Bidi embeddings, overrides, isolates and marks: they make a name display as something else. */
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The one place object keys are checked. A key is `folder/name[/...]`:
 * relative, no empty, `.` or `..` segments (also when percent-encoded), no
 * backslashes, no control or bidi characters, at most MAX_KEY_LENGTH bytes and
 * MAX_SEGMENT_LENGTH bytes a segment.
 */
export function assertValidKey(key: unknown): asserts key is string {
  const bad = (why: string): never => {
    throw new AppError('validation', `Invalid object key: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) bad('the key is empty');
  const k = key as string;
  if (Buffer.byteLength(k, 'utf8') > MAX_KEY_LENGTH) bad(`the key is longer than ${MAX_KEY_LENGTH} bytes`);
  if (CONTROL.test(k)) bad('the key contains control characters');
  if (BIDI.test(k)) bad('the key contains bidirectional text controls');
  if (k.includes('\\')) bad('the key contains a backslash');
  if (k.startsWith('/') || /^[a-zA-Z]:/.test(k)) bad('the key is an absolute path');
  let decoded = k;
  try {
    for (let i = 0; i < 3 && /%[0-9a-fA-F]{2}/.test(decoded); i++) decoded = decodeURIComponent(decoded);
  } catch {
    bad('the key has broken percent-encoding');
  }
  for (const form of [k, decoded]) {
    for (const seg of form.split('/')) {
      if (seg === '') bad('the key has an empty path segment');
      if (seg === '.' || seg === '..') bad('the key contains a "." or ".." segment');
      if (Buffer.byteLength(seg, 'utf8') > MAX_SEGMENT_LENGTH) bad(`a path segment is longer than ${MAX_SEGMENT_LENGTH} bytes`);
    }
    if (form.includes('\\') || CONTROL.test(form) || BIDI.test(form)) bad('the key contains forbidden characters');
  }
}

export function isValidKey(key: unknown): key is string {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file name safe to use as the last segment of a key, keeping the
 * extension and letters of any script: path separators, control and bidi
 * characters and leading dots are removed, length capped at
 * MAX_FILE_NAME_LENGTH UTF-8 bytes without splitting a character.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}<>:"|?*%#]/gu, '')
    .replace(new RegExp(BIDI.source, 'gu'), '')
    .replace(/\s+/gu, '_');
  const dot = clean.lastIndexOf('.');
  const hasExt = dot >= 0 && clean.length - dot <= 10 && dot < clean.length - 1;
  const ext = hasExt ? clean.slice(dot) : '';
  const stem = (hasExt ? clean.slice(0, dot) : clean).replace(/^\.+/, '');
  if (stem === '') return ext === '' || fallback.toLowerCase().endsWith(ext.toLowerCase()) ? fallback : fallback + ext;
  return capBytes(stem, MAX_FILE_NAME_LENGTH - Buffer.byteLength(ext, 'utf8')) + ext;
}

/** The longest prefix of `s` (whole code points) that fits in `max` UTF-8 bytes. */
function capBytes(s: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    bytes += Buffer.byteLength(ch, 'utf8');
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** Checks a byte range of GetOptions: whole non-negative numbers, end not before start. */
export function assertValidRange(range: { start?: number; end?: number } | undefined): void {
  const { start, end } = range ?? {};
  for (const n of [start, end]) {
    if (n !== undefined && !(Number.isSafeInteger(n) && n >= 0)) {
      throw new AppError('validation', `Invalid byte range: ${n} is not a whole number of bytes >= 0`);
    }
  }
  if (start !== undefined && end !== undefined && end < start) {
    throw new AppError('validation', `Invalid byte range: it ends (${end}) before it starts (${start})`);
  }
}

/** First path segment, the "folder" of the file manager. */
export function folderOf(key: string): string {
  const i = key.indexOf('/');
  return i === -1 ? '(root)' : key.slice(0, i);
}
