import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parsePageWords, type PageWords } from '../../core/content/viewer';
import { corpusFile } from '../../core/testing/corpus';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../../core/testing/fixture-video';
import { words as foldedWords } from '../../core/text/terms';
import { runTool } from '../../core/tools/exec';
import { adminApi, cspViolations, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang } from './support';

/**
 * The source viewer (issue 38.1): a citation in /rag-bot opens, in a new tab,
 * the cited page of a real corpus PDF (the TraceMonkey paper) with boxes over
 * the quoted words; the boxes on screen are checked against the words' own
 * boxes from pdftotext -bbox-layout (computed here, not by the viewer): each
 * box covers exactly quoted words of the page. Desktop in English, phone in
 * Hebrew (right to left); a deck's slide (corpus test_slides.pptx) with its
 * picture and the quoted shape text marked; a video (a generated speech clip,
 * its transcript from the local fake speech-to-text endpoint) at the cue; a
 * hidden item shows "not available".
 */
const PDF = corpusFile('pdf/tracemonkey_a11y.pdf');
const QUESTION = 'What do traditional compilers need to emit for dynamically typed languages?';
const MISSING: Record<Lang, string> = { en: 'This source is not available', he: 'המקור הזה אינו זמין' };

let h: Harness;
let docId = 0;
let words: PageWords;
let fake: FakeStt;
let clip: SpeechClip;

/** Uploads through the admin API and waits until the item is done (and a video's transcript too). */
async function uploadAndWait(kind: 'presentations' | 'videos', file: string, fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([await (await import('node:fs/promises')).readFile(file)]), file.split('/').pop()!);
  const item = await adminApi<{ id: number }>(h, `/api/${kind}`, { method: 'POST', body: form });
  for (;;) {
    const now = (await adminApi<Array<{ id: number; status: string; error?: string | null; transcript?: { state: string } | null }>>(h, `/api/${kind}`)).find((x) => x.id === item.id)!;
    assert.notEqual(now.status, 'failed', now.error ?? '');
    if (now.status === 'completed' && (kind !== 'videos' || now.transcript?.state === 'completed')) return item.id;
    await new Promise((r) => setTimeout(r, 100));
  }
}

before(async () => {
  clip = await videoFixtures.speech();
  fake = await startFakeStt({ apiKey: 'stt-key' });
  fake.setMode({ kind: 'segments', language: 'en', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i], text })) });
  h = await startHarness({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key' } });
  const doc = await uploadDocumentViaApi(h, PDF, 'tracemonkey.pdf', 'TraceMonkey paper');
  assert.equal(doc.status, 'completed', doc.error ?? '');
  docId = doc.id;
  const r = await runTool('pdftotext', ['-f', '1', '-l', '1', '-bbox-layout', PDF, '-'], { timeoutMs: 30_000 });
  words = parsePageWords(r.stdout.toString('utf8'));
});
after(async () => {
  await h?.close();
  await fake?.close();
});

/** Asks /rag-bot, returns the first citation's viewer link of the reply (it opens in a new tab). */
async function citationLink(page: Page) {
  await page.goto('/rag-bot');
  const input = page.getByRole('textbox').last();
  await input.fill(QUESTION);
  await input.press('Enter');
  const reply = page.getByTestId('rag-bot-message').last();
  await page.getByTestId('rag-waiting').waitFor({ state: 'detached', timeout: 45_000 });
  const link = reply.getByTestId('citation-viewer').first();
  await link.waitFor({ timeout: 45_000 });
  assert.equal(await link.getAttribute('target'), '_blank');
  const href = (await link.getAttribute('href')) ?? '';
  assert.match(href, new RegExp(`^/view/document/${docId}\\?page=1&q=.+`), href);
  return { link, href };
}

/** The highlight boxes on screen, as fractions of the page picture, and the picture's box. */
async function screenBoxes(page: Page) {
  const image = page.getByTestId('viewer-image');
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid="viewer-image"]') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const img = (await image.boundingBox())!;
  const boxes = [];
  for (const b of await page.getByTestId('viewer-box').all()) {
    const r = (await b.boundingBox())!;
    boxes.push({ x: (r.x - img.x) / img.width, y: (r.y - img.y) / img.height, w: r.width / img.width, h: r.height / img.height });
  }
  return { img, boxes };
}

/**
 * Every box on screen covers quoted words only, and exactly their extent: the page words whose centres fall in it
 * (from pdftotext's own boxes) are words of the quote, and their union is the box (within 0.5 % of the page).
 */
function checkAgainstWords(boxes: Array<{ x: number; y: number; w: number; h: number }>, quote: string) {
  assert.ok(boxes.length >= 1, 'at least one highlight');
  const quoted = new Set(foldedWords(quote));
  const tol = 0.005;
  let covered = 0;
  for (const b of boxes) {
    const inside = words.words.filter((w) => {
      const cx = (w.x0 + w.x1) / 2 / words.width;
      const cy = (w.y0 + w.y1) / 2 / words.height;
      return cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h;
    });
    assert.ok(inside.length >= 1, `box ${JSON.stringify(b)} covers a word`);
    for (const w of inside) {
      const folded = foldedWords(w.text);
      assert.ok(folded.every((f) => quoted.has(f)), `"${w.text}" under a highlight is a word of the quote "${quote}"`);
    }
    const x0 = Math.min(...inside.map((w) => w.x0)) / words.width;
    const y0 = Math.min(...inside.map((w) => w.y0)) / words.height;
    const x1 = Math.max(...inside.map((w) => w.x1)) / words.width;
    const y1 = Math.max(...inside.map((w) => w.y1)) / words.height;
    assert.ok(Math.abs(b.x - x0) < tol && Math.abs(b.y - y0) < tol && Math.abs(b.x + b.w - x1) < tol && Math.abs(b.y + b.h - y1) < tol,
      `box ${JSON.stringify(b)} is the words' extent ${JSON.stringify({ x0, y0, x1, y1 })}`);
    covered += inside.length;
  }
  assert.ok(covered >= 3, `${covered} quoted words lit`);
}

describe('the source viewer (browser)', () => {
  for (const [lang, width, height] of [['en', 1366, 900], ['he', 390, 844]] as const) {
    test(`a /rag-bot citation opens the PDF page in a new tab with the quoted words lit over their boxes (${lang}, ${width} px)`, async () => {
      const { context, page } = await newPage(h, { lang, width, height });
      await signInFast(h, context);
      const { link, href } = await citationLink(page);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      assert.equal(new URL(tab.url()).pathname + new URL(tab.url()).search, href);
      await tab.getByTestId('viewer-title').waitFor();
      assert.equal(await tab.getByRole('heading', { level: 1 }).textContent(), 'TraceMonkey paper');
      assert.equal(await tab.evaluate(() => document.documentElement.dir), lang === 'he' ? 'rtl' : 'ltr');
      // The quoted passage is there as text (screen readers), its quoted words in <mark>.
      assert.ok((await tab.getByTestId('viewer-text').locator('mark').count()) >= 1);
      const download = tab.getByTestId('viewer-download');
      assert.match((await download.getAttribute('href')) ?? '', /\.pdf$/);
      const { img, boxes } = await screenBoxes(tab);
      const q = new URL(tab.url()).searchParams.get('q') ?? '';
      checkAgainstWords(boxes, q);
      // Phone width: the page picture fits the screen, nothing scrolls sideways.
      assert.ok(img.x >= 0 && img.x + img.width <= width + 1, `the page fits: ${JSON.stringify(img)} in ${width}`);
      assert.ok(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling');
      assert.deepEqual(await cspViolations(tab), []);
      // Keyboard: the download link is reached with Tab.
      let focused = '';
      for (let i = 0; i < 8 && focused !== 'viewer-download'; i++) {
        await tab.keyboard.press('Tab');
        focused = await tab.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      }
      assert.equal(focused, 'viewer-download');
      await screenshot(tab, lang, `viewer-pdf-${width}`);
      await context.close();
    });
  }

  test('a deck\'s slide opens with its picture and the quoted shape text marked (en, 1366 px)', async () => {
    const id = await uploadAndWait('presentations', corpusFile('pptx/test_slides.pptx'), { title: 'Test slides' });
    // The slide that holds the words, as a citation would name it.
    let slide = 0;
    for (let n = 1; n <= 10 && !slide; n++) {
      const res = await fetch(`${h.server.url}/api/view/presentation/${id}?slide=${n}&q=Group%20test%20text`);
      if (res.ok && ((await res.json()) as { text: string }).text.includes('Group test text')) slide = n;
    }
    assert.ok(slide > 0, 'a slide holds "Group test text"');
    const { context, page } = await newPage(h, { lang: 'en', width: 1366, height: 900 });
    await page.goto(`/view/presentation/${id}?slide=${slide}&q=${encodeURIComponent('Group test text')}`);
    await page.getByTestId('viewer-title').waitFor();
    assert.equal((await page.getByTestId('viewer-where').textContent())?.trim(), `Slide ${slide}`);
    const marked = (await page.getByTestId('viewer-text').locator('mark').allTextContents()).join(' ');
    assert.match(marked, /Group test text/, marked);
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="viewer-image"]') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0;
    });
    assert.match((await page.getByTestId('viewer-download').getAttribute('href')) ?? '', /\.pptx$/);
    await screenshot(page, 'en', 'viewer-slide-1366');
    await context.close();
  });

  test('a video opens at the cue with the cue\'s text shown and the quoted words marked (he, 390 px)', async () => {
    const id = await uploadAndWait('videos', clip.path, { label: 'Pairing video', hasSpeech: 'true', sourceLanguage: 'english' });
    const cue = clip.spans[1];
    const at = `?t=${(cue.start + 0.4).toFixed(1)}&q=${encodeURIComponent('remote control')}`;
    const data = (await (await fetch(`${h.server.url}/api/view/video/${id}${at}`)).json()) as { video: { start: number } };
    assert.ok(Math.abs(data.video.start - cue.start) < 0.5, `the cue starts at ${data.video.start}, the sentence at ${cue.start}`);
    const { context, page } = await newPage(h, { lang: 'he', width: 390, height: 844 });
    await page.goto(`/view/video/${id}${at}`);
    await page.getByTestId('viewer-video').waitFor();
    assert.match((await page.getByTestId('viewer-text').textContent()) ?? '', /pairs with the remote control/);
    const marked = (await page.getByTestId('viewer-text').locator('mark').allTextContents()).join(' ');
    assert.match(marked, /remote control/);
    // The player is at the cue's start once the file's metadata is read.
    await page.waitForFunction((start) => {
      const v = document.querySelector('[data-testid="viewer-video"]') as HTMLVideoElement | null;
      return !!v && v.readyState >= 1 && Math.abs(v.currentTime - start) < 0.3;
    }, data.video.start, { timeout: 15_000 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling');
    await screenshot(page, 'he', 'viewer-video-390');
    await context.close();
  });

  test('anonymously, a hidden item\'s viewer says the source is not available, as for a missing one (he, 390 px)', async () => {
    const form = new FormData();
    const { readFile } = await import('node:fs/promises');
    form.append('file', new Blob([await readFile(PDF)]), 'tracemonkey-staff.pdf');
    form.append('title', 'Staff copy');
    form.append('audience', 'staff');
    form.append('force', 'true');
    const res = await fetch(`${h.server.url}/api/documents`, { method: 'POST', body: form, headers: { authorization: `Bearer ${h.server.token}` } });
    assert.equal(res.status < 300, true, await res.clone().text());
    const staff = (await res.json()) as { id: number };
    const { context, page } = await newPage(h, { lang: 'he', width: 390, height: 844 });
    for (const id of [staff.id, 99999]) {
      await page.goto(`/view/document/${id}?page=1&q=compilers`);
      const missing = page.getByTestId('viewer-missing');
      await missing.waitFor();
      assert.equal((await missing.getByRole('heading').textContent())?.trim(), MISSING.he);
      assert.equal(await page.getByTestId('viewer-image').count(), 0);
    }
    await context.close();
  });
});
