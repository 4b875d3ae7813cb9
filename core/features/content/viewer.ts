/**
 * The source viewer (issue 38.1): what the web app's /view page needs to
 * open a cited place with the quoted words lit. A PDF page is its render
 * (core/features/content/page-render.ts) with boxes over the quoted words, found in
 * the page's word boxes (`pdftotext -bbox-layout`, run through the confined
 * tool runner, kept per item version and page); a slide is its picture with
 * the slide's text; a DOCX is the paragraph that holds the words; a video
 * is the file at the time with the cue's text. Every answer also carries the
 * quoted passage as text with the quoted words marked (screen readers, and
 * pages without a text layer).
 *
 * The same visibility rule as every public read (core/features/governance/visibility.ts):
 * anonymously, an item that is not public answers not_found with the words
 * of an item that does not exist.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Catalog } from '../../engines/catalog/types';
import { AppError } from '../../foundation/errors';
import { isPublic } from '../governance/visibility';
import { loadExtractedText } from '../../engines/records/stored-text';
import { publicUrlForKey } from '../../engines/storage/layout';
import type { ObjectStore } from '../../engines/storage/types';
import { runTool } from '../../foundation/tools/exec';
import type { ContentType, ViewerData } from '../../foundation/types';
import { loadTranscript } from '../video/transcript-store';
import { bestParagraph, highlightBoxes, litMarks, litWords, parsePageWords, WORD, type PageWords } from './lit-words';
import { canRenderPage, pageRenderUrl } from './page-render';
import { placedShapes, shapeBoxes, type PlacedShapes } from './slide-boxes';

export { bestParagraph, highlightBoxes, litMarks, litWords, parsePageWords, quotedTerms, type PageWord, type PageWords } from './lit-words';

export interface ViewerQuery { page?: number; slide?: number; t?: number; q?: string }

export interface ViewerDeps { catalog: Catalog; store: ObjectStore; tmpDir?: string; now?: () => Date }

const CACHE_MAX = 200;

/** Reads of stored files the viewer keeps: word boxes per document version and page, shapes per deck version and slide (each file read once for each). */
interface ViewerFiles {
  readPageWords(docId: number, fileKey: string, version: string, page: number): Promise<PageWords>;
  readSlideShapes(deckId: number, fileKey: string, version: string, slide: number): Promise<PlacedShapes>;
}

function createViewerFiles(deps: ViewerDeps): ViewerFiles {
  const cache = new Map<string, Promise<unknown>>();

  function cached<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      cache.set(key, p);
      p.catch(() => cache.delete(key));
      if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
    }
    return p;
  }

  /** Runs `read` on a copy of a stored file in a private folder, removed afterwards. */
  async function withFile<T>(fileKey: string, name: string, read: (file: string, dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(deps.tmpDir ?? os.tmpdir(), 'viewer-'));
    try {
      const file = path.join(dir, name);
      const obj = await deps.store.get(fileKey);
      await pipeline(obj.body, createWriteStream(file));
      return await read(file, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    readPageWords: (docId, fileKey, version, page) => cached(`d:${docId}:${version}:${page}`, () =>
      withFile(fileKey, 'original.pdf', async (pdf, dir) => {
        const r = await runTool('pdftotext', ['-f', String(page), '-l', String(page), '-bbox-layout', pdf, '-'], {
          timeoutMs: 30_000, maxStdoutBytes: 16 * 1024 * 1024, confineTo: [dir], inputFile: pdf,
        });
        return parsePageWords(r.stdout.toString('utf8'));
      })),
    readSlideShapes: (deckId, fileKey, version, slide) => cached(`p:${deckId}:${version}:${slide}`, () =>
      withFile(fileKey, 'original.pptx', (file) => placedShapes(file, slide))),
  };
}

/** A video: the file at the time, with the cue's text. */
async function openVideo(deps: ViewerDeps, base: ViewerData, id: number, query: ViewerQuery, q: string): Promise<ViewerData> {
  const time = Math.max(0, query.t ?? 0);
  const stored = await loadTranscript(deps.store, id).catch(() => null);
  const segments = stored?.transcript.segments ?? [];
  const cue = segments.find((s) => s.start <= time && time < s.end) ?? segments.find((s) => s.start >= time) ?? null;
  const text = cue?.text.trim() ?? '';
  return { ...base, text, marks: litMarks(text, q), video: { url: base.fileUrl ?? '', time, start: cue?.start ?? null, end: cue?.end ?? null } };
}

type Sections = NonNullable<Awaited<ReturnType<typeof loadExtractedText>>>['sections'];

/** A slide: its picture and its text, the quoted words boxed where the shape that holds them sits. */
async function openSlide(deps: ViewerDeps, files: ViewerFiles, base: ViewerData, item: object, query: ViewerQuery, q: string, sections: Sections): Promise<ViewerData> {
  const id = base.itemId;
  const slide = query.slide ?? 1;
  const own = sections.filter((s) => s.slide === slide);
  const text = own.map((s) => [s.heading, s.text].filter(Boolean).join('\n')).join('\n').trim();
  const pictures = await deps.catalog.presentationImages.list({ where: { presentationId: id, slide } });
  const render = pictures.find((p) => p.kind === 'slide');
  const count = Math.max(0, ...sections.map((s) => s.slide ?? 0));
  const out: ViewerData = { ...base, slide, pageCount: count || null, image: render?.image ?? null, text, marks: litMarks(text, q) };
  const deck = item as { fileKey?: string; updatedAt?: string };
  // The quoted words boxed on the slide's picture, where the shape that holds them sits.
  if (out.image && q.trim() && deck.fileKey && /\.pptx$/i.test(deck.fileKey)) {
    const placed = await files.readSlideShapes(id, deck.fileKey, deck.updatedAt ?? '', slide).catch(() => null);
    if (placed) out.boxes = shapeBoxes(placed, (w) => litWords(w, q), (t) => [...t.matchAll(WORD)].map((m) => m[0]));
  }
  return out;
}

/** A document: a PDF page (its picture and the boxes of the quoted words), else the paragraph that holds them. */
async function openDocument(deps: ViewerDeps, files: ViewerFiles, base: ViewerData, item: object, query: ViewerQuery, q: string, sections: Sections): Promise<ViewerData> {
  const id = base.itemId;
  const doc = item as { pageCount?: number | null; fileKey: string; updatedAt?: string };
  const page = query.page ?? null;
  const onPage = page != null ? sections.filter((s) => s.page === page) : sections;
  const passage = bestParagraph(onPage.map((s) => s.text), q);
  const out: ViewerData = { ...base, page, pageCount: doc.pageCount ?? null, ...passage };
  if (page != null && await canRenderPage(deps.catalog, id, page)) {
    out.image = pageRenderUrl(id, page);
    if (q.trim()) {
      const words = await files.readPageWords(id, doc.fileKey, doc.updatedAt ?? '', page).catch(() => null);
      if (words) out.boxes = highlightBoxes(words, q);
    }
  }
  return out;
}

/** The viewer of every item: `open` answers what the /view page shows (see the file comment). */
export function createViewer(deps: ViewerDeps) {
  const now = deps.now ?? (() => new Date());
  const files = createViewerFiles(deps);

  async function open(type: ContentType, id: number, query: ViewerQuery, options: { public: boolean }): Promise<ViewerData> {
    const item = await deps.catalog.items(type).get(id);
    // A hidden item answers exactly as one that does not exist.
    if (!item || (options.public && !isPublic(item, now()))) throw new AppError('not_found', `No ${type} ${id}`);
    const q = (query.q ?? '').slice(0, 1000);
    const fileUrl = 'originalFilePath' in item && item.originalFilePath ? item.originalFilePath : item.fileKey ? publicUrlForKey(item.fileKey) : null;
    const base: ViewerData = {
      itemType: type, itemId: id, title: ('label' in item ? item.label : item.title) || item.fileName, fileUrl, page: null, pageCount: null, slide: null,
      image: null, boxes: [], text: '', marks: [], video: null,
    };
    if (type === 'video') return openVideo(deps, base, id, query, q);
    const stored = await loadExtractedText(deps.store, type, id).catch(() => null);
    const sections = stored?.sections ?? [];
    if (type === 'presentation') return openSlide(deps, files, base, item, query, q, sections);
    return openDocument(deps, files, base, item, query, q, sections);
  }

  return { open };
}
