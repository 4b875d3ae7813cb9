import { AppError } from '../errors';

export const MAX_KEY_LENGTH = 1024;

/**
 * The one place object keys are checked. A key is `folder/name[/...]`:
 * relative, no empty, `.` or `..` segments (also when percent-encoded), no
 * backslashes, no control characters, at most MAX_KEY_LENGTH bytes.
 */
export function assertValidKey(key: unknown): asserts key is string {
  const bad = (why: string): never => {
    throw new AppError('validation', `Invalid object key: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) bad('the key is empty');
  const k = key as string;
  if (Buffer.byteLength(k, 'utf8') > MAX_KEY_LENGTH) bad(`the key is longer than ${MAX_KEY_LENGTH} bytes`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(k)) bad('the key contains control characters');
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
      if (seg === '' ) bad('the key has an empty path segment');
      if (seg === '.' || seg === '..') bad('the key contains a "." or ".." segment');
    }
    if (form.includes('\\') || /[\u0000-\u001f]/.test(form)) bad('the key contains forbidden characters');
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
 * extension and letters of any script: path separators, control characters
 * and leading dots are removed, length capped.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*%#]/g, '')
    .replace(/\s+/g, '_')
    .replace(/^\.+/, '');
  if (clean === '' || clean === '.' || clean === '..') clean = fallback;
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, 120 - ext.length) + ext;
  }
  return clean;
}

/** First path segment, the "folder" of the file manager. */
export function folderOf(key: string): string {
  const i = key.indexOf('/');
  return i === -1 ? '(root)' : key.slice(0, i);
}

const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

export function mimeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}
