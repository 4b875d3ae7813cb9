/**
 * DOCX extraction with mammoth: HTML with headings, walked into sections
 * with heading paths ("Guide > Installation steps", docx-blocks.ts); images written
 * byte-identical through convertImage. mammoth reads the package through
 * our guarded ZIP reader (core/foundation/tools/zip-read.ts), so a zip bomb is refused before
 * anything is inflated and no entry can inflate past its declared size.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { extForMime } from '../../formats/mime';
import mammoth from 'mammoth';
import { neutralizeDoctype } from '../../foundation/tools/xml-entities';
import { AppError, isAppError } from '../../foundation/errors';
import { readDocxExtraText, unwrapSimpleFields, type AltChunk, type DocxExtraText } from './docx-parts';
import { officeConvert } from '../../foundation/tools/render';
import { throwIfAborted } from '../../foundation/tools/exec';
import { nothingSearchable } from './notice';
import { ocrImages, usableOcrLanguages } from '../../foundation/tools/ocr';
import { cleanText } from '../../foundation/text/clean';
import { nearby } from '../../foundation/tools/tidy';
import { blocksToSections, htmlToBlocks, type Block } from './docx-blocks';
import { fileLabel, imageSizeFromBytes } from '../../formats/sniff';
import type { ExtractedImage, ExtractedSection, Extraction, ExtractOptions } from '../../formats/types';
import { openSafeZip, type SafeZip, type ZipLimits } from '../../foundation/tools/zip-read';
import { message, type Message } from '../../foundation/messages';

export { blocksToSections, htmlToBlocks } from './docx-blocks';

export interface DocxOptions extends ExtractOptions {
  fileName?: string;
  zipLimits?: Partial<ZipLimits>;
  /** Time budget for reading text inside images; 0 turns it off. Default 20 s. */
  imageOcrBudgetMs?: number;
  /** How deep this document sits in Word documents imported as altChunks (they are read to depth 3). */
  altChunkDepth?: number;
}

/** Vector pictures (EMF, WMF) Word keeps from Visio, Office drawings and old clip art: converted to PNG with LibreOffice. */
const vectorImageExt = (type: string) => {
  const t = type.toLowerCase();
  return /(?:^|[-/])emf$/.test(t) ? 'emf' : /(?:^|[-/])wmf$/.test(t) ? 'wmf' : undefined;
};


/** The pictures a document keeps, by their content type: PNG, JPEG, GIF, WebP, BMP (others are left out). */
const keptImageExt = (type: string) => {
  const ext = type.toLowerCase().startsWith('image/') ? extForMime(type) : undefined;
  return ext && ['png', 'jpg', 'gif', 'webp', 'bmp'].includes(ext) ? ext : undefined;
};

/** The zipfile shape mammoth reads from (its `{ file }` input). */
function mammothZip(zip: SafeZip) {
  return {
    exists: (name: string) => zip.has(name),
    read: async (name: string, encoding?: string) => {
      let data = await zip.read(name);
      // Entity declarations (XXE) are removed before mammoth's parser sees them: see xml-entities.ts.
      if (/\.(xml|rels)$/i.test(name) && data.includes('<!DOCTYPE')) data = Buffer.from(neutralizeDoctype(data.toString('utf8')), 'utf8');
      if (encoding === 'base64') return data.toString('base64');
      // mammoth drops w:fldSimple and its text: unwrap it so the field's displayed text is read.
      if (encoding) return /\.xml$/i.test(name) ? unwrapSimpleFields(new TextDecoder(encoding).decode(data)) : new TextDecoder(encoding).decode(data);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    },
    write: () => { throw new Error('read-only'); },
    toArrayBuffer: () => { throw new Error('read-only'); },
  };
}

/** A picture written from the document (EMF and WMF ones are turned into PNG when LibreOffice can). */
interface WrittenPicture { path: string; ext: string; width?: number; height?: number }

/** The pictures mammoth hands over, each distinct one written once into the work folder; `cms-image:<index>` in the HTML names it. */
interface DocxPictures {
  dir: string;
  written: WrittenPicture[];
  byHash: Map<string, number>;
  /** EMF and WMF pictures met. */
  vectors: number;
  /** Pictures in formats that are not kept. */
  skippedFormats: number;
}

type MammothImage = Parameters<Parameters<typeof mammoth.images.imgElement>[0]>[0];

export async function extractDocx(file: string, opts: DocxOptions): Promise<Extraction> {
  const label = fileLabel('Word document', opts.fileName);
  throwIfAborted(opts.signal);
  const zip = await openSafeZip(file, { label, limits: opts.zipLimits });
  const warnings: Message[] = [];
  const pictures: DocxPictures = { dir: join(opts.workDir, 'docx-images'), written: [], byHash: new Map(), vectors: 0, skippedFormats: 0 };
  const { html, extra } = await readPackage(zip, label, pictures, opts, warnings);
  if (pictures.vectors) await vectorsToPng(pictures.written, opts, warnings);
  if (pictures.skippedFormats) warnings.push(message('warning.images_unsupported', { count: pictures.skippedFormats }));
  opts.onProgress?.(1, 2, message('docx_structuring'));

  // Symbol-font glyphs (private use), control characters and odd spaces are not text.
  const blocks = htmlToBlocks(html).map((b) => ({ ...b, text: cleanText(b.text), ...(b.heading ? { heading: cleanText(b.heading) } : {}) }));
  const sections = blocksToSections(blocks);
  sections.push(...extraSections(sections.length, extra));
  // Imported chunks (w:altChunk): HTML, MHT or text Word shows as part of the body, which mammoth leaves out.
  sections.push(...(await altChunkSections(extra.altChunks, file, opts)));
  const images = placedImages(blocks, pictures.written);

  if (sections.length === 0) {
    // A picture in the page header is still a picture: the file completes with the "nothing searchable" note.
    if (images.length === 0 && extra.headerPictures === 0 && pictures.vectors === 0) {
      throw new AppError('validation', `${label} is empty: it has no text and no pictures.`, { details: { reason: 'no_text' } });
    }
  }
  const notice = sections.length === 0 ? nothingSearchable('docx') : undefined;

  const budget = opts.imageOcrBudgetMs ?? 20_000;
  if (budget > 0 && images.length > 0) {
    const { langs } = await usableOcrLanguages(opts.ocrLanguages);
    const r = await ocrImages(images, langs, { signal: opts.signal, budgetMs: budget });
    if (r.skippedForTime) warnings.push(message('warning.image_text_time', { count: r.skippedForTime }));
  }
  opts.onProgress?.(2, 2, message('extracted'));
  return notice ? { kind: 'docx', sections, images, warnings, notice } : { kind: 'docx', sections, images, warnings };
}

/**
 * Mammoth's HTML of the body (its pictures written as they come) and the
 * text mammoth does not read (docx-parts.ts); closes the package. A failure
 * that is not already worded is the file's damage.
 */
async function readPackage(zip: SafeZip, label: string, pictures: DocxPictures, opts: DocxOptions, warnings: Message[]): Promise<{ html: string; extra: DocxExtraText }> {
  try {
    opts.onProgress?.(0, 2, message('docx_reading'));
    const result = await mammoth.convertToHtml({ file: mammothZip(zip) } as unknown as { path: string }, {
      convertImage: mammoth.images.imgElement((image) => keepPicture(image, pictures, opts.signal)),
    });
    const html = result.value;
    const extra = await readDocxExtraText(zip);
    const problems = result.messages.filter((m) => m.type === 'error' || !/style|unrecognised|unsupported/i.test(m.message));
    for (const m of problems.slice(0, 5)) warnings.push(message('warning.word_import', {}, `Word import: ${m.message}`));
    return { html, extra };
  } catch (e) {
    if (isAppError(e) || (e as Error).name === 'AbortError') throw e;
    throw new AppError('corrupt_file', `${label} is damaged and cannot be read (${(e as Error).message}).`, { cause: e });
  } finally {
    await zip.close();
  }
}

/** Writes a picture mammoth read, once per distinct content; a format not kept gets an empty src. */
async function keepPicture(image: MammothImage, pictures: DocxPictures, signal?: AbortSignal): Promise<{ src: string }> {
  throwIfAborted(signal);
  const ext = keptImageExt(image.contentType) ?? vectorImageExt(image.contentType);
  if (!ext) { pictures.skippedFormats++; return { src: '' }; }
  if (ext === 'emf' || ext === 'wmf') pictures.vectors++;
  const data = await image.readAsBuffer();
  const hash = createHash('sha1').update(data).digest('hex');
  let index = pictures.byHash.get(hash);
  if (index === undefined) {
    await mkdir(pictures.dir, { recursive: true });
    index = pictures.written.length;
    const path = join(pictures.dir, `image-${String(index + 1).padStart(3, '0')}.${ext}`);
    await writeFile(path, data);
    pictures.written.push({ path, ext, ...imageSizeFromBytes(data) });
    pictures.byHash.set(hash, index);
  }
  return { src: `cms-image:${index}` };
}

/** The sections of text mammoth does not read, after the body's (`bodySections` of them). */
function extraSections(bodySections: number, extra: DocxExtraText): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  // Mammoth read nothing from the body: its own runs (ruby, a content control's placeholder, a field's result) are the text.
  if (bodySections === 0 && extra.bodyLines.length) sections.push({ text: cleanText(extra.bodyLines.join('\n')) });
  // Text mammoth does not read: SmartArt, headers and footers, comments.
  if (extra.diagrams.length) sections.push({ heading: 'Diagrams', text: cleanText(extra.diagrams.join('\n')) });
  if (extra.headersFooters.length) sections.push({ heading: 'Headers and footers', text: cleanText(extra.headersFooters.join('\n')) });
  if (extra.comments.length) sections.push({ heading: 'Comments', text: cleanText(extra.comments.join('\n')) });
  // Charts: their titles, series and category names, as a slide's charts are read.
  if (extra.charts.length) sections.push({ heading: 'Charts', text: cleanText(extra.charts.join('\n')) });
  return sections;
}

/** The pictures placed in the body, once each, with the text around them; one placed three or more times (a logo, a divider) is decoration. */
function placedImages(blocks: Block[], written: WrittenPicture[]): ExtractedImage[] {
  const images: ExtractedImage[] = [];
  const placed = new Set<number>();
  const uses = new Map<number, number>();
  for (const b of blocks) for (const index of b.images) uses.set(index, (uses.get(index) ?? 0) + 1);
  blocks.forEach((b, i) => {
    for (const index of b.images) {
      const img = written[index];
      // A vector picture LibreOffice could not turn into PNG counts as a picture of the file but is not kept.
      if (!img || placed.has(index) || img.ext === 'emf' || img.ext === 'wmf') continue;
      placed.add(index);
      if ((uses.get(index) ?? 0) >= 3) {
        images.push({ path: img.path, ext: img.ext, width: img.width, height: img.height, nearbyText: '', decorative: true });
        continue;
      }
      const around = [blocks[i - 1], b, blocks[i + 1]].filter((x): x is Block => !!x && !x.heading).map((x) => x.text).join(' ');
      images.push({ path: img.path, ext: img.ext, width: img.width, height: img.height, nearbyText: nearby(around) });
    }
  });
  return images;
}

/** Converts the EMF and WMF pictures written to PNG (one LibreOffice run); those it could not convert stay as they were. */
async function vectorsToPng(written: WrittenPicture[], opts: DocxOptions, warnings: Message[]) {
  const vector = written.filter((w) => w.ext === 'emf' || w.ext === 'wmf');
  const outDir = join(opts.workDir, 'docx-vector-png');
  try {
    await officeConvert(vector.map((v) => v.path), 'png', outDir, join(opts.workDir, 'lo-profile'), { signal: opts.signal, timeoutMs: 120_000, confineTo: [opts.workDir] });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
  }
  let failed = 0;
  for (const v of vector) {
    const png = join(outDir, `${basename(v.path, extname(v.path))}.png`);
    const data = await readFile(png).catch(() => null);
    if (!data) { failed++; continue; }
    Object.assign(v, { path: png, ext: 'png', ...imageSizeFromBytes(data) });
  }
  if (failed) warnings.push(message('warning.images_unsupported', { count: failed }));
}

/** The sections of a document's imported chunks: HTML walked as mammoth's HTML is, text as it is, a Word document read whole. */
async function altChunkSections(chunks: AltChunk[], file: string, opts: DocxOptions): Promise<ExtractedSection[]> {
  const out: ExtractedSection[] = [];
  for (const [i, chunk] of chunks.entries()) {
    throwIfAborted(opts.signal);
    if ('html' in chunk) {
      // The page's head, scripts and styles are not its text.
      const body = chunk.html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(head|script|style|title)\b[\s\S]*?<\/\1\s*>/gi, '');
      const blocks = htmlToBlocks(body).map((b) => ({ ...b, images: [], text: cleanText(b.text), ...(b.heading ? { heading: cleanText(b.heading) } : {}) }));
      out.push(...blocksToSections(blocks));
    } else if ('text' in chunk) {
      const text = cleanText(chunk.text);
      if (text) out.push({ text });
    } else if ((opts.altChunkDepth ?? 0) < 3) {
      // A Word document kept whole inside this one: read as a document of its own (its text; its pictures stay inside it).
      const dir = join(opts.workDir, `altchunk-${opts.altChunkDepth ?? 0}-${i}`);
      await mkdir(dir, { recursive: true });
      const inner = join(dir, 'chunk.docx');
      const zip = await openSafeZip(file, { label: 'Word document', limits: opts.zipLimits });
      try {
        await writeFile(inner, await zip.read(chunk.docx));
      } finally {
        await zip.close();
      }
      const read = await extractDocx(inner, { ...opts, workDir: dir, imageOcrBudgetMs: 0, altChunkDepth: (opts.altChunkDepth ?? 0) + 1 }).catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') throw e;
        return null;
      });
      if (read) out.push(...read.sections);
    }
  }
  return out;
}
