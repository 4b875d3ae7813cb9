/**
 * A generated catalog of any size from real text: the shared corpus's
 * PDF, DOCX and PPTX files (pdftotext, the Office XML's text runs) and the
 * passages of the shared eval sets (English, Spanish, German, Russian,
 * Hebrew). Each chunk is a window of 100-170 words of one source text with
 * about one word in twelve replaced (a word from elsewhere in the same
 * text, or a numbered model name), so chunks differ while keeping real
 * word and n-gram statistics. The text pool is cached in the temp folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectLanguage } from '../core/foundation/text/language';
import type { Chunk } from '../core/engines/search/types';
import { rng } from '../core/testing/rng';

const SHARED = path.resolve(process.env.SHARED_DIR ?? path.join(import.meta.dirname, '..', '..', '..', 'shared'));

export interface SourceText { name: string; language: string; words: string[] }

const xmlText = (xml: string) => xml.replace(/<\/(w:p|a:p)>/g, '\n').replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&[^;\s]+;/g, ' ');

function officeText(file: string, pattern: string): string {
  try {
    return xmlText(execFileSync('unzip', ['-p', file, pattern], { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8'));
  } catch {
    return '';
  }
}

function pdfText(file: string): string {
  try {
    return execFileSync('pdftotext', ['-l', '60', '-enc', 'UTF-8', file, '-'], { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
  } catch {
    return '';
  }
}

/** The real texts (cached). */
export function sourceTexts(): SourceText[] {
  const cache = path.join(os.tmpdir(), 'cms-bench-lexical-sources-v1.json');
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as SourceText[];
  const out: SourceText[] = [];
  const add = (name: string, text: string) => {
    const words = text.split(/\s+/).filter((w) => w.length > 0 && w.length < 40);
    if (words.length < 60) return;
    out.push({ name, language: detectLanguage(words.slice(0, 400).join(' ')), words });
  };
  const corpus = path.join(SHARED, 'corpus');
  for (const dir of ['pdf', 'docx', 'pptx']) {
    const folder = path.join(corpus, dir);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort()) {
      const file = path.join(folder, f);
      if (dir === 'pdf') add(f, pdfText(file));
      else if (dir === 'docx') add(f, officeText(file, 'word/document.xml'));
      else add(f, officeText(file, 'ppt/slides/*.xml'));
    }
  }
  const evalDir = path.join(SHARED, 'eval');
  if (existsSync(evalDir)) {
    for (const f of readdirSync(evalDir).filter((x) => x.endsWith('.json')).sort()) {
      const data = JSON.parse(readFileSync(path.join(evalDir, f), 'utf8')) as { data: Array<{ title?: string; paragraphs: Array<{ context: string }> }> };
      for (const a of data.data) add(`${f}:${a.title ?? ''}`, a.paragraphs.map((p) => p.context).join('\n'));
    }
  }
  if (out.length === 0) throw new Error(`No source text found under ${SHARED}`);
  writeFileSync(cache, JSON.stringify(out));
  return out;
}

const CHUNKS_PER_ITEM = 20;

/** Chunk number `i` of the generated catalog (the same for the same i and seed). */
export function generatedChunk(sources: SourceText[], i: number, seed = 1): Chunk {
  const rand = rng(seed * 1_000_003 + i);
  const itemId = Math.floor(i / CHUNKS_PER_ITEM) + 1;
  const src = sources[(itemId * 2654435761) % sources.length >>> 0];
  const len = 100 + Math.floor(rand() * 70);
  const start = Math.floor(rand() * Math.max(1, src.words.length - len));
  const words = src.words.slice(start, start + len);
  for (let j = 0; j < words.length; j++) {
    const r = rand();
    if (r < 0.05) words[j] = src.words[Math.floor(rand() * src.words.length)];
    else if (r < 0.085) words[j] = `${['SH', 'HX', 'MS', 'TH', 'DB'][Math.floor(rand() * 5)]}-${Math.floor(rand() * 9000) + 1000}`;
  }
  const ordinal = i % CHUNKS_PER_ITEM;
  return {
    id: `document:${itemId}:${ordinal}`, itemType: 'document', itemId, title: `${src.name.replace(/\.\w+$/, '')} ${itemId}`,
    text: words.join(' '), page: ordinal + 1, slide: null, heading: null, language: src.language, imageIds: [], ordinal,
  };
}
