import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { layoutProblems } from './layout-check';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, toast, uploadDocumentViaApi, type Harness, type Lang } from './support';

const PHONE = { width: 390, height: 844 };
const WORDS = {
  en: { open: /items pending approval/, loading: 'Loading…', title: 'Review', pending: 'Pending review', approve: 'Approve', approveSelected: 'Approve selected', rejectSelected: 'Reject selected', reject: 'Reject', approved: 'Approved', rejected: 'Rejected' },
  he: { open: /הפריטים הממתינים לאישור/, loading: 'טוען…', title: 'אישור תוכן', pending: 'ממתין לאישור', approve: 'אישור', approveSelected: 'אישור הנבחרים', rejectSelected: 'דחיית הנבחרים', reject: 'דחייה', approved: 'מאושר', rejected: 'נדחה' },
} as const;

type Row = { id: number; review: string; reviewNote: string | null; approvedBy: string | null };

describe('the review queue in the console (browser)', () => {
  let h: Harness;
  const ids: number[] = [];
  before(async () => {
    h = await startHarness({ env: { AUTO_APPROVE: 'false' } });
    for (const pages of [1, 2, 3]) {
      const f = await fixtures.textPdf(pages);
      const d = await uploadDocumentViaApi(h, f.path, `review-${pages}.pdf`, `Review item ${pages}`);
      assert.equal(d.status, 'completed', d.error ?? '');
      ids.push(d.id);
    }
  });
  after(() => h?.close());

  const openQueue = async (lang: Lang, width?: number) => {
    const { context, page } = await newPage(h, { lang, ...(width ? PHONE : {}) });
    await signInFast(h, context);
    await page.goto('/dashboard');
    // The Pending Approvals card counts real pending items and opens the list of them.
    const card = page.getByRole('button', { name: WORDS[lang].open });
    // The count arrives with the dashboard's figures: wait for it (the card shows 0 until they load).
    await card.filter({ hasText: /3/ }).waitFor({ timeout: 30_000 });
    await card.click();
    await page.getByRole('heading', { name: WORDS[lang].title, exact: true }).waitFor();
    await page.getByTestId('review-row').nth(2).waitFor();
    return { context, page };
  };

  for (const lang of ['en', 'he'] as Lang[]) {
    for (const phone of [false, true]) {
      test(`${lang} ${phone ? '390 px' : 'desktop'}: the dashboard card opens the pending items with amber badges, laid out without faults`, async () => {
        const { context, page } = await openQueue(lang, phone ? PHONE.width : undefined);
        assert.equal(await page.getByTestId('review-row').count(), 3);
        assert.equal(await page.getByTestId('review-badge').filter({ hasText: WORDS[lang].pending }).count(), 3);
        if (lang === 'he') assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await animationsDone(page);
        await screenshot(page, lang, `review-queue${phone ? '-phone' : ''}`);
        if (phone) assert.deepEqual(await layoutProblems(page), []);
        await context.close();
      });
    }
  }

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang}: until the figures arrive the Pending Approvals card is busy and shows no count, then the real count (never a 0 first)`, async () => {
      const { context, page } = await newPage(h, { lang });
      await signInFast(h, context);
      // Every value the card's figure ever shows, recorded as the page changes it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { pendingSeen: string[] }).pendingSeen = seen;
        new MutationObserver(() => {
          const card = [...document.querySelectorAll('[data-testid="metric-card"]')].find((c) => c.querySelector('button'));
          const value = card?.querySelector('[data-testid="metric-value"]')?.textContent;
          if (value != null && seen.at(-1) !== value) seen.push(value);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      // The figures are held until the card's first state has been read.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let asked!: () => void;
      const requested = new Promise<void>((r) => (asked = r));
      await page.route('**/api/dashboard/metrics', async (route) => {
        asked();
        await held;
        await route.continue();
      });
      await page.goto('/dashboard');
      await requested;
      const card = page.getByTestId('metric-card').filter({ has: page.getByRole('button', { name: WORDS[lang].open }) });
      await card.getByTestId('metric-loading').waitFor();
      assert.equal(await card.getAttribute('aria-busy'), 'true');
      assert.equal(await card.getByTestId('metric-value').count(), 0, 'no figure while loading');
      assert.equal(await card.getByRole('progressbar').count(), 0, 'no bar at 0 while loading');
      assert.doesNotMatch((await card.getByRole('button').textContent()) ?? '', /\d/, 'the button names no count');
      assert.equal(await card.getByRole('status').textContent(), WORDS[lang].loading);
      await screenshot(page, lang, 'dashboard-loading');
      await page.setViewportSize(PHONE);
      await screenshot(page, lang, 'dashboard-loading-phone');
      assert.deepEqual(await layoutProblems(page), []);
      await page.setViewportSize({ width: 1366, height: 900 });
      release();
      await card.getByTestId('metric-value').filter({ hasText: /^3$/ }).waitFor();
      assert.equal(await card.getAttribute('aria-busy'), 'false');
      await page.getByRole('button', { name: lang === 'en' ? 'Open the 3 items pending approval' : /פתיחת 3 הפריטים/ }).waitFor();
      assert.deepEqual(await page.evaluate(() => (window as unknown as { pendingSeen: string[] }).pendingSeen), ['3']);
      await context.close();
    });
  }

  test('en desktop: approve one item, reject two in bulk with a note; badges turn green and red', async () => {
    const { context, page } = await openQueue('en');
    const first = page.locator(`[data-testid="review-row"][data-id="${ids[0]}"]`);
    await first.getByRole('button', { name: `Approve Review item 1` }).click();
    await toast(page).getByText(/Approved: public once processed/).waitFor();
    await page.locator(`[data-testid="review-row"][data-id="${ids[0]}"]`).waitFor({ state: 'detached' });
    for (const id of ids.slice(1)) await page.locator(`[data-testid="review-row"][data-id="${id}"]`).getByRole('checkbox').check();
    await page.getByTestId('review-selected').getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Reject selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (why)').fill('Draft prices');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Nothing waits for review').waitFor();
    await page.getByRole('button', { name: 'Rejected', exact: true }).click();
    await page.getByTestId('review-row').nth(1).waitFor();
    assert.equal(await page.getByTestId('review-badge').filter({ hasText: 'Rejected' }).count(), 2);
    assert.match((await page.getByTestId('review-badge').first().getAttribute('class')) ?? '', /bg-red-100/, 'red badge');
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await page.getByTestId('review-badge').filter({ hasText: 'Approved' }).first().waitFor();
    assert.match((await page.getByTestId('review-badge').first().getAttribute('class')) ?? '', /bg-green-100/, 'green badge');
    await screenshot(page, 'en', 'review-approved');
    const rows = await adminApi<Row[]>(h, '/api/review?filter=all');
    const byId = new Map(rows.map((r) => [r.id, r]));
    assert.deepEqual(ids.map((id) => byId.get(id)?.review), ['approved', 'rejected', 'rejected']);
    assert.equal(byId.get(ids[1])?.reviewNote, 'Draft prices');
    assert.equal(byId.get(ids[0])?.approvedBy, 'admin');
    await context.close();
  });

  test('he 390 px: bulk approve from the phone, in Hebrew', async () => {
    for (const pages of [4, 5]) {
      const f = await fixtures.textPdf(pages);
      ids.push((await uploadDocumentViaApi(h, f.path, `review-${pages}.pdf`, `פריט ${pages}`)).id);
    }
    const { context, page } = await newPage(h, { lang: 'he', ...PHONE });
    await signInFast(h, context);
    await page.goto('/dashboard#review');
    await page.getByTestId('review-row').nth(1).waitFor();
    await page.getByTestId('select-all').click();
    await page.getByRole('button', { name: WORDS.he.approveSelected }).click();
    await page.getByText('אין פריטים הממתינים לאישור').waitFor();
    await screenshot(page, 'he', 'review-queue-phone-empty');
    const rows = await adminApi<Row[]>(h, '/api/review?filter=approved');
    assert.ok(ids.slice(3).every((id) => rows.some((r) => r.id === id)));
    await context.close();
  });
});
