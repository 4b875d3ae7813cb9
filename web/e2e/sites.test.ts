import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SiteRun, SiteRunInput } from '../../core/types';
import { latinWordsInHebrew, seriousAxeViolations, describeAxe } from './checks';
import { layoutProblems } from './layout-check';
import { adminApi, newPage, screenshot, signInFast, startHarness, type Harness } from './support';

/**
 * The console's Website sources screen (issue 38.2): empty, it says how to add
 * a site; with recorded runs (POST /api/sites/runs, as `cms sync <URL>` records
 * them), a table of sites with their last run's counts and the cron lines to
 * schedule them; English and Hebrew (right to left), 1366 px and 390 px.
 */

let h: Harness;
before(async () => { h = await startHarness(); });
after(async () => { await h?.close(); });

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
