/**
 * Tells what a file really is from its first bytes (and, for ZIP files, the
 * names in its central directory). Reads a few KiB at most, whatever the
 * file size.
 */
import { open } from 'node:fs/promises';
import { refusal } from '../foundation/messages';
import type { FileHead } from './format';
import { FORMATS, formatNames, formatOfKind, labelOf } from './index';
import { mimeForExt } from './mime';
import { readZipDirectory } from '../foundation/tools/zip-read';

/** A format's kind (core/formats/index.ts), or a ZIP that is no format of ours, or anything else. */
export type SniffKind = string;

export interface SniffResult {
  kind: SniffKind;
  mime: string;
  /** What the content is, in words, for messages: "PNG image data", "plain text". */
  description: string;
  /** A ZIP whose directory cannot be read (truncated upload, damaged archive). */
  damaged?: boolean;
}

const HEAD_BYTES = 4096;

const result = (kind: SniffKind, description: string, mime = formatOfKind(kind)?.mime ?? mimeForExt(kind)): SniffResult => ({ kind, mime, description });

/**
 * What a file is, from the formats' recognisers in registry order; a ZIP's
 * names are read once for the Office formats. `fileName` tells text
 * formats apart (a Markdown file is text named .md).
 */
export async function sniffFile(path: string, fileName?: string): Promise<SniffResult> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const bytes = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await fh.read(bytes, 0, bytes.length, 0);
    if (size === 0) return result('unknown', 'empty (0 bytes)');
    const head: FileHead = { bytes, ascii: bytes.toString('latin1'), size, fileName, text: asText(bytes) };
    const zip = head.ascii.startsWith('PK\x03\x04') || head.ascii.startsWith('PK\x05\x06');
    if (zip) {
      try {
        head.zipNames = new Set((await readZipDirectory(fh, size, 'The file')).map((e) => e.name.toLowerCase()));
      } catch {
        return { ...result('zip', 'a damaged or incomplete ZIP archive'), damaged: true };
      }
    }
    for (const format of FORMATS) {
      const found = format.recognize(head);
      if (found) return { kind: format.kind, mime: found.mime ?? format.mime, description: found.description };
    }
    if (head.zipNames) {
      const names = head.zipNames;
      if (names.has('xl/workbook.xml')) return result('zip', 'an Excel workbook (XLSX)', mimeForExt('xlsx'));
      if (names.has('mimetype') && names.has('content.xml')) return result('zip', 'an OpenDocument file (ODT/ODP)', 'application/vnd.oasis.opendocument');
      return result('zip', 'a ZIP archive');
    }
    return describeOther(bytes);
  } finally {
    await fh.close();
  }
}

/** The start of a file as text, when it is UTF-8 text (a multi-byte character may be cut at the end of the sample). */
function asText(head: Buffer): string | undefined {
  const text = head.subarray(0, head.length === HEAD_BYTES ? HEAD_BYTES - 4 : head.length).toString('utf8');
  return !text.includes('\uFFFD') && !/[\x00-\x08\x0e-\x1f]/.test(text) ? text : undefined;
}

function describeOther(head: Buffer): SniffResult {
  const ascii = head.toString('latin1');
  if (head.length >= 8 && head.readUInt32BE(0) === 0xd0cf11e0 && head.readUInt32BE(4) === 0xa1b11ae1) {
    return result('unknown', 'a legacy Microsoft Office file (old .doc/.ppt format, or a password-protected Office document)', 'application/x-ole-storage');
  }
  if (ascii.startsWith('Rar!')) return result('unknown', 'a RAR archive', 'application/vnd.rar');
  if (ascii.startsWith('7z\xbc\xaf\x27\x1c')) return result('unknown', 'a 7-Zip archive', 'application/x-7z-compressed');
  if (head[0] === 0x1f && head[1] === 0x8b) return result('unknown', 'gzip-compressed data', 'application/gzip');
  if (/^M4[ABP] /.test(ascii.slice(8, 12)) && ascii.startsWith('ftyp', 4)) return result('unknown', 'MP4 audio (no video)', 'audio/mp4');
  if (ascii.startsWith('\x1aE\xdf\xa3')) return result('unknown', 'a WebM/Matroska video', 'video/webm');
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'AVI ') return result('unknown', 'an AVI video', 'video/x-msvideo');
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') return result('unknown', 'WAV audio', 'audio/wav');
  if (ascii.startsWith('ID3') || (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0)) return result('unknown', 'MP3 audio', 'audio/mpeg');
  if (ascii.startsWith('{\\rtf')) return result('unknown', 'an RTF document', 'application/rtf');
  // A multi-byte character may be cut at the end of the sample.
  const text = head.subarray(0, head.length === HEAD_BYTES ? HEAD_BYTES - 4 : head.length).toString('utf8');
  if (!text.includes('\uFFFD') && !/[\x00-\x08\x0e-\x1f]/.test(text)) {
    if (/^\s*<(!doctype html|html)/i.test(text)) return result('unknown', 'an HTML page', 'text/html');
    if (/^\s*<\?xml|^\s*<svg/i.test(text)) return result('unknown', text.includes('<svg') ? 'an SVG image' : 'XML text', 'text/xml');
    return result('unknown', 'plain text', 'text/plain');
  }
  return result('unknown', 'unrecognised binary data');
}

/**
 * Throws unless the file is one of `expected`. The message names the file
 * and says what it really is, e.g.
 * 'The file "x.pdf" is not a PDF: its content is PNG image data'.
 * A DOCX/PPTX whose ZIP structure is broken gives 'corrupt_file' instead.
 */
export async function assertKind(path: string, expected: SniffKind[], fileName: string): Promise<SniffResult> {
  const found = await sniffFile(path, fileName);
  if (expected.includes(found.kind)) return found;
  const wanted = expected.map(labelOf).join(' or ');
  const office = expected.some((k) => k === 'docx' || k === 'pptx');
  if (found.damaged && office) {
    throw refusal('corrupt_file', 'refusal.file_zip_damaged', { file: fileName }, undefined, { sniffed: found });
  }
  throw refusal('unsupported_type', 'refusal.file_wrong_type', { file: fileName, formats: formatNames(expected) }, `The file "${fileName}" is not ${wanted}: its content is ${found.description}`, {
    sniffed: found.kind, mime: found.mime,
  });
}

/** The extension (no dot) an image's bytes call for: png, jpg, gif or webp; undefined when they are none of these. */
export function imageExtensionOf(found: SniffResult): string | undefined {
  const format = formatOfKind(found.kind);
  return format?.itemType === 'image' ? format.extensions[0]!.slice(1) : undefined;
}

/**
 * A file name whose extension says what the bytes are ("image-8.jpg" holding
 * PNG data becomes "image-8.png"); a name whose extension already fits
 * (".jpeg" for JPEG data) is kept.
 */
export function nameForContent(fileName: string, found: SniffResult): string {
  const format = formatOfKind(found.kind);
  if (!format) return fileName;
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  if (format.extensions.includes(ext)) return fileName;
  return `${ext && dot > 0 && ext.length <= 6 ? fileName.slice(0, dot) : fileName}${format.extensions[0]}`;
}

export interface ImageSize { width: number; height: number }

/** Width and height from a PNG, JPEG, GIF or WebP header; undefined when unknown. */
export async function readImageSize(path: string): Promise<ImageSize | undefined> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return imageSizeFromBytes(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

export function imageSizeFromBytes(b: Buffer): ImageSize | undefined {
  if (b.length >= 24 && b.toString('latin1', 0, 8) === '\x89PNG\r\n\x1a\n') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 10 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) {
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let p = 2;
    while (p + 9 < b.length) {
      if (b[p] !== 0xff) return undefined;
      const marker = b[p + 1] as number;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) { p += marker === 0xff ? 1 : 2; continue; }
      const len = b.readUInt16BE(p + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: b.readUInt16BE(p + 5), width: b.readUInt16BE(p + 7) };
      }
      p += 2 + len;
    }
  }
  return undefined;
}

/**
 * How an extractor names the file in a message: `The PDF "manual.pdf"` when
 * the name is known, else `This PDF`; lower-case for mid-sentence use.
 */
export function fileLabel(kindWord: string, fileName?: string, midSentence = false): string {
  const label = fileName ? `The ${kindWord} "${fileName}"` : `This ${kindWord}`;
  return midSentence ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
