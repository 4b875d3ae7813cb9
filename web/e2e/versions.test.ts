import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { layoutProblems } from './layout-check';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, toast, uploadDocumentViaApi, type Harness, type Lang } from './support';

const PHONE = { width: 390, height: 844 };
const WORDS = {
  en: { title: 'Review', approved: 'Approved', pending: 'Pending', replace: 'Replace file', dialog: /Replace the file of "Replace me"/, submit: 'Replace', waits: /New version \d+ waits for review/ },
  he: { title: 'אישור תוכן', approved: 'מאושרים', pending: 'ממתינים', replace: 'החלפת קובץ', dialog: /החלפת הקובץ של "Replace me"/, submit: 'החלפה', waits: /גרסה חדשה \d+ ממתינה לאישור/ },
} as const;
const LIST = {
  en: { table: 'Table view', more: /^More actions for Replace me/, versions: 'Versions', replace: 'Replace file', title: /Versions of ".?Replace me.?"/, restore: 'Restore version 1', restored: /restored from version 1/, live: 'Live' },
  he: { table: 'תצוגת טבלה', more: /^פעולות נוספות: Replace me/, versions: 'גרסאות', replace: 'החלפת קובץ', title: /הגרסאות של ".?Replace me.?"/, restore: 'שחזור גרסה 1', restored: /שוחזרה מגרסה 1/, live: 'פעילה' },
} as const;

/** "Replace file" in the console: English and Hebrew, desktop and 390 px; editors see no Approve. */
describe('replacing a file in the console (browser)', () => {
  let h: Harness;
  let id = 0;
  before(async () => {
    h = await startHarness({ env: { AUTO_APPROVE: 'false' } });
    const f = await fixtures.textPdf(1);
    const d = await uploadDocumentViaApi(h, f.path, 'replace-me.pdf', 'Replace me');
    assert.equal(d.status, 'completed', d.error ?? '');
    id = d.id;
    await adminApi(h, '/api/review/approve', { method: 'POST', body: JSON.stringify({ ids: [id] }), headers: { 'content-type': 'application/json' } });
  });
  after(() => h?.close());

  const signInAs = async (context: BrowserContext, username: string, password: string) => {
    const res = await context.request.post(`${h.server.url}/api/auth/login`, { data: { username, password } });
    assert.equal(res.status(), 200, await res.text());
    await context.addInitScript(() => localStorage.setItem('isAuthenticated', 'true'));
  };

  for (const lang of ['en', 'he'] as Lang[]) {
    for (const phone of [false, true]) {
      test(`${lang} ${phone ? '390 px' : 'desktop'}: Replace file uploads a new version; the item waits for review with the old one still approved`, async () => {
        const w = WORDS[lang];
        const { context, page } = await newPage(h, { lang, ...(phone ? PHONE : {}) });
        await signInFast(h, context);
        await page.goto('/dashboard#review');
        await page.getByRole('heading', { name: w.title, exact: true }).waitFor();
        await page.getByRole('button', { name: w.approved, exact: true }).click();
        const row = page.locator(`[data-testid="review-row"][data-id="${id}"]`);
        await row.getByTestId('replace-file-open').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(w.dialog).waitFor();
        const next = await fixtures.textPdf(2);
        await dialog.getByTestId('replace-file').setInputFiles(next.path);
        await animationsDone(page);
        await screenshot(page, lang, `replace-file-dialog${phone ? '-phone' : ''}`);
        await dialog.getByRole('button', { name: w.submit, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        // The confirmation, then out of the way (it covers the header on a phone).
        await toast(page).waitFor();
        await toast(page).getByRole('button').first().click();
        await toast(page).waitFor({ state: 'detached' });
        await page.getByRole('button', { name: w.pending, exact: true }).click();
        await page.locator(`[data-testid="review-row"][data-id="${id}"]`).getByTestId('pending-version').filter({ hasText: w.waits }).waitFor();
        if (lang === 'he') assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        const item = (await adminApi<Array<{ id: number; review: string; pendingVersion: { n: number } | null }>>(h, '/api/documents')).find((d) => d.id === id)!;
        assert.equal(item.review, 'approved', 'the live version stays approved');
        assert.ok(item.pendingVersion && item.pendingVersion.n >= 2);
        await animationsDone(page);
        await screenshot(page, lang, `replace-file-pending${phone ? '-phone' : ''}`);
        if (phone) assert.deepEqual(await layoutProblems(page), []);
        await context.close();
      });
    }
  }

  test('en desktop: an editor sees Replace file but no Approve or Reject', async () => {
    await adminApi(h, '/api/users', { method: 'POST', body: JSON.stringify({ username: 'edna', role: 'editor', password: 'editor-password-1' }), headers: { 'content-type': 'application/json' } });
    const { context, page } = await newPage(h, { lang: 'en' });
    await signInAs(context, 'edna', 'editor-password-1');
    await page.goto('/dashboard#review');
    const row = page.locator(`[data-testid="review-row"][data-id="${id}"]`);
    await row.getByTestId('replace-file-open').waitFor();
    for (const name of ['Approve selected', 'Reject selected', 'Approve Replace me', 'Reject Replace me']) {
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
    }
    await row.getByTestId('replace-file-open').click();
    assert.equal(await page.getByRole('dialog').getByText('Approve the new version when it is processed').count(), 0);
    await screenshot(page, 'en', 'review-as-editor');
    await context.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    for (const phone of [false, true]) {
      test(`${lang} ${phone ? '390 px' : '1366x768'}: the documents table's row menu has Versions and Replace file; the version list shows each version, Restore brings version 1 back as a new one`, async () => {
        const w = LIST[lang];
        // The version waiting from the tests before is approved and goes live, so no version waits and Restore is offered.
        await adminApi(h, '/api/review/approve', { method: 'POST', body: JSON.stringify({ ids: [id] }), headers: { 'content-type': 'application/json' } });
        for (const end = Date.now() + 60_000; ;) {
          const vs = await adminApi<Array<{ state: string }>>(h, `/api/items/${id}/versions`);
          if (!vs.some((v) => v.state === 'pending')) break;
          assert.ok(Date.now() < end, 'a version is still pending after 60 s');
          await new Promise((r) => setTimeout(r, 100)); // how often the state is looked at
        }
        // (run alone, the item has one version: a second is made here, through the API)
        if ((await adminApi<unknown[]>(h, `/api/items/${id}/versions`)).length < 2) {
          const form = new FormData();
          form.append('file', new Blob([await readFile((await fixtures.textPdf(3)).path)]), 'replace-me-3.pdf');
          form.append('approve', 'true');
          await adminApi(h, `/api/items/${id}/replace`, { method: 'POST', body: form });
          for (let i = 0; (await adminApi<Array<{ state: string }>>(h, `/api/items/${id}/versions`)).some((v) => v.state === 'pending'); i++) {
            assert.ok(i < 120, 'the new version is still pending after 60 s');
            await new Promise((r) => setTimeout(r, 500));
          }
        }
        const { context, page } = await newPage(h, { lang, ...(phone ? PHONE : { width: 1366, height: 768 }) });
        await signInFast(h, context);
        await page.goto('/dashboard#documents');
        await page.getByRole('button', { name: w.table }).click();
        const more = page.getByTestId('content-list').getByRole('button', { name: w.more });
        await more.click();
        const menu = page.getByRole('menu');
        await menu.getByRole('menuitem', { name: w.replace }).waitFor();
        await menu.getByRole('menuitem', { name: w.versions }).click();
        const dialog = page.getByRole('dialog', { name: w.title });
        const list = dialog.getByTestId('version-list');
        await list.getByTestId('version-item').nth(1).waitFor();
        assert.equal(await list.getByTestId('version-item').first().getAttribute('data-n'), String((await list.getByTestId('version-item').count())), 'newest first');
        await dialog.locator('[data-testid="version-item"][data-state="live"]').getByText(w.live).waitFor();
        await animationsDone(page);
        await screenshot(page, lang, `version-list${phone ? '-phone' : ''}`);
        // The dialog and its Restore fit the window, nothing in it scrolls sideways (the page behind the dialog is not checked).
        const fit = await dialog.evaluate((d) => ({ scroll: d.scrollWidth, client: d.clientWidth, left: d.getBoundingClientRect().left, right: d.getBoundingClientRect().right }));
        assert.ok(fit.scroll <= fit.client && fit.left >= 0 && fit.right <= (phone ? PHONE.width : 1366), JSON.stringify(fit));
        const r = (await dialog.getByRole('button', { name: w.restore }).boundingBox())!;
        assert.ok(r.x >= fit.left && r.x + r.width <= fit.right, `Restore at ${r.x}..${r.x + r.width} is outside the dialog`);
        const restore = dialog.getByRole('button', { name: w.restore });
        const before = await list.getByTestId('version-item').count();
        await restore.click();
        await list.getByTestId('version-item').nth(before).waitFor();
        await list.getByTestId('version-item').first().getByText(w.restored).waitFor();
        const versions = await adminApi<Array<{ n: number; restoredFrom?: number | null }>>(h, `/api/items/${id}/versions`);
        assert.equal(versions.at(-1)?.restoredFrom, 1);
        await animationsDone(page);
        await screenshot(page, lang, `version-restored${phone ? '-phone' : ''}`);
        await context.close();
      });
    }
  }
});
