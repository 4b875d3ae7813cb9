/**
 * The console's rough edges (issue 39): the audit log in Hebrew shows field
 * names and values as the screen words them (no raw English keys), and the
 * widget settings' tag is whole at 390 px with a Copy button that copies it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { latinWordsInHebrew } from './checks';
import { layoutProblems } from './layout-check';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, uploadDocumentViaApi, type Harness, type Lang } from './support';

const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('console rough edges: the audit log in Hebrew, the widget tag on a phone (browser)', () => {
  let h: Harness;
  let id = 0;
  before(async () => {
    h = await startHarness({ env: { AUTO_APPROVE: 'false' } });
    const f = await fixtures.textPdf(1);
    id = (await uploadDocumentViaApi(h, f.path, 'edges.pdf', 'Edge guide')).id;
    await adminApi(h, `/api/documents/${id}`, json({ title: 'Edge guide v2' }, 'PATCH'));
    await adminApi(h, '/api/review/access', json({ ids: [id], audience: 'staff' }));
    await adminApi(h, '/api/review/reject', json({ ids: [id], note: 'Prices are out of date' }));
  });
  after(() => h?.close());

  test('he: the audit log names the fields and values in Hebrew (title edit, audience change, rejection with a note); no English word but names', async () => {
    const { context, page } = await newPage(h, { lang: 'he' });
    await signInFast(h, context);
    await page.goto('/dashboard#audit');
    const changes = page.getByTestId('audit-change');
    await changes.filter({ hasText: 'כותרת:' }).first().waitFor();
    const title = (await changes.filter({ hasText: 'כותרת:' }).first().textContent()) ?? '';
    assert.match(title, /^כותרת: Edge guide ← Edge guide v2$/);
    const audience = (await changes.filter({ hasText: 'מי רשאי לראות:' }).first().textContent()) ?? '';
    assert.match(audience, /^מי רשאי לראות: כולם \(ציבורי\) ← צוות בלבד \(מחוברים\)$/);
    // A rejection's fields too (its note was shown as the raw field name reviewNote).
    const note = (await changes.filter({ hasText: 'הערת הבדיקה:' }).first().textContent()) ?? '';
    assert.match(note, /הערת הבדיקה: — ← Prices are out of date$/);
    assert.deepEqual(await latinWordsInHebrew(page), []);
    await animationsDone(page);
    await screenshot(page, 'he', 'audit-log');
    await context.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    test(`${lang} 390 px: the widget tag is whole (wrapped, not cut off) and Copy puts it on the clipboard`, async () => {
      const { context, page } = await newPage(h, { lang, width: 390, height: 844 });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.url });
      await signInFast(h, context);
      await page.goto('/dashboard#widget');
      const tag = page.getByTestId('widget-snippet');
      await tag.waitFor();
      const box = await tag.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right, left: el.getBoundingClientRect().left }));
      assert.ok(box.scroll <= box.client, `the tag scrolls: ${box.scroll} px in ${box.client} px`);
      assert.ok(box.left >= 0 && box.right <= 390, `the tag is cut off: ${box.left}..${box.right}`);
      assert.deepEqual(await layoutProblems(page), []);
      await page.getByTestId('widget-copy').click();
      await page.waitForFunction(async (expected) => (await navigator.clipboard.readText()) === expected, (await tag.textContent()) ?? '');
      assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js" async><\/script>$/);
      await tag.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await screenshot(page, lang, 'widget-tag-phone');
      await context.close();
    });
  }

  test('en 1366x768: after Delete in a content table\'s row menu, the focus is on the next row\'s menu button, not the page body', async () => {
    const ids: number[] = [];
    for (const pages of [2, 3]) {
      const f = await fixtures.textPdf(pages);
      ids.push((await uploadDocumentViaApi(h, f.path, `edges-${pages}.pdf`, `Edge ${pages}`)).id);
    }
    const { context, page } = await newPage(h, { lang: 'en', width: 1366, height: 768 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByRole('button', { name: 'Table view' }).click();
    const row = (id: number) => page.locator(`[data-testid="content-list"] tr[data-id="${id}"]`);
    await row(ids[1]).waitFor();
    const order = await page.locator('[data-testid="content-list"] tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));
    const victim = order[0];
    page.once('dialog', (d) => void d.accept());
    await row(victim).locator('[aria-haspopup="menu"]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await row(victim).waitFor({ state: 'detached' });
    await page.waitForFunction((next) => document.activeElement?.closest('tr')?.getAttribute('data-id') === String(next), order[1]);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')), 'menu');
    await context.close();
  });

  test('he 390 px: a row menu opened at the bottom of the window shows every item on screen (above its button)', async () => {
    const { context, page } = await newPage(h, { lang: 'he', width: 390, height: 844 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByRole('button', { name: 'תצוגת טבלה' }).click();
    const more = page.getByTestId('content-list').locator('[aria-haspopup="menu"]').last();
    await more.waitFor();
    // The button at the very bottom of the window, as a thumb finds the last row's (the window ends just below it).
    const height = Math.ceil(await more.evaluate((b) => b.getBoundingClientRect().bottom + window.scrollY)) + 8;
    await page.setViewportSize({ width: 390, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await more.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const item of await menu.getByRole('menuitem').all()) {
      const r = (await item.boundingBox())!;
      assert.ok(r.y >= 0 && r.y + r.height <= height, `"${await item.textContent()}" at ${Math.round(r.y)}..${Math.round(r.y + r.height)} in a ${height} px window`);
    }
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'menuitem');
    await screenshot(page, 'he', 'row-menu-bottom-phone');
    await context.close();
  });

  test('he 1366x768: after Delete on a document card (its confirmation), the focus is on the next card, not the page body', async () => {
    const ids: number[] = [];
    for (const pages of [5, 6]) {
      const f = await fixtures.textPdf(pages);
      ids.push((await uploadDocumentViaApi(h, f.path, `cards-${pages}.pdf`, `Card ${pages}`)).id);
    }
    const { context, page } = await newPage(h, { lang: 'he', width: 1366, height: 768 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    const card = (id: number) => page.locator(`[data-testid="document-card"][data-id="${id}"]`);
    await card(ids[1]).waitFor();
    const order = await page.getByTestId('document-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-id'))));
    const victim = order[order.indexOf(ids[0])];
    page.once('dialog', (d) => void d.accept());
    await card(victim).getByRole('button', { name: /^מחיקה/ }).focus();
    await page.keyboard.press('Enter');
    await card(victim).waitFor({ state: 'detached' });
    await page.waitForFunction((next) => document.activeElement?.closest('[data-testid="document-card"]')?.getAttribute('data-id') === String(next), order[order.indexOf(victim) + 1]);
    await context.close();
  });

  for (const lang of ['en', 'he'] as Lang[]) {
    for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      test(`${lang} ${size.width}x${size.height}: the /rag-bot message box is in view as the page opens`, async () => {
        const { context, page } = await newPage(h, { lang, ...size });
        await signInFast(h, context);
        await page.goto('/rag-bot');
        const box = page.getByTestId('rag-chat').locator('textarea');
        await box.waitFor();
        await animationsDone(page);
        const r = (await box.boundingBox())!;
        assert.ok(r.y >= 0 && r.y + r.height <= size.height, `the message box is at ${Math.round(r.y)}..${Math.round(r.y + r.height)} in a ${size.height} px window`);
        await screenshot(page, lang, `rag-bot-${size.width}`);
        await context.close();
      });
    }
  }

  test('en 1366x768: after Translate in a content table row (its dialog), the focus stays on the row while the item is processed, not on the page body', async () => {
    const f = await fixtures.textPdf(4);
    const doc = await uploadDocumentViaApi(h, f.path, 'edges-translate.pdf', 'Edge translate');
    const { context, page } = await newPage(h, { lang: 'en', width: 1366, height: 768 });
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByRole('button', { name: 'Table view' }).click();
    const row = page.locator(`[data-testid="content-list"] tr[data-id="${doc.id}"]`);
    await row.getByTestId('translate-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('translate-language').selectOption('spanish');
    await dialog.getByTestId('translate-submit').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The row shows the item being translated (the button stays, unusable), then done again.
    await row.locator('[data-testid="translate-button"][aria-disabled="true"]').waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-id')), String(doc.id), 'the focus stays in the row');
    await row.locator('[data-testid="translate-button"]:not([aria-disabled])').waitFor({ timeout: 120_000 });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'translate-button');
    await context.close();
  });
});
