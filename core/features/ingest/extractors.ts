/**
 * The extractor of every format that is read, by its kind (core/formats/facts.ts).
 * The ingest room registers them here, so the format registry (core/formats)
 * imports nothing above it; each extractor is loaded on first use.
 * A format without an entry is stored, not read.
 */
import { readFile, stat } from 'node:fs/promises';
import { AppError } from '../../foundation/errors';
import { DOCX, HTML, MARKDOWN, MP4, PDF, PPTX } from '../../formats/facts';
import { markdownSections } from '../../formats/markdown';
import type { ExtractOptions, Extraction } from '../../formats/types';
import { tidyText } from '../../foundation/tools/tidy';

export type Extractor = (file: string, opts: ExtractOptions) => Promise<Extraction>;

/** Larger Markdown files are refused: a document this long is no manual. */
const MARKDOWN_MAX_BYTES = 20 * 1024 * 1024;

async function extractMarkdown(file: string, opts: ExtractOptions): Promise<Extraction> {
  if ((await stat(file)).size > MARKDOWN_MAX_BYTES) throw new AppError('too_large', `This Markdown text is larger than ${MARKDOWN_MAX_BYTES / 1024 / 1024} MB.`);
  opts.signal?.throwIfAborted();
  const sections = markdownSections(await readFile(file, 'utf8')).map((s) => ({ ...s, text: tidyText(s.text) })).filter((s) => s.text);
  return { kind: 'markdown', sections, images: [], warnings: [], ...(sections.length ? {} : { notice: 'this Markdown file has no text' }) };
}

export const EXTRACTORS: Readonly<Record<string, Extractor>> = {
  [PDF.kind]: async (file, opts) => (await import('./pdf')).extractPdf(file, opts),
  [DOCX.kind]: async (file, opts) => (await import('./docx')).extractDocx(file, opts),
  [PPTX.kind]: async (file, opts) => (await import('./pptx')).extractPptx(file, opts),
  [MP4.kind]: async (file, opts) => (await import('./video')).extractVideo(file, opts),
  [MARKDOWN.kind]: extractMarkdown,
  [HTML.kind]: async (file, opts) => (await import('./html')).extractHtml(file, opts),
};
