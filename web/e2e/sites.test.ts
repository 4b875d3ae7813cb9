import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { SiteRun, SiteRunInput } from '../../core/foundation/types';
import { latinWordsInHebrew, seriousAxeViolations, describeAxe } from './checks';
import { layoutProblems } from './layout-check';
import { adminApi, newPage, screenshot, signInFast, startHarness, toast, type Harness } from './support';

/**
 * The console's Website sources screen (issue 38.2): empty, it says how to add
 * a site; with recorded runs (POST /api/sites/runs, as `cms sync <URL>` records
 * them), a table of sites with their last run's counts and the cron lines to
 * schedule them; English and Hebrew (right to left), 1366 px and 390 px. An
 * admin's "Sync now" runs a site (a local one on 127.0.0.1, allowed by its
 * last run's --allow-host) in the background, its progress on the screen.
 */

let h: Harness;
/** A local site of three pages; while `held` is set, page 3 waits for it (a run caught in the middle). */
let held: Promise<void> | null = null;
const local = http.createServer(async (req, res) => {
  const p = req.url ?? '/';
  const { port } = local.address() as AddressInfo;
  if (p === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(`<?xml version="1.0"?><urlset>${[1, 2, 3].map((n) => `<url><loc>http://127.0.0.1:${port}/guides/${n}</loc></url>`).join('')}</urlset>`);
  }
  const m = /^\/guides\/([123])$/.exec(p);
  if (!m) return res.writeHead(404).end();
  if (m[1] === '3' && held) await held;
  if (req.headers['if-none-match'] === `"g${m[1]}"`) return res.writeHead(304).end();
  res.writeHead(200, { 'content-type': 'text/html', etag: `"g${m[1]}"` });
  res.end(`<!doctype html><html><head><title>Guide ${m[1]}</title></head><body><main><h1>Installation guide ${m[1]}</h1>
<p>Step ${m[1]}: mount the Lumen bracket with the two screws supplied, then clip the device onto it until it clicks. The LED blinks green once paired.</p></main></body></html>`);
});
before(async () => {
  await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
  h = await startHarness();
});
after(async () => {
  await h?.close();
  await new Promise((r) => local.close(r));
});

const SHOP = 'https://shop.example.com/sitemap.xml';
const DOCS = 'https://docs.example.com/';
const run = (site: string, extra: Partial<SiteRunInput>): SiteRunInput => ({
  site, startedAt: '2026-12-07T03:00:00.000Z', finishedAt: '2026-12-07T03:00:42.000Z', mode: 'sitemap',
  found: 66, new: 61, changed: 2, removed: 1, failed: 3, unchanged: 0, flags: { approve: true, delete: false, allowHosts: ['shop.example.com'] }, ...extra,
});

const SAYS = {
  en: { nav: 'Website sources', empty: 'No website synced yet', columns: ['Site', 'Pages', 'Last run', 'Found', 'New', 'Changed', 'Removed', 'Failed'], schedule: 'Schedule' },
  he: { nav: 'אתרים כמקור', empty: 'עדיין לא סונכרן אף אתר', columns: ['אתר', 'דפים', 'הרצה אחרונה', 'נמצאו', 'חדשים', 'השתנו', 'הוסרו', 'נכשלו'], schedule: 'תזמון' },
} as const;

test('empty: the screen says how to add a site, with the command', async () => {
  const { context, page } = await newPage(h, { width: 390, height: 844 });
  try {
    await signInFast(h, context);
    await page.goto('/dashboard#sites');
    await page.getByRole('heading', { level: 1, name: SAYS.en.nav }).waitFor();
    await page.getByText(SAYS.en.empty).waitFor();
    assert.match(await page.getByTestId('sites-command').innerText(), /^cms sync https:\/\/\S+ --allow-host \S+$/);
  } finally {
    await context.close();
  }
});

for (const lang of ['en', 'he'] as const) {
  for (const width of [1366, 390]) {
    test(`${lang} at ${width} px: the sites table with the last run's counts, the schedule's cron lines; accessible, fits`, async () => {
      const recorded = await adminApi<SiteRun[]>(h, '/api/sites');
      if (!recorded.length) {
        for (const r of [run(DOCS, { mode: 'crawl', found: 0, new: 0, changed: 0, removed: 0, failed: 0, error: 'Refused: 10.0.0.5 is a private or loopback address' }), run(SHOP, {})]) {
          await adminApi(h, '/api/sites/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(r) });
        }
      }
      const { context, page } = await newPage(h, { lang, width, height: 844 });
      try {
        await signInFast(h, context);
        await page.goto('/dashboard');
        const nav = page.getByRole('button', { name: SAYS[lang].nav }).or(page.getByRole('link', { name: SAYS[lang].nav }));
        if (width < 768) await page.goto('/dashboard#sites');
        else await nav.first().click();
        await page.getByRole('heading', { level: 1, name: SAYS[lang].nav }).waitFor();
        const rows = page.getByTestId('site-row');
        await rows.nth(1).waitFor();
        assert.equal(await page.locator('html').getAttribute('dir'), lang === 'he' ? 'rtl' : 'ltr');
        assert.deepEqual(await page.getByRole('columnheader').allInnerTexts().then((t) => t.map((s) => s.trim().toLowerCase())), SAYS[lang].columns.map((c) => c.toLowerCase()));
        const first = await rows.first().innerText();
        assert.match(first, /shop\.example\.com/);
        for (const n of ['66', '61', '2', '1', '3']) assert.match(first, new RegExp(`\\b${n}\\b`));
        assert.match(await rows.nth(1).innerText(), /private or loopback address/);
        await page.getByRole('heading', { level: 2, name: SAYS[lang].schedule }).waitFor();
        const cron = await page.getByTestId('sites-command').allInnerTexts();
        assert.ok(cron.includes(`0 3 * * * cms sync ${SHOP} --allow-host shop.example.com --approve --json >> /var/log/cms-sync.log 2>&1`), cron.join('\n'));
        await screenshot(page, lang, `sites-${width}`);
        assert.deepEqual(await layoutProblems(page), []);
        assert.deepEqual((await seriousAxeViolations(page)).map((f) => describeAxe('sites', f)), []);
        if (lang === 'he') assert.deepEqual(await latinWordsInHebrew(page), []);
      } finally {
        await context.close();
      }
    });
  }
}

const NOW = {
  en: { syncNow: 'Sync now', started: 'Sync started', running: /^Running: 2 of 3 pages$/ },
  he: { syncNow: 'סנכרון עכשיו', started: 'הסנכרון התחיל', running: /^בהרצה: 2 מתוך 3 דפים$/ },
} as const;

for (const [lang, width] of [['en', 1366], ['he', 390]] as const) {
  test(`${lang} at ${width} px: an admin's "Sync now" runs the site in the background, its progress shown until the run is listed`, async () => {
    const { port } = local.address() as AddressInfo;
    const site = `http://127.0.0.1:${port}/sitemap.xml`;
    if (!(await adminApi<Array<{ site: string }>>(h, '/api/sites')).some((s) => s.site === site)) {
      // The operator's first run from the command line named the host it may reach: "Sync now" reuses that.
      const first = { ...run(site, { found: 0, new: 0, changed: 0, removed: 0, failed: 0 }), flags: { approve: false, delete: false, allowHosts: [`127.0.0.1:${port}`] } };
      await adminApi(h, '/api/sites/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(first) });
    }
    let release = () => {};
    held = new Promise<void>((r) => { release = r; });
    const { context, page } = await newPage(h, { lang, width, height: 844 });
    try {
      await signInFast(h, context);
      await page.goto('/dashboard#sites');
      const row = page.getByTestId('site-row').filter({ hasText: `127.0.0.1:${port}` });
      const runsBefore = (await adminApi<Array<{ site: string; runs: number }>>(h, '/api/sites')).find((s) => s.site === site)!.runs;
      const button = row.getByRole('button', { name: NOW[lang].syncNow });
      assert.equal(await button.getAttribute('aria-describedby') !== null, true, 'the button is described by its site');
      await button.click();
      // The confirmation, then out of the way (it covers the header on a phone).
      await toast(page).filter({ hasText: NOW[lang].started }).waitFor();
      await toast(page).getByRole('button').first().click();
      await toast(page).waitFor({ state: 'detached' });
      // Page 3 is held: the row says how far the run is, the button waits.
      const status = row.getByRole('status');
      await status.filter({ hasText: NOW[lang].running }).waitFor({ timeout: 30_000 });
      assert.match((await status.innerText()).trim(), NOW[lang].running);
      assert.equal(await button.isDisabled(), true);
      assert.equal(await page.locator('html').getAttribute('dir'), lang === 'he' ? 'rtl' : 'ltr');
      await screenshot(page, lang, `sites-running-${width}`);
      assert.deepEqual(await layoutProblems(page), []);
      assert.deepEqual((await seriousAxeViolations(page)).map((f) => describeAxe('sites running', f)), []);
      if (lang === 'he') assert.deepEqual(await latinWordsInHebrew(page), []);
      release();
      await status.waitFor({ state: 'detached', timeout: 30_000 });
      await button.and(page.locator(':enabled')).waitFor();
      const after = (await adminApi<Array<{ site: string; runs: number; pages: number; lastRun: SiteRun }>>(h, '/api/sites')).find((s) => s.site === site)!;
      assert.equal(after.runs, runsBefore + 1);
      assert.equal(after.lastRun.found, 3);
      assert.equal(after.lastRun.error, undefined);
      assert.equal(after.pages, 3);
      // The row shows the new run's counts: 3 found.
      assert.match(await row.innerText(), /\b3\b/);
    } finally {
      held = null;
      release();
      await context.close();
    }
  });
}
