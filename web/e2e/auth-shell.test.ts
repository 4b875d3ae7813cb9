import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newPage, screenshot, signInFast, startHarness, toast, type Harness } from './support';

describe('sign-in, shell, language and 404 (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  test('a wrong password shows "Invalid email or password"; the right one opens the dashboard and stores the flag', async () => {
    const { context, page } = await newPage(h);
    await page.goto('/');
    await page.getByLabel('Username').fill(h.server.username);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await screenshot(page, 'en', 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page).getByText('Invalid email or password').first().waitFor();
    assert.equal(await toast(page).getAttribute('data-variant'), 'destructive');
    assert.equal(await page.evaluate(() => localStorage.getItem('isAuthenticated')), null);

    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('type'), 'text');
    await page.getByLabel('Password', { exact: true }).fill(h.server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page).getByText('Login successful').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('isAuthenticated')), 'true');
    await page.getByText('Admin User').first().waitFor();
    await page.getByText('Building Manager').first().waitFor();
    // the metric cards come from the API
    assert.equal(await page.getByTestId('metric-card').count(), 4);
    await page.getByText('+28%').waitFor();
    await context.close();
  });

  test('the floating chat button on the sign-in screen leads to /chat and its side follows the language', async () => {
    const { context, page } = await newPage(h);
    await page.goto('/');
    const button = page.getByTestId('floating-chat');
    const box = await button.boundingBox();
    assert.ok(box && box.x > 1000, 'bottom right in English');
    await page.getByRole('button', { name: 'עברית' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const boxHe = await button.boundingBox();
    assert.ok(boxHe && boxHe.x < 200, 'bottom left in Hebrew');
    await page.getByLabel('שם משתמש').waitFor();
    await screenshot(page, 'he', 'login');
    await button.click();
    await page.waitForURL('**/chat');
    await context.close();
  });

  test('choosing Hebrew sets dir="rtl", lang="he" and Hebrew labels, stores the choice and survives a reload', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'עברית' }).click();
    await page.getByRole('heading', { level: 1, name: 'לוח בקרה' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'he');
    assert.equal(await page.evaluate(() => localStorage.getItem('i18nextLng')), 'he');
    assert.equal(await page.evaluate(() => localStorage.getItem('isRTL')), 'true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'לוח בקרה' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.getByText('אזור העלאת קבצים').waitFor();
    // The sidebar sits on the right in RTL.
    const nav = await page.getByRole('navigation', { name: 'ניווט ראשי' }).boundingBox();
    assert.ok(nav && nav.x > 900, `sidebar on the right, x=${nav?.x}`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
    assert.equal(await page.evaluate(() => localStorage.getItem('isRTL')), 'false');
    await context.close();
  });

  test('sidebar: parents expand with their own chevrons, several at once, the section is kept in the URL across reloads', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Show Documents sub-items' }).click();
    await nav.getByRole('button', { name: 'Show Videos sub-items' }).click();
    await nav.getByRole('button', { name: 'Document Images' }).waitFor();
    await nav.getByRole('button', { name: 'Podcast' }).click();
    await page.getByRole('heading', { level: 1, name: 'Smart Home Insights' }).waitFor();
    assert.match(page.url(), /\/dashboard#podcast$/);
    // the parent is highlighted when a child is active
    assert.equal(await nav.locator('[data-nav="videos"]').locator('..').getAttribute('data-active'), 'true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Smart Home Insights' }).waitFor();
    await page.getByRole('button', { name: 'Add New Smart Home Insight' }).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto('/presentation-images');
    await page.getByRole('heading', { level: 1, name: 'Presentation Images' }).waitFor();
    await page.getByText('No presentation images found').waitFor();
    await context.close();
  });

  test('an unknown path shows the 404 page', async () => {
    for (const lang of ['en', 'he'] as const) {
      const { context, page } = await newPage(h, { lang });
      await page.goto('/no/such/page');
      if (lang === 'en') {
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await page.getByText('Did you forget to add the page to the router?').waitFor();
      } else {
        await page.getByRole('heading', { name: '404 הדף לא נמצא' }).waitFor();
      }
      await screenshot(page, lang, 'not-found');
      await context.close();
    }
  });

  test('a 401 from any API call returns to the sign-in screen and clears the flag', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard#categories');
    await page.getByRole('heading', { level: 1, name: 'Product Categories' }).waitFor();
    await context.clearCookies();
    // the categories list polls every 5 s; its 401 ends the session in the UI
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 12_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('isAuthenticated')), null);
    await context.close();
  });

  test('logout returns to the sign-in screen and the admin API then answers 401', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('isAuthenticated')), null);
    const res = await context.request.get(`${h.server.url}/api/documents`);
    assert.equal(res.status(), 401);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  test('while the stored sign-in flag is confirmed a full-screen "Loading..." is shown', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    // The server's answer is held until the test has seen the loading screen.
    let release: () => void = () => {};
    const seen = new Promise<void>((r) => { release = r; });
    await context.route('**/api/auth/me', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/');
    await page.getByText('Loading...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });
});
