/**
 * Every screen of the console (web/e2e/screens.ts: built from the app's route
 * list; /view opened on a real document), the website widget's chat panel, in English and Hebrew, at 1366x768 and
 * 390x844 (Review with rows): axe-core finds no serious or critical accessibility violation, every control's
 * accessible name starts with the text it shows, and a Hebrew screen shows no English words (Latin
 * words outside product, file and technical names, web/e2e/checks.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { ensureWidgetBuild } from '../widget/build';
import { describeAxe, latinWordsInHebrew, namesNotStartingWithText, seriousAxeViolations } from './checks';
import { SCREENS } from './screens';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, toast, uploadDocumentViaApi, type Harness, type Lang } from './support';

/** The fixture's own words (a user's title and file name are theirs, in any language). */
const TITLE = 'AuraShade installation guide';
/** A scan read with an OCR language that is not installed (zz9): it completes with a warning. */
const SCAN_TITLE = 'סריקה עם אזהרה';
/** What the screens that show a job's warnings and a refused request say, per language. */
const SAYS = {
  en: {
    warnings: /^Completed with warnings: OCR languages not installed: zz9\.$/, origins: 'Sites allowed to embed it', save: 'Save', refused: /^"ftp:\/\/a\.b\/c" must be a site origin only/,
    uploadDocument: 'Upload Document', file: 'File', upload: 'Upload', duplicate: /This file is already in the catalog as "\u2068AuraShade installation guide\u2069" \(id \u2068\d+\u2069\), so it was not uploaded again\./,
  },
  he: {
    warnings: /^הושלם עם אזהרות: \u2068שפות OCR שאינן מותקנות: \u2068zz9\u2069\.\u2069$/, origins: 'אתרים שמותר להם להטמיע אותו', save: 'שמירה', refused: /^הכתובת "\u2068ftp:\/\/a\.b\/c\u2069" צריכה להיות מקור של אתר בלבד/,
    uploadDocument: 'העלאת מסמך', file: 'קובץ', upload: 'העלאה', duplicate: /הקובץ הזה כבר נמצא בקטלוג בשם "\u2068AuraShade installation guide\u2069" \(מזהה \u2068\d+\u2069\), ולכן לא הועלה שוב\./,
  },
} as const;

/** The sizes every screen is checked at: a laptop and a phone. */
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }] as const;

async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), null, { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await animationsDone(page);
}

describe('every screen, both languages: accessibility (axe-core) and Hebrew wording (browser)', () => {
  let h: Harness;
  let fileName = '';
  let filePath = '';
  /** The pages the route list holds with a parameter (/view/:type/:id), opened on the guide: the viewer at its first page with a word lit. */
  let viewerUrl = '';
  before(async () => {
    // The server and browser start while the fixtures are generated; both imports run at once (the worker takes two jobs).
    const [, pdf, scan] = await Promise.all([
      startHarness({ env: { OCR_LANGUAGES: 'eng+heb+fra+zz9' } }).then((started) => (h = started)), fixtures.pdf(), fixtures.scannedPdf(), ensureWidgetBuild(),
    ]);
    fileName = pdf.fileName;
    filePath = pdf.path;
    const [guide, scanned] = await Promise.all([uploadDocumentViaApi(h, pdf.path, pdf.fileName, TITLE), uploadDocumentViaApi(h, scan.path, scan.fileName, SCAN_TITLE)]);
    assert.equal(guide.status, 'completed');
    viewerUrl = `/view/document/${guide.id}?page=1&q=${encodeURIComponent('installation')}`;
    assert.equal(scanned.status, 'completed', scanned.error ?? '');
    const record = (await adminApi<Array<{ id: number; stepCode?: { code: string; parts?: Array<{ code: string }> } }>>(h, '/api/documents')).find((d) => d.id === scanned.id);
    assert.equal(record?.stepCode?.code, 'completed_with_warnings');
    assert.deepEqual(record?.stepCode?.parts?.map((p) => p.code), ['warning.ocr_languages_missing']);
  });
  after(async () => {
    await h?.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang}: axe-core finds no serious or critical violation on any screen${lang === 'he' ? ', and no screen shows English words' : ''}`, async () => {
      const axeFound: string[] = [];
      const english: string[] = [];
      const misnamed: string[] = [];
      const signedOut = await newPage(h, { lang });
      const signedIn = await newPage(h, { lang });
      await signInFast(h, signedIn.context);
      // Every screen at both sizes a reviewer works at: a laptop (1366x768) and a phone (390x844).
      for (const size of SIZES) {
        await signedOut.page.setViewportSize(size);
        await signedIn.page.setViewportSize(size);
        // Every screen of the route list (a page with a parameter opened on the guide), and the website widget's chat panel.
        const screens = [
          ...SCREENS.map((s) => (s.url.startsWith('/view/') ? { ...s, url: viewerUrl } : s)),
          { name: 'widget-panel', url: `/widget/frame#lang=${lang}`, signedIn: false },
        ];
        for (const s of screens) {
          const { page } = s.signedIn ? signedIn : signedOut;
          const name = `${s.name} ${size.width}x${size.height}`;
          await page.goto('about:blank');
          await page.goto(s.url);
          if (s.name === 'widget-panel') {
            await page.getByTestId('widget-bot-message').first().waitFor({ timeout: 30_000 })
              .catch(async (e: Error) => { throw new Error(`${name}: ${e.message}\n${await page.evaluate(() => document.body.innerHTML.slice(0, 1500))}`); });
          }
          else await settle(page).catch((e: Error) => { throw new Error(`${name}: ${e.message}`); });
          if (s.name === 'chat') await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
          if (s.url === viewerUrl) await page.locator('mark').first().waitFor({ timeout: 30_000 });
          await animationsDone(page);
          for (const f of await seriousAxeViolations(page)) axeFound.push(describeAxe(name, f));
          for (const m of await namesNotStartingWithText(page)) misnamed.push(`${name}: ${m}`);
          if (lang === 'he') {
            const words = await latinWordsInHebrew(page, { allow: [...TITLE.split(' '), fileName] });
            if (words.length) english.push(`${name}: ${words.join(', ')}`);
          }
        }
        // Review with rows in it (every item, whatever its state; the screen list shows its empty Pending filter).
        const { page } = signedIn;
        await page.goto('about:blank');
        await page.goto('/dashboard#review');
        await settle(page);
        await page.getByTestId('review-filters').getByRole('button').last().click();
        await page.getByTestId('review-row').first().waitFor();
        await animationsDone(page);
        for (const f of await seriousAxeViolations(page)) axeFound.push(describeAxe(`review (all) ${size.width}x${size.height}`, f));
        for (const m of await namesNotStartingWithText(page)) misnamed.push(`review (all) ${size.width}x${size.height}: ${m}`);
        if (lang === 'he') {
          const words = await latinWordsInHebrew(page, { allow: [...TITLE.split(' '), fileName] });
          if (words.length) english.push(`review (all): ${words.join(', ')}`);
        }
      }
      await signedOut.page.setViewportSize(SIZES[0]);
      await signedIn.page.setViewportSize(SIZES[0]);
      // The table views of the content sections, with the first row's menu open (their cells and menu are screens too).
      const { page } = signedIn;
      for (const section of ['documents', 'presentations', 'videos']) {
        await page.goto('about:blank');
        await page.goto(`/dashboard#${section}`);
        await settle(page);
        await page.getByRole('button', { name: lang === 'en' ? 'Table view' : 'תצוגת טבלה' }).click();
        await page.getByTestId('content-list').waitFor();
        const more = page.getByTestId('content-list').locator('tbody tr').first().locator('[aria-haspopup="menu"]');
        if (await more.count()) {
          await more.click();
          await page.getByRole('menu').waitFor();
        }
        await animationsDone(page);
        const name = `${section}-table`;
        for (const f of await seriousAxeViolations(page)) axeFound.push(describeAxe(name, f));
        for (const m of await namesNotStartingWithText(page)) misnamed.push(`${name}: ${m}`);
        if (lang === 'he') {
          const words = await latinWordsInHebrew(page, { allow: [...TITLE.split(' '), fileName] });
          if (words.length) english.push(`${name}: ${words.join(', ')}`);
        }
      }
      // A document that completed with warnings, and a request the server refused, worded in the screen's language.
      await page.goto('about:blank');
      await page.goto('/dashboard#documents');
      const warned = page.getByTestId('item-warnings');
      await warned.waitFor();
      assert.match((await warned.textContent()) ?? '', SAYS[lang].warnings);
      await warned.scrollIntoViewIfNeeded();
      await screenshot(page, lang, 'documents-warnings');
      await page.goto('about:blank');
      await page.goto('/dashboard#widget');
      await settle(page);
      await page.getByLabel(SAYS[lang].origins).fill('ftp://a.b/c');
      await page.getByRole('button', { name: SAYS[lang].save, exact: true }).click();
      const refused = page.getByRole('alert').filter({ hasText: SAYS[lang].refused });
      await refused.waitFor();
      await screenshot(page, lang, 'widget-refused');
      await page.setViewportSize({ width: 390, height: 844 });
      await refused.scrollIntoViewIfNeeded();
      await screenshot(page, lang, 'widget-refused-phone');
      await page.setViewportSize({ width: 1366, height: 900 });
      for (const f of await seriousAxeViolations(page)) axeFound.push(describeAxe('widget-refused', f));
      if (lang === 'he') {
        const words = await latinWordsInHebrew(page, { allow: [...TITLE.split(' '), fileName] });
        if (words.length) english.push(`widget-refused: ${words.join(', ')}`);
      }
      // An upload the server refuses for a reason of its own (the same file imported already): its toast says why, in the screen's language.
      await page.goto('about:blank');
      await page.goto('/dashboard#documents');
      await settle(page);
      await page.getByRole('button', { name: SAYS[lang].uploadDocument }).first().click();
      const dialog = page.getByRole('dialog', { name: SAYS[lang].uploadDocument });
      await dialog.getByLabel(SAYS[lang].file).setInputFiles(filePath);
      await dialog.getByRole('button', { name: SAYS[lang].upload, exact: true }).click();
      await toast(page).filter({ hasText: SAYS[lang].duplicate }).waitFor();
      await animationsDone(page);
      await screenshot(page, lang, 'upload-refused');
      for (const f of await seriousAxeViolations(page)) axeFound.push(describeAxe('upload-refused', f));
      if (lang === 'he') {
        const words = await latinWordsInHebrew(page, { allow: [...TITLE.split(' '), fileName] });
        if (words.length) english.push(`upload-refused: ${words.join(', ')}`);
      }
      await signedOut.context.close();
      await signedIn.context.close();
      const report = `axe-core (${lang}):\n${axeFound.join('\n')}\nEnglish words on Hebrew screens:\n${english.join('\n')}\nNames not starting with the visible text:\n${misnamed.join('\n')}`;
      assert.deepEqual([...axeFound, ...english, ...misnamed], [], report);
    });
  }
});
