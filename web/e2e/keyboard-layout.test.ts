/**
 * Keyboard-only use and the layouts people meet first (browser):
 * - after sending a chat message (/chat, /rag-bot) the focus stays in the message box;
 * - a dialog closed with Escape gives the focus back to the button that opened it;
 * - the Documents table fits 1,280 px with its row actions visible, in English and Hebrew; its row menu
 *   (Edit, Delete) works with the keyboard only: Enter opens it, arrows move, Escape closes it and gives the
 *   focus back to its button, Edit opens the edit dialog;
 * - on a phone /chat fits an 800 px tall window and its buttons are at least 44 px touch targets.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { fixtures } from '../../core/testing/fixtures';
import { animationsDone, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang } from './support';

const activeTestId = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}` : 'none';
});

describe('keyboard focus and first layouts (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    const pdf = await fixtures.pdf();
    assert.equal((await uploadDocumentViaApi(h, pdf.path, pdf.fileName, 'AuraShade installation guide for the living-room blinds')).status, 'completed');
  });
  after(async () => {
    await h?.close();
  });

  for (const [route, label, answer] of [['/chat', 'Message', 'chat-bot-message'], ['/rag-bot', 'Question', 'rag-bot-message']] as const) {
    test(`${route}: typed and sent with the keyboard only, the focus stays in the message box (also after the answer)`, async () => {
      const { context, page } = await newPage(h);
      if (route === '/rag-bot') await signInFast(h, context);
      await page.goto(route);
      const box = page.getByLabel(label, { exact: true });
      await box.waitFor();
      if (route === '/chat') await page.getByTestId(answer).first().waitFor({ timeout: 30_000 }); // the greeting
      const before = await page.getByTestId(answer).count();
      await box.focus();
      await page.keyboard.type('How do I install the blinds?');
      await page.keyboard.press('Enter');
      assert.equal(await box.evaluate((el) => el === document.activeElement), true, `right after sending, focus is on ${await activeTestId(page)}`);
      await page.waitForFunction(([id, n]) => document.querySelectorAll(`[data-testid="${id}"]`).length > (n as number), [answer, before] as const, { timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('textarea[aria-busy="true"]'), null, { timeout: 30_000 });
      assert.equal(await box.evaluate((el) => el === document.activeElement), true, `after the answer, focus is on ${await activeTestId(page)}`);
      // The next question goes straight in.
      await page.keyboard.type('x');
      assert.equal(await box.inputValue(), 'x');
      await context.close();
    });
  }

  test('a dialog closed with Escape gives the focus back to the button that opened it', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: 'Upload Content' }).first();
    await opener.waitFor();
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await opener.evaluate((el) => el === document.activeElement), true, `focus went to ${await activeTestId(page)}`);
    await context.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang}: the Documents table fits 1,280 px, its row actions visible`, async () => {
      const { context, page } = await newPage(h, { lang, width: 1280, height: 800 });
      await signInFast(h, context);
      await page.goto('/dashboard#documents');
      await page.getByRole('button', { name: lang === 'en' ? 'Table view' : 'תצוגת טבלה' }).click();
      const list = page.getByTestId('content-list');
      await list.locator('tbody tr').first().waitFor();
      await animationsDone(page);
      const fit = await list.evaluate((el) => {
        const table = el.querySelector('table')!;
        const scroller = table.parentElement!;
        const row = table.querySelector('tbody tr')!;
        const buttons = [...row.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        const area = scroller.getBoundingClientRect();
        return {
          table: Math.round(table.getBoundingClientRect().width), area: Math.round(area.width),
          scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
          actionsInside: buttons.length > 0 && buttons.every((r) => r.left >= Math.max(0, area.left) - 1 && r.right <= Math.min(window.innerWidth, area.right) + 1),
          page: document.documentElement.scrollWidth > window.innerWidth,
        };
      });
      await screenshot(page, lang, 'documents-table-1280');
      assert.equal(fit.scrolls, false, `the table is ${fit.table} px in a ${fit.area} px area (${lang})`);
      assert.equal(fit.page, false, 'the page does not scroll sideways');
      assert.equal(fit.actionsInside, true, 'Translate and the row menu are inside the visible area');

      // The row menu, keyboard only.
      const L = lang === 'en'
        ? { more: /^More actions for /, edit: 'Edit', versions: 'Versions', replace: 'Replace file', viewer: 'Open in viewer', del: 'Delete', dialog: 'Edit document' }
        : { more: /^פעולות נוספות: /, edit: 'עריכה', versions: 'גרסאות', replace: 'החלפת קובץ', viewer: 'פתיחה במציג', del: 'מחיקה', dialog: 'עריכת מסמך' };
      const items = [L.edit, L.versions, L.replace, L.viewer, L.del];
      const opener = list.locator('tbody tr').first().getByRole('button', { name: L.more });
      assert.equal(await opener.getAttribute('aria-haspopup'), 'menu');
      assert.equal(await opener.getAttribute('aria-expanded'), 'false');
      await opener.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      assert.equal(await opener.getAttribute('aria-expanded'), 'true');
      assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), items);
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      assert.equal(await focused(), L.edit, 'Enter opens the menu on its first item');
      for (const next of items.slice(1)) {
        await page.keyboard.press('ArrowDown');
        assert.equal(await focused(), next, 'Arrow Down moves to the next item');
      }
      await page.keyboard.press('ArrowDown');
      assert.equal(await focused(), L.edit, 'and wraps around');
      const box = await menu.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 1280, `the menu is inside the window (${JSON.stringify(box)})`);
      await screenshot(page, lang, 'documents-table-row-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      assert.equal(await opener.evaluate((el) => el === document.activeElement), true, `Escape gives the focus back to the menu button (it is on ${await activeTestId(page)})`);
      // Space opens it too; Enter on Edit opens the edit dialog.
      await page.keyboard.press('Space');
      await menu.waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: L.dialog }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await context.close();
    });
  }

  test('phone: /chat fits an 800 px tall window and every button there is a touch target of at least 44 px', async () => {
    const { context, page } = await newPage(h, { width: 390, height: 800 });
    await page.goto('/chat');
    await page.getByTestId('chat-bot-message').first().waitFor({ timeout: 30_000 });
    await animationsDone(page);
    const r = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      small: [...document.querySelectorAll('button, a[href]')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
        .map(({ el, r }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${Math.round(r.width)}×${Math.round(r.height)}`),
    }));
    await screenshot(page, 'en', 'phone-chat-800');
    assert.deepEqual([r.height <= 800 ? null : `the page is ${r.height} px tall in an 800 px window`, ...r.small].filter(Boolean), [], 'fits 800 px; no button under 44×44 px');
    await context.close();
  });
});
