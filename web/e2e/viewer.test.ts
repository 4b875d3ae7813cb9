import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { parsePageWords, type PageWords } from '../../core/features/content/viewer';
import { corpusFile } from '../../core/testing/corpus';
import { startFakeStt, type FakeStt } from '../../core/testing/fake-stt';
import { videoFixtures, type SpeechClip } from '../../core/testing/fixture-video';
import { runTool } from '../../core/foundation/tools/exec';
import { ensureWidgetBuild } from '../widget/build';
import { adminApi, cspViolations, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang, startBrandSite } from './support';
import { checkFrame, checkPdfBoxes, checkSlideBoxes, checkVideo, cueAt, deckShapes, screenBoxes, type Cue } from './viewer-checks';

/**
 * The source viewer (issue 38.1) from every surface: /rag-bot, /chat, the
 * widget (on another site's page) and the console's row menu, at 1366x768
 * and 390x844, in English and Hebrew, on a real corpus PDF (the TraceMonkey
 * paper), a real corpus deck (python-pptx's test_slides.pptx) and a video
 * (a generated speech clip, its transcript from the local fake speech-to-text
 * endpoint), and a real film clip (Tears of Steel, CC-BY 3.0, the in-repo
 * corpus's WebM made MP4) transcribed offline by the product's pocketsphinx:
 * its question is made of words that transcript holds, whatever they are.
 * A question answered from each file gives a link; the link opens
 * the viewer in a new tab, whose boxes are checked against the quoted words'
 * own boxes read by the test (pdftotext -bbox-layout of the cited page; the
 * slide's shapes' a:off/a:ext over p:sldSz), and a video at its cue. One
 * server and one browser for the file; surfaces and sizes are looped.
 */
const PDF = corpusFile('pdf/tracemonkey_a11y.pdf');
const DECK = corpusFile('pptx/test_slides.pptx');
type Kind = 'document' | 'presentation' | 'video';
const QUESTIONS: Record<Kind, string> = {
  document: 'What do traditional compilers need to emit for dynamically typed languages?',
  presentation: 'What does the group test text say?',
  video: 'What does the motor pair with when you hold the button for five seconds?',
};
const TITLES: Record<Kind, string> = { document: 'TraceMonkey paper', presentation: 'Test slides', video: 'Pairing video' };
const SIZES = [[1366, 768], [390, 844]] as const;
const LANGS = ['en', 'he'] as const;
const MISSING: Record<Lang, string> = { en: 'This source is not available', he: 'המקור הזה אינו זמין' };
const MORE: Record<Lang, string> = { en: 'More actions for', he: 'פעולות נוספות:' };
const OPEN: Record<Lang, string> = { en: 'Open in viewer', he: 'פתיחה במציג' };
const TABLE: Record<Lang, string> = { en: 'Table view', he: 'תצוגת טבלה' };

let h: Harness;
let site: Awaited<ReturnType<typeof startBrandSite>>;
let siteOrigin = '';
let fake: FakeStt;
let clip: SpeechClip;
const ids: Record<Kind, number> = { document: 0, presentation: 0, video: 0 };
/** The film clip: its id, the cues pocketsphinx heard (read from the product), the cue asked about and its question. */
const film = { id: 0, title: 'Tears of Steel clip', cues: [] as Cue[], cue: null as Cue | null, question: '' };
const pdfPages = new Map<number, Promise<PageWords>>();
/** The words of a page of the PDF with their boxes, read by pdftotext here (not by the viewer). */
const wordsOf = (n: number) => {
  if (!pdfPages.has(n)) pdfPages.set(n, runTool('pdftotext', ['-f', String(n), '-l', String(n), '-bbox-layout', PDF, '-'], { timeoutMs: 30_000 }).then((r) => parsePageWords(r.stdout.toString('utf8'))));
  return pdfPages.get(n)!;
};

/** Uploads through the admin API and waits until the item is done (and a video's transcript too). */
async function uploadAndWait(kind: 'presentations' | 'videos', file: string, fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([await readFile(file)]), file.split('/').pop()!);
  const item = await adminApi<{ id: number }>(h, `/api/${kind}`, { method: 'POST', body: form });
  for (;;) {
    const now = (await adminApi<Array<{ id: number; status: string; error?: string | null; transcript?: { state: string } | null }>>(h, `/api/${kind}`)).find((x) => x.id === item.id)!;
    assert.notEqual(now.status, 'failed', now.error ?? '');
    if (now.status === 'completed' && (kind !== 'videos' || now.transcript?.state === 'completed')) return item.id;
    await new Promise((r) => setTimeout(r, 100));
  }
}

before(async () => {
  await ensureWidgetBuild();
  site = await startBrandSite(() => h.server.url);
  siteOrigin = site.origin;
  clip = await videoFixtures.speech();
  fake = await startFakeStt({ apiKey: 'stt-key' });
  fake.setMode({ kind: 'segments', language: 'en', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i], text })) });
  h = await startHarness({ env: { STT_URL: fake.url, STT_API_KEY: 'stt-key', WIDGET_ORIGINS: siteOrigin } });
  const doc = await uploadDocumentViaApi(h, PDF, 'tracemonkey.pdf', TITLES.document);
  assert.equal(doc.status, 'completed', doc.error ?? '');
  ids.document = doc.id;
  ids.presentation = await uploadAndWait('presentations', DECK, { title: TITLES.presentation });
  ids.video = await uploadAndWait('videos', clip.path, { label: TITLES.video, hasSpeech: 'true', sourceLanguage: 'english' });
  await prepareFilm();
});
after(async () => {
  await h?.close();
  await fake?.close();
  await site?.close();
});

/**
 * The film clip through the product: uploaded (the endpoint's transcript first, as STT_URL is set), then transcribed
 * again offline (pocketsphinx, the product's own); the cue asked about is the first, by its longest word, whose own
 * words the document-search path answers or relates with a link to the clip inside that cue.
 */
async function prepareFilm() {
  fake.setMode({ kind: 'segments', language: 'en', segments: [{ start: 0, end: 2, text: 'placeholder' }] });
  film.id = await uploadAndWait('videos', await videoFixtures.tearsOfSteel(30), { label: film.title, hasSpeech: 'true', sourceLanguage: 'english' });
  fake.setMode({ kind: 'segments', language: 'en', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i], text })) });
  await adminApi(h, `/api/videos/${film.id}/transcribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ provider: 'offline' }) });
  for (;;) {
    const v = (await adminApi<Array<{ id: number; status: string; transcript?: { state: string; provider?: string | null } | null }>>(h, '/api/videos')).find((x) => x.id === film.id)!;
    assert.notEqual(v.transcript?.state, 'failed');
    if (v.status === 'completed' && v.transcript?.state === 'completed' && v.transcript.provider === 'pocketsphinx') break;
    assert.notEqual(v.transcript?.state, 'none', 'pocketsphinx kept no words of the film clip');
    await new Promise((r) => setTimeout(r, 200));
  }
  film.cues = (await adminApi<{ cues: Cue[] }>(h, `/api/videos/${film.id}/transcript`)).cues;
  const longest = (c: Cue) => Math.max(...c.text.split(/\W+/).map((w) => w.length));
  for (const cue of [...film.cues].sort((a, b) => longest(b) - longest(a))) {
    const reply = await adminApi<{ citations: Array<{ viewerUrl?: string }>; related?: Array<{ viewerUrl?: string }> }>(h, '/api/bot/rag-query', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: cue.text, referenceId: `viewer_film_cue_${film.cues.indexOf(cue)}_probe` }),
    });
    const at = [...reply.citations, ...(reply.related ?? [])].map((c) => c.viewerUrl ?? '').filter((u) => u.startsWith(`/view/video/${film.id}?`))
      .map((u) => Number(new URL(u, 'http://x').searchParams.get('t') ?? 0));
    if (at.some((t) => t < cue.end && cue === cueAt(film.cues, t))) { film.cue = cue; film.question = cue.text; break; }
  }
  assert.ok(film.cue, `no cue of the film clip's transcript is found by its own words: ${JSON.stringify(film.cues)}`);
  console.log(`film clip: ${film.cues.length} cues heard by pocketsphinx (${film.cues.map((c) => `${c.start}-${c.end} "${c.text}"`).join(', ')}); asked "${film.question}"`);
}

/**
 * Checks a viewer tab opened at a link: the file's title, its place, the quoted words lit on the page or slide
 * where the test's own reading of the file puts them, or the video at its cue; direction and width.
 */
async function checkViewer(tab: Page, kind: Kind, lang: Lang, width: number, label: string): Promise<string> {
  await tab.getByTestId('viewer-title').waitFor({ timeout: 30_000 });
  assert.equal(await tab.getByRole('heading', { level: 1 }).textContent(), TITLES[kind]);
  const url = new URL(tab.url());
  assert.equal(url.pathname, `/view/${kind}/${ids[kind]}`);
  const q = url.searchParams.get('q') ?? '';
  let note = '';
  if (kind === 'video') {
    note = await checkVideo(tab, clip.sentences.map((text, i) => ({ ...clip.spans[i]!, text })), lang, width);
  } else {
    const { img, boxes } = await screenBoxes(tab);
    if (kind === 'document') {
      const n = Number(url.searchParams.get('page'));
      assert.ok(n >= 1, 'a page is named');
      if (q) note = `page ${n}: ${checkPdfBoxes(await wordsOf(n), boxes, q)} words in ${boxes.length} boxes`;
      else assert.equal(boxes.length, 0);
    } else {
      const shapes = deckShapes(DECK, Number(url.searchParams.get('slide')));
      const hit = checkSlideBoxes(shapes, boxes, q);
      note = `slide ${url.searchParams.get('slide')}: boxed ${JSON.stringify(hit)}`;
    }
    await checkFrame(tab, lang, width, img);
  }
  assert.deepEqual(await cspViolations(tab), []);
  await screenshot(tab, lang, `viewer-${label}-${kind}-${width}`);
  return note;
}

/** A chat surface ready for questions: where its replies are and how to ask. */
async function openSurface(surface: 'rag-bot' | 'chat' | 'widget', context: BrowserContext, page: Page, lang: Lang): Promise<{ root: Page | Frame; ask(q: string): Promise<void> }> {
  if (surface === 'widget') {
    await page.goto(`${siteOrigin}/?lang=${lang}`);
    await page.locator('[data-smarthome-widget] button').click();
    const panel = (await (await page.locator('[data-smarthome-widget] iframe').elementHandle())!.contentFrame())!;
    await panel.locator('[data-testid="widget-bot-message"]').first().waitFor({ timeout: 30_000 });
    return { root: panel, ask: async (q) => { await panel.locator('textarea').fill(q); await panel.locator('textarea').press('Enter'); } };
  }
  if (surface === 'rag-bot') await signInFast(h, context);
  await page.goto(`/${surface}`);
  if (surface === 'chat') await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
  const ask = async (q: string) => {
    const input = page.getByRole('textbox').last();
    await input.fill(q);
    await input.press('Enter');
  };
  return { root: page, ask };
}

/** The last reply's link to the viewer of an item (a citation's or a related passage's). */
async function linkTo(root: Page | Frame, kind: Kind): Promise<Locator> {
  const link = root.locator(`a[href^="/view/${kind}/${ids[kind]}?"]`).last();
  await link.waitFor({ timeout: 45_000 });
  assert.equal(await link.getAttribute('target'), '_blank');
  return link;
}

const figures: string[] = [];

describe('the source viewer from every surface (browser)', () => {
  for (const surface of ['rag-bot', 'chat', 'widget'] as const) {
    for (const lang of LANGS) {
      for (const [width, height] of SIZES) {
        test(`${surface}: a question's link opens the PDF page, the slide and the video cue with the quoted words lit where the file has them (${lang}, ${width}x${height})`, async () => {
          const { context, page } = await newPage(h, { lang, width, height });
          const s = await openSurface(surface, context, page, lang);
          for (const kind of ['document', 'presentation', 'video'] as const) {
            const before = await s.root.locator(`a[href^="/view/${kind}/${ids[kind]}?"]`).count();
            await s.ask(QUESTIONS[kind]);
            await s.root.locator(`a[href^="/view/${kind}/${ids[kind]}?"]`).nth(before).waitFor({ timeout: 45_000 });
            const link = await linkTo(s.root, kind);
            const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
            figures.push(`${surface} ${lang} ${width}: ${kind} ${await checkViewer(tab, kind, lang, width, surface)}`);
            await tab.close();
          }
          await context.close();
        });
      }
    }
  }

  for (const lang of LANGS) {
    for (const [width, height] of SIZES) {
      test(`the console's row menu opens each table's item in the viewer; with a quote, its words are lit there (${lang}, ${width}x${height})`, async () => {
        const { context, page } = await newPage(h, { lang, width, height });
        await signInFast(h, context);
        for (const [kind, section, quote] of [['document', 'documents', 'traditional compilers need to emit generic code'], ['presentation', 'presentations', 'Group test text'], ['video', 'videos', 'remote control']] as const) {
          await page.goto(`/dashboard#${section}`);
          await page.getByRole('button', { name: TABLE[lang] }).click();
          await page.getByTestId('content-list').getByRole('button', { name: new RegExp(`^${MORE[lang]} ${TITLES[kind]}`) }).click();
          const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('menu').getByRole('menuitem', { name: OPEN[lang] }).click()]);
          await tab.waitForURL(new RegExp(`/view/${kind}/${ids[kind]}(\\?page=1|\\?slide=1)?$`));
          await checkViewer(tab, kind, lang, width, 'console');
          // The same place with the words a citation would carry: they are lit where the file has them.
          const at = kind === 'video' ? `?t=${clip.spans[1]!.start + 0.4}` : kind === 'document' ? '?page=1' : '?slide=1';
          await tab.goto(`/view/${kind}/${ids[kind]}${at}&q=${encodeURIComponent(quote)}`);
          figures.push(`console ${lang} ${width}: ${kind} ${await checkViewer(tab, kind, lang, width, 'console-quote')}`);
          if (kind === 'presentation') assert.equal(await tab.getByTestId('viewer-box').count(), 1, 'one box: the group\'s text box');
          await tab.close();
        }
        await context.close();
      });
    }
  }

  for (const lang of LANGS) {
    for (const [width, height] of SIZES) {
      test(`rag-bot: the real film clip's link opens the viewer at the cue pocketsphinx heard, its text shown and the asked words marked (${lang}, ${width}x${height})`, async () => {
        const { context, page } = await newPage(h, { lang, width, height });
        const s = await openSurface('rag-bot', context, page, lang);
        const links = s.root.locator(`a[href^="/view/video/${film.id}?"]`);
        await s.ask(film.question);
        await links.first().waitFor({ timeout: 45_000 });
        const link = links.last();
        assert.equal(await link.getAttribute('target'), '_blank');
        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await tab.getByTestId('viewer-title').waitFor({ timeout: 30_000 });
        assert.equal(await tab.getByRole('heading', { level: 1 }).textContent(), film.title);
        assert.equal(new URL(tab.url()).pathname, `/view/video/${film.id}`);
        const note = await checkVideo(tab, film.cues, lang, width);
        assert.equal((await tab.getByTestId('viewer-text').textContent())?.trim(), film.cue!.text, 'the viewer is at the cue asked about');
        assert.deepEqual(await cspViolations(tab), []);
        await screenshot(tab, lang, `viewer-rag-bot-film-${width}`);
        figures.push(`rag-bot ${lang} ${width}: film (pocketsphinx, ${film.cues.length} cues) asked "${film.question}": ${note}`);
        await tab.close();
        await context.close();
      });
    }
  }

  test('anonymously, a hidden item\'s viewer says the source is not available, as for a missing one (he, 390 px)', async () => {
    const form = new FormData();
    form.append('file', new Blob([await readFile(PDF)]), 'tracemonkey-staff.pdf');
    form.append('title', 'Staff copy');
    form.append('audience', 'staff');
    form.append('force', 'true');
    const staff = await adminApi<{ id: number }>(h, '/api/documents', { method: 'POST', body: form });
    const { context, page } = await newPage(h, { lang: 'he', width: 390, height: 844 });
    for (const id of [staff.id, 99999]) {
      await page.goto(`/view/document/${id}?page=1&q=compilers`);
      const missing = page.getByTestId('viewer-missing');
      await missing.waitFor();
      assert.equal((await missing.getByRole('heading').textContent())?.trim(), MISSING.he);
      assert.equal(await page.getByTestId('viewer-image').count(), 0);
    }
    await context.close();
    console.log(`viewer figures:\n${figures.join('\n')}`);
  });
});
