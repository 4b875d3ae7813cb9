/**
 * Review in reach (issue 39, point 2): at 1366x768 and 390x844, in English and
 * Hebrew, every row's Approve and Reject are on screen without sideways
 * scrolling, Review is worked by keyboard in a few keystrokes (Select all,
 * Tab, Enter approves everything listed), and after Approve, Reject (a
 * dialog) or a bulk action the focus is on the next row, never the page body.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { layoutProblems } from './layout-check';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang } from './support';

const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const WORDS = {
  en: { approve: 'Approve', reject: 'Reject', note: 'Note (why)', empty: 'Nothing waits for review' },
  he: { approve: 'אישור', reject: 'דחייה', note: 'הערה (מדוע)', empty: 'אין פריטים הממתינים לאישור' },
} as const;
/** Long titles (a long English one, a Hebrew one) make the widest rows. */
const TITLES = ['AuraShade motorised blinds installation guide for professional installers', 'מדריך התקנה לתריסים חשמליים בבניין מגורים', 'Zigbee hub pairing'];

type Row = { id: number; review: string };

/** The id of the row that holds the focused element, or what has the focus when it is no row. */
const focusedRow = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  const row = el?.closest('[data-testid="review-row"]');
  return row ? Number(row.getAttribute('data-id')) : `${el?.tagName.toLowerCase()}`;
});

describe('Review in reach: on screen and by keyboard at 1366x768 and 390x844 (browser)', () => {
  let h: Harness;
  const upload = async (prefix: string, firstPages: number) => {
    const ids: number[] = [];
    for (let i = 0; i < TITLES.length; i++) {
      const f = await fixtures.textPdf(firstPages + i);
      const d = await uploadDocumentViaApi(h, f.path, `${prefix}-${i}.pdf`, `${TITLES[i]} ${prefix}`);
      assert.equal(d.status, 'completed', d.error ?? '');
      ids.push(d.id);
    }
    return ids;
  };
  before(async () => {
    h = await startHarness({ env: { AUTO_APPROVE: 'false' } });
    await upload('a', 1);
  });
  after(() => h?.close());

  for (const lang of ['en', 'he'] as Lang[]) {
    for (const size of ['desktop', 'phone'] as const) {
      test(`${lang} ${SIZES[size].width}x${SIZES[size].height}: every row's Approve and Reject are whole on screen, no sideways scrolling`, async () => {
        const { context, page } = await newPage(h, { lang, ...SIZES[size] });
        await signInFast(h, context);
        await page.goto('/dashboard#review');
        await page.getByTestId('review-row').nth(2).waitFor();
        await animationsDone(page);
        const scroller = await page.getByTestId('review-table').evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
        assert.ok(scroller.scroll <= scroller.client + 1, `the table scrolls sideways: ${scroller.scroll} px of content in ${scroller.client} px`);
        for (const row of await page.getByTestId('review-row').all()) {
          for (const name of [WORDS[lang].approve, WORDS[lang].reject]) {
            const button = row.getByRole('button', { name: new RegExp(`^${name}`) });
            await button.scrollIntoViewIfNeeded();
            const box = (await button.boundingBox())!;
            assert.ok(box.x >= 0 && box.x + box.width <= SIZES[size].width, `${name} at ${Math.round(box.x)}..${Math.round(box.x + box.width)} is cut off in a ${SIZES[size].width} px window`);
          }
        }
        // A title cut short keeps its beginning: it is cut at its own end (a Hebrew title on the English screen at its left, an English one on the Hebrew screen at its right).
        const cut = await page.getByTestId('review-row').evaluateAll((rows) => rows.map((r) => {
          const el = r.querySelector<HTMLElement>('[data-testid="review-title"]')!;
          return { title: el.title, direction: getComputedStyle(el).direction };
        }));
        for (const c of cut) assert.equal(c.direction, /^[^A-Za-z]*[\u0590-\u05FF]/.test(c.title) ? 'rtl' : 'ltr', `"${c.title}" is cut in the wrong direction`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, lang, `review-reach-${size}`);
        if (size === 'phone') assert.deepEqual(await layoutProblems(page), []);
        await context.close();
      });
    }
  }

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang} 1366x768: by keyboard, Approve then Reject (its dialog) leave the focus on the next row, and Select all, Tab, Enter approves the rest`, async () => {
      const ids = await upload(`k${lang}`, lang === 'en' ? 4 : 7);
      const w = WORDS[lang];
      const { context, page } = await newPage(h, { lang, ...SIZES.desktop });
      await signInFast(h, context);
      await page.goto('/dashboard#review');
      const rowOf = (id: number) => page.locator(`[data-testid="review-row"][data-id="${id}"]`);
      await rowOf(ids[2]).waitFor();
      const listed = await page.getByTestId('review-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));
      const at = listed.indexOf(ids[0]);
      // From Select all: Tab to the row's checkbox, Tab to its Approve (2 keys), Enter.
      await page.getByTestId('select-all').focus();
      let keys = 0;
      while ((await focusedRow(page)) !== ids[0] && keys < 20) {
        await page.keyboard.press('Tab');
        keys++;
      }
      await page.keyboard.press('Tab');
      const approve = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      assert.ok(approve.startsWith(w.approve), `the Tab after the checkbox reaches Approve (got "${approve}")`);
      await page.keyboard.press('Enter');
      await rowOf(ids[0]).waitFor({ state: 'detached' });
      await page.waitForFunction((next) => document.activeElement?.closest('[data-testid="review-row"]')?.getAttribute('data-id') === String(next), listed[at + 1]);
      // Reject the focused row: Tab to Approve, Tab to Reject, Enter opens the dialog; the note, then its Reject button.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.note).fill('Draft prices');
      await dialog.getByRole('button', { name: w.reject, exact: true }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await rowOf(ids[1]).waitFor({ state: 'detached' });
      await page.waitForFunction((next) => document.activeElement?.closest('[data-testid="review-row"]')?.getAttribute('data-id') === String(next), listed[at + 2]);
      await screenshot(page, lang, 'review-focus-next-row');
      // Bulk: Select all, Space, Tab, Enter.
      await page.getByTestId('select-all').focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'bulk-approve');
      await page.keyboard.press('Enter');
      await page.getByText(w.empty).waitFor();
      // The focus moves after the empty list renders (a busy run read it between the two): wait for it to land.
      await page.waitForFunction(() => document.activeElement !== null && document.activeElement.tagName !== 'BODY', undefined, { timeout: 15_000 })
        .catch(() => undefined);
      assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'BODY', 'the focus is not dropped to the page body');
      const rows = new Map((await adminApi<Row[]>(h, '/api/review?filter=all')).map((r) => [r.id, r.review]));
      assert.deepEqual(ids.map((id) => rows.get(id)), ['approved', 'rejected', 'approved']);
      await context.close();
      // The next language's rows start from an empty queue plus their own.
    });
  }
});
