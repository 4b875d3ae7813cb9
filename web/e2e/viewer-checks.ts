import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import type { PageWords } from '../../core/features/content/viewer';
import { words as foldedWords } from '../../core/foundation/text/terms';

/**
 * What the viewer test (web/e2e/viewer.test.ts) checks on an opened viewer
 * tab: the highlight boxes on screen against the quoted words' own boxes
 * (a PDF page's from pdftotext, a slide's shapes from the deck's XML, both
 * read here, not by the viewer), the reading direction and the width.
 */
export interface Box { x: number; y: number; w: number; h: number }

/** Tolerance of a box against its words or shape: 0.5 % of the page or slide. */
const TOL = 0.005;

/** The page or slide picture once loaded, and the highlight boxes on screen as fractions of it. */
export async function screenBoxes(page: Page): Promise<{ img: Box; boxes: Box[] }> {
  await page.getByTestId('viewer-image').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="viewer-image"]') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const img = (await page.getByTestId('viewer-image').boundingBox())!;
  const boxes: Box[] = [];
  for (const b of await page.getByTestId('viewer-box').all()) {
    const r = (await b.boundingBox())!;
    boxes.push({ x: (r.x - img.x) / img.width, y: (r.y - img.y) / img.height, w: r.width / img.width, h: r.height / img.height });
  }
  return { img: { x: img.x, y: img.y, w: img.width, h: img.height }, boxes };
}

/**
 * Every box covers quoted words only, and exactly their extent: the page words whose centres fall in it are
 * words of the quote, and their union is the box (within 0.5 % of the page). Returns the number of words lit.
 */
export function checkPdfBoxes(words: PageWords, boxes: Box[], quote: string): number {
  assert.ok(boxes.length >= 1, `at least one highlight for "${quote}"`);
  const quoted = new Set(foldedWords(quote));
  let covered = 0;
  for (const b of boxes) {
    const inside = words.words.filter((w) => {
      const cx = (w.x0 + w.x1) / 2 / words.width;
      const cy = (w.y0 + w.y1) / 2 / words.height;
      return cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h;
    });
    assert.ok(inside.length >= 1, `box ${JSON.stringify(b)} covers a word`);
    for (const w of inside) {
      assert.ok(foldedWords(w.text).every((f) => quoted.has(f)), `"${w.text}" under a highlight is a word of the quote "${quote}"`);
    }
    const x0 = Math.min(...inside.map((w) => w.x0)) / words.width;
    const y0 = Math.min(...inside.map((w) => w.y0)) / words.height;
    const x1 = Math.max(...inside.map((w) => w.x1)) / words.width;
    const y1 = Math.max(...inside.map((w) => w.y1)) / words.height;
    assert.ok(Math.abs(b.x - x0) < TOL && Math.abs(b.y - y0) < TOL && Math.abs(b.x + b.w - x1) < TOL && Math.abs(b.y + b.h - y1) < TOL,
      `box ${JSON.stringify(b)} is the words' extent ${JSON.stringify({ x0, y0, x1, y1 })}`);
    covered += inside.length;
  }
  return covered;
}

/** A slide's text shapes (p:sp, p:graphicFrame) with their a:off/a:ext as fractions of p:sldSz, read from the .pptx with unzip. */
export function deckShapes(pptx: string, slide: number): Array<Box & { text: string }> {
  const part = (name: string) => execFileSync('unzip', ['-p', pptx, name], { encoding: 'utf8' });
  const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(part('ppt/presentation.xml'))!;
  const [cx, cy] = [Number(size[1]), Number(size[2])];
  const xml = part(`ppt/slides/slide${slide}.xml`);
  // The groups of this deck keep their children in slide coordinates (a:chOff = a:off, a:chExt = a:ext).
  for (const g of xml.matchAll(/<p:grpSpPr>[\s\S]*?<\/p:grpSpPr>/g)) {
    const v = (tag: string) => /<a:(?:off|chOff) x="(\d+)" y="(\d+)"/.exec(g[0].slice(g[0].indexOf(`<a:${tag}`)))?.slice(1).join(',');
    assert.equal(v('chOff'), v('off'), 'a group of the test deck has no offset of its own');
  }
  return [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>|<p:graphicFrame>[\s\S]*?<\/p:graphicFrame>/g)].flatMap((m) => {
    const off = /<a:off x="(\d+)" y="(\d+)"\/>/.exec(m[0]);
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(m[0]);
    const text = [...m[0].matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join(' ');
    if (!off || !ext || !text) return [];
    return [{ text, x: Number(off[1]) / cx, y: Number(off[2]) / cy, w: Number(ext[1]) / cx, h: Number(ext[2]) / cy }];
  });
}

/** Every box on the slide is the place of a shape holding a word of the quote (within 0.5 % of the slide); returns those shapes' texts. */
export function checkSlideBoxes(shapes: Array<Box & { text: string }>, boxes: Box[], quote: string): string[] {
  const quoted = new Set(foldedWords(quote));
  const holding = shapes.filter((s) => foldedWords(s.text).some((w) => quoted.has(w)));
  if (holding.length > 0) assert.ok(boxes.length >= 1, `a shape holds words of "${quote}" (${JSON.stringify(holding.map((s) => s.text))}): it is boxed`);
  const hit: string[] = [];
  for (const b of boxes) {
    const shape = shapes.find((s) => Math.abs(s.x - b.x) < TOL && Math.abs(s.y - b.y) < TOL && Math.abs(s.w - b.w) < TOL && Math.abs(s.h - b.h) < TOL);
    assert.ok(shape, `box ${JSON.stringify(b)} is the place of a shape of the slide (${JSON.stringify(shapes)})`);
    assert.ok(foldedWords(shape.text).some((w) => quoted.has(w)), `the boxed shape "${shape.text}" holds a word of "${quote}"`);
    hit.push(shape.text);
  }
  return hit;
}

/** The viewer in the page's language and direction, nothing scrolling sideways, the picture inside the screen. */
export async function checkFrame(page: Page, lang: 'en' | 'he', width: number, img?: Box): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');
  // What sticks out, named when something does: the first element reaching past the screen's edges.
  const wide = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth + 1) return null;
    const el = [...document.querySelectorAll('body *')].find((e) => { const r = e.getBoundingClientRect(); return r.right > window.innerWidth + 1 || r.left < -1; });
    return `${document.documentElement.scrollWidth} px wide in ${window.innerWidth}: <${el?.tagName.toLowerCase()} data-testid="${el?.getAttribute('data-testid') ?? ''}">${(el?.textContent ?? '').slice(0, 80)}`;
  });
  assert.equal(wide, null, 'no sideways scrolling');
  if (img) assert.ok(img.x >= 0 && img.x + img.w <= width + 1, `the picture fits: ${JSON.stringify(img)} in ${width}`);
}

/** A cue of a video's transcript (s). */
export interface Cue { start: number; end: number; text: string }

/** The cue spoken at t, else the next one (t=0 before the first word), as the viewer picks it. */
export function cueAt(cues: Cue[], t: number): Cue | undefined {
  return cues.find((s) => s.start <= t && t < s.end) ?? cues.find((s) => s.start >= t);
}

/** The viewer of a video at its cue: the cue's text shown, a word of the question marked, the player at the cue's start. */
export async function checkVideo(tab: Page, cues: Cue[], lang: 'en' | 'he', width: number): Promise<string> {
  const url = new URL(tab.url());
  const q = url.searchParams.get('q') ?? '';
  const t = Number(url.searchParams.get('t') ?? 0);
  const cue = cueAt(cues, t);
  assert.ok(cue, `t=${t} is before or within a spoken cue`);
  await tab.getByTestId('viewer-video').waitFor();
  assert.equal((await tab.getByTestId('viewer-text').textContent())?.trim(), cue.text);
  if (q) assert.ok((await tab.getByTestId('viewer-text').locator('mark').count()) >= 1, `a word of "${q}" is marked in the cue`);
  // The player is at the cue's start once the file's metadata is read (the transcript's own span, within 0.5 s).
  await tab.waitForFunction((start) => {
    const v = document.querySelector('[data-testid="viewer-video"]') as HTMLVideoElement | null;
    return !!v && v.readyState >= 1 && Math.abs(v.currentTime - start) < 0.5;
  }, cue.start, { timeout: 15_000 });
  await checkFrame(tab, lang, width);
  return `cue ${cues.indexOf(cue) + 1} "${cue.text}" at ${cue.start.toFixed(1)} s`;
}
