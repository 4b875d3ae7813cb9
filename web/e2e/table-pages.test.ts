import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { adminApi, animationsDone, newPage, screenshot, SCREENSHOT_DIR, signInFast, startHarness, waitForDocument, type Harness, type Lang } from './support';

/** More documents than one page of 10 rows: 23 make three pages, the last one with 3 rows. */
const COUNT = 23;

describe('the content table pages through the server (browser)', () => {
  let h: Harness;
  const ids: number[] = [];
  before(async () => {
    // A one-page text PDF: the rows are what is paged, so each import need not render, OCR and embed the
    // LibreOffice guide (about 4 s an import, 23 times over, against about 0.5 s).
    const [, pdf] = await Promise.all([startHarness().then((started) => (h = started)), fixtures.textPdf(1)]);
    const bytes = await readFile(pdf.path);
    for (let i = 1; i <= COUNT; i++) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), pdf.fileName);
      form.append('title', `Paged manual ${String(i).padStart(2, '0')}`);
      form.append('description', '');
      form.append('status', 'pending');
      form.append('needsTranslation', 'false');
      form.append('targetLanguage', '');
      form.append('force', 'true'); // the same file each time, imported again on purpose
      ids.push((await adminApi<{ id: number }>(h, '/api/documents', { method: 'POST', body: form })).id);
    }
    // The pages are read once every import has finished: 23 PDF imports running beside the browser slowed its
    // clicks past their deadline on a loaded machine (CI, stop 30), and a row's status would change under the test.
    for (const id of ids) assert.equal((await waitForDocument(h, id)).status, 'completed', `document ${id} imported`);
  });
  after(async () => {
    await h?.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang}: the footer gives the whole count, Next and Previous reach every page, the last page's rows show`, async () => {
      const L = lang === 'en'
        ? { table: 'Table view', rows: 'Rows per page', next: 'Next', prev: 'Previous', showing: (a: number, b: number) => `Showing ${a} to ${b} of ${COUNT} results`, page: (p: number) => `Page ${p} of 3` }
        : { table: 'תצוגת טבלה', rows: 'שורות בעמוד', next: 'הבא', prev: 'הקודם', showing: (a: number, b: number) => `מוצגות תוצאות ${a} עד ${b} מתוך ${COUNT}`, page: (p: number) => `עמוד ${p} מתוך 3` };
      const { context, page } = await newPage(h, { lang });
      await signInFast(h, context);
      const asked: string[] = [];
      page.on('request', (r) => { if (r.url().includes('/api/content')) asked.push(new URL(r.url()).search); });
      await page.goto('/dashboard#documents');
      await page.getByRole('button', { name: L.table }).click();
      const list = page.getByTestId('content-list');
      const showing = list.getByTestId('content-showing');
      const rowIds = async () => (await list.locator('tbody tr td:first-child').allTextContents()).map((s) => Number(s.trim()));

      // The default page (25 rows) holds all 23.
      await showing.getByText(L.showing(1, COUNT), { exact: true }).waitFor();
      assert.deepEqual(await rowIds(), ids);

      // 10 rows a page: three pages, chosen with the keyboard.
      const size = list.getByLabel(L.rows);
      await size.focus();
      await size.selectOption('10');
      await showing.getByText(L.showing(1, 10), { exact: true }).waitFor();
      await list.getByTestId('content-page').getByText(L.page(1), { exact: true }).waitFor();
      assert.deepEqual(await rowIds(), ids.slice(0, 10));
      const prev = list.getByRole('button', { name: L.prev, exact: true });
      const next = list.getByRole('button', { name: L.next, exact: true });
      assert.equal(await prev.isDisabled(), true, 'no page before the first');

      await next.focus();
      await page.keyboard.press('Enter');
      await showing.getByText(L.showing(11, 20), { exact: true }).waitFor();
      await next.click();
      await showing.getByText(L.showing(21, COUNT), { exact: true }).waitFor();
      await list.getByTestId('content-page').getByText(L.page(3), { exact: true }).waitFor();
      await list.locator('tbody tr').nth(2).waitFor();
      assert.deepEqual(await rowIds(), ids.slice(20), 'the last page shows the last rows, by id');
      assert.equal(await next.isDisabled(), true, 'no page after the last');
      assert.ok(asked.some((q) => /limit=10/.test(q) && /offset=20/.test(q)), `the last page was asked of the server (${asked.join(' ')})`);
      await animationsDone(page);
      await screenshot(page, lang, 'documents-table-last-page');

      await prev.click();
      await showing.getByText(L.showing(11, 20), { exact: true }).waitFor();
      assert.deepEqual(await rowIds(), ids.slice(10, 20));
      await context.close();
    });
  }

  test('a phone shows the pager inside the window', async () => {
    const { context, page } = await newPage(h, { lang: 'he', width: 390, height: 844 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByRole('button', { name: 'תצוגת טבלה' }).click();
    const list = page.getByTestId('content-list');
    await list.getByTestId('content-showing').getByText(`מוצגות תוצאות 1 עד ${COUNT} מתוך ${COUNT}`, { exact: true }).waitFor();
    await animationsDone(page);
    await screenshot(page, 'he', 'documents-table-pager-390');
    const pager = list.getByRole('navigation');
    await pager.screenshot({ path: join(SCREENSHOT_DIR, 'he', 'documents-table-pager-390-footer.png'), animations: 'disabled' });
    const box = await pager.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the pager is inside the window (${JSON.stringify(box)})`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'the page does not scroll sideways at 390 px');
    await context.close();
  });
});
