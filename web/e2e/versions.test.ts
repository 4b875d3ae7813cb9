import assert from 'node:assert/strict';
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
});
