/**
 * HTML pages (a web page saved as a file, or a page `cms sync <URL>` fetched):
 * the main content as Mozilla's Readability finds it (menus, headers,
 * footers and other boilerplate left out), read into sections by heading,
 * tables kept as rows of text with their header row, links kept with their
 * address, pictures embedded in the page (data: URLs, as the site sync
 * stores them) taken as its images. A page that is mostly navigation gives
 * no text and a notice instead.
 */
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import type { ExtractedImage, ExtractedSection, ExtractOptions, Extraction } from '../../formats/types';
import { describe } from '../../foundation/messages';
import { nearby, tidyText } from '../../foundation/tools/tidy';

/** Larger pages are refused: no product page is this long. */
export const HTML_MAX_BYTES = 20 * 1024 * 1024;
/** Below this many characters of main content, a page whose text is mostly links is navigation. */
const NAV_MAX_CHARS = 400;
/** Share of a page's text that sits in links above which it is navigation. */
const NAV_LINK_SHARE = 0.5;

/** A picture the main content shows: its address as written (absolute when the page has a base), its alt text and the text around it. */
export interface PageImage {
  src: string;
  alt: string;
  nearbyText: string;
}

export interface HtmlPage {
  title: string;
  sections: ExtractedSection[];
  images: PageImage[];
  /** Every link of the whole page (menus too), absolute when the page's address is known: a crawl follows them. */
  links: string[];
  /** Characters of main content. */
  mainChars: number;
  /** Share of the page's text that is link text (0..1). */
  linkShare: number;
  /** Mostly navigation: nothing is indexed from it. */
  navigation: boolean;
  /** A hash of what is indexed (title, sections, images' addresses): the same for a page whose markup changed but not its content. */
  contentHash: string;
}

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'UL', 'OL', 'LI', 'DL', 'DT', 'DD', 'PRE', 'BLOCKQUOTE', 'FIGURE', 'FIGCAPTION',
  'TABLE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'FORM', 'FIELDSET', 'DETAILS', 'SUMMARY', 'HR', 'ADDRESS', 'CENTER']);

const flat = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function resolve(href: string, base: string | undefined): string | null {
  try {
    return base ? new URL(href, base).href : new URL(href).href;
  } catch {
    return null;
  }
}

/**
 * Reads a page's HTML; `url` is its address (links and pictures are made absolute against it or the page's <base>).
 * The DOM and Readability are imported at the first page (0.2 CPU-s a process that reads none did not need to pay).
 */
export async function readHtmlPage(html: string, url?: string): Promise<HtmlPage> {
  const [{ parseHTML }, { Readability }] = await Promise.all([import('linkedom'), import('@mozilla/readability')]);
  const whole = parseHTML(html).document;
  const base = whole.querySelector('base[href]')?.getAttribute('href') ?? undefined;
  const baseUrl = (base && resolve(base, url)) || url;
  const links = [...new Set([...whole.querySelectorAll('a[href]')].map((a) => resolve(a.getAttribute('href') ?? '', baseUrl)).filter((h): h is string => !!h))];
  const body = whole.body;
  const bodyText = flat(body?.textContent);
  const linkText = [...(body?.querySelectorAll('a') ?? [])].reduce((n, a) => n + flat(a.textContent).length, 0);
  const h1 = flat(whole.querySelector('h1')?.textContent);
  const docTitle = flat(whole.querySelector('title')?.textContent);

  // Readability changes the document it reads: it gets its own.
  const article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 100, keepClasses: false }).parse();
  const main = article?.content ? parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body : null;
  const title = h1 || flat(article?.title) || docTitle;
  const { sections, images } = readMainContent(main, title, baseUrl);

  const mainText = flat(main?.textContent).length;
  const mainLinkChars = main ? [...main.querySelectorAll('a')].reduce((n, a) => n + flat(a.textContent).length, 0) : 0;
  const mainChars = mainText - mainLinkChars;
  const linkShare = bodyText.length ? linkText / bodyText.length : 0;
  const navigation = !main || (mainChars < NAV_MAX_CHARS && (linkShare > NAV_LINK_SHARE || mainLinkChars > NAV_LINK_SHARE * mainText));
  const kept = navigation ? [] : sections;
  const keptImages = navigation ? [] : images;
  const contentHash = createHash('sha256').update(JSON.stringify([title, kept, keptImages.map((i) => i.src.startsWith('data:') ? createHash('sha256').update(i.src).digest('hex') : i.src)])).digest('hex');
  return { title, sections: kept, images: keptImages, links, mainChars: navigation ? 0 : mainChars, linkShare, navigation, contentHash };
}

/** The main content being read into sections: the heading in force and the blocks of text under it so far. */
interface ContentWalk {
  baseUrl: string | undefined;
  title: string;
  sections: ExtractedSection[];
  images: PageImage[];
  /** The text of the h1..h6 in force, by level. */
  headingPath: string[];
  heading: string | undefined;
  blocks: string[];
}

/** The sections and pictures of the main content, by heading under the page's title. */
function readMainContent(main: Element | null, title: string, baseUrl: string | undefined): { sections: ExtractedSection[]; images: PageImage[] } {
  const walk: ContentWalk = { baseUrl, title, sections: [], images: [], headingPath: [], heading: title || undefined, blocks: [] };
  if (main) walkBlocks(walk, main);
  flushSection(walk);
  return { sections: walk.sections, images: walk.images };
}

/** The blocks read so far become a section under the heading in force. */
function flushSection(walk: ContentWalk): void {
  const text = tidyText(walk.blocks.join('\n\n'));
  if (text) walk.sections.push(walk.heading ? { heading: walk.heading, text } : { text });
  walk.blocks = [];
}

function addImage(walk: ContentWalk, img: Element): void {
  const src = img.getAttribute('src');
  if (!src) return;
  const abs = src.startsWith('data:') ? src : resolve(src, walk.baseUrl) ?? src;
  const alt = flat(img.getAttribute('alt'));
  walk.images.push({ src: abs, alt, nearbyText: nearby([walk.heading, alt, walk.blocks.at(-1)].filter(Boolean).join('. ')) });
}

/** The text of an inline run: links keep their address, pictures are noted. */
function inlineText(walk: ContentWalk, node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  if (el.tagName === 'BR') return '\n';
  if (el.tagName === 'IMG') {
    addImage(walk, el);
    return '';
  }
  if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'NOSCRIPT') return '';
  const text = [...el.childNodes].map((child) => inlineText(walk, child)).join('');
  if (el.tagName === 'A') {
    const href = el.getAttribute('href') ?? '';
    const abs = /^(https?:|\/|\.|[^:#]+$)/i.test(href) && !href.startsWith('#') ? resolve(href, walk.baseUrl) : null;
    const label = flat(text);
    return abs && label && label !== abs ? `${text} (${abs})` : text;
  }
  return text;
}

/** A table as one block: a line per row, cells joined by " | "; its pictures noted. */
function tableBlock(walk: ContentWalk, t: Element): void {
  const rows = [...t.querySelectorAll('tr')].map((tr) => [...tr.children].filter((c) => c.tagName === 'TD' || c.tagName === 'TH').map((c) => flat(inlineText(walk, c))));
  const lines = rows.filter((r) => r.some(Boolean)).map((r) => r.join(' | '));
  if (lines.length) walk.blocks.push(lines.join('\n'));
  for (const img of t.querySelectorAll('img')) addImage(walk, img);
}

/** Walks an element's children: inline runs become blocks, a heading starts a section, tables and nested blocks are read in turn. */
function walkBlocks(walk: ContentWalk, el: Element): void {
  let run = '';
  const endRun = () => {
    const text = run.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
    if (text) walk.blocks.push(el.tagName === 'LI' ? `- ${text}` : text);
    run = '';
  };
  for (const child of [...el.childNodes]) {
    const c = child as Element;
    if (child.nodeType !== 1 || !BLOCKS.has(c.tagName)) {
      run += inlineText(walk, child);
      continue;
    }
    endRun();
    const level = /^H([1-6])$/.exec(c.tagName)?.[1];
    if (level) {
      const text = flat(inlineText(walk, c));
      if (!text) continue;
      flushSection(walk);
      walk.headingPath.length = Number(level) - 1;
      walk.headingPath[Number(level) - 1] = text;
      walk.heading = [walk.title, ...walk.headingPath].filter((h, i, a) => h && a.indexOf(h) === i).join(' > ');
    } else if (c.tagName === 'TABLE') tableBlock(walk, c);
    else walkBlocks(walk, c);
  }
  endRun();
}

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** The format's extractor: a page file's sections, and its embedded pictures written into the work folder. */
export async function extractHtml(file: string, opts: ExtractOptions): Promise<Extraction> {
  if ((await stat(file)).size > HTML_MAX_BYTES) throw new AppError('too_large', `This HTML page is larger than ${HTML_MAX_BYTES / 1024 / 1024} MB.`);
  opts.signal?.throwIfAborted();
  const page = await readHtmlPage(await readFile(file, 'utf8'));
  const images: ExtractedImage[] = [];
  for (const img of page.images) {
    const m = /^data:(image\/[a-z]+);base64,(.*)$/is.exec(img.src);
    const ext = m && IMAGE_TYPES[m[1]!.toLowerCase()];
    if (!m || !ext) continue;
    const out = path.join(opts.workDir, `html-image-${images.length + 1}.${ext}`);
    await writeFile(out, Buffer.from(m[2]!, 'base64'));
    images.push({ path: out, ext, nearbyText: img.nearbyText });
  }
  return { kind: 'html', sections: page.sections, images, warnings: [], ...(page.sections.length ? {} : { notice: describe('note.nothing_searchable_html') }) };
}
