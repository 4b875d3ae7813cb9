/**
 * Browser-test support: the real server (server/testing.ts), a web/dist
 * built once (and rebuilt when stale), Debian chromium through playwright-core (the run's shared one: browser.ts),
 * sign-in helpers and screenshots under artifacts/screenshots/.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureWebBuild } from '../bundle-size';
import { openBrowser } from './browser';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(ROOT, 'artifacts', 'screenshots');

export { CHROMIUM_ARGS, openBrowser } from './browser';

/** Builds web/dist once for all test files running in parallel (a lock directory serialises builds). */
export async function buildWebOnce(): Promise<void> {
  const lock = join(tmpdir(), 'smarthome-web-build.lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* the holder just released it */
      }
      if (Date.now() - started > 180_000) throw new Error('Timed out waiting for the web build lock');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await ensureWebBuild();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface Harness {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(opts: { env?: Record<string, string> } = {}): Promise<Harness> {
  await buildWebOnce();
  const server = await startTestServer({ env: opts.env });
  let browser: Browser;
  try {
    browser = await openBrowser();
  } catch (e) {
    await server.stop();
    throw e;
  }
  return {
    server,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

export type Lang = 'en' | 'he';

/** A fresh browser context on the server, with the UI language preset. */
export async function newPage(h: Harness, opts: { lang?: Lang; width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({
    baseURL: h.server.url,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  const lang = opts.lang ?? 'en';
  await context.addInitScript((l) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l);
  }, lang);
  // Every Content-Security-Policy violation is recorded in the page (see cspViolations).
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** What the console's Content-Security-Policy blocked on this page so far. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Signs in through the API (cookie in the context) and sets the hint flag, as the login form does. */
export async function signInFast(h: Harness, context: BrowserContext): Promise<void> {
  const res = await context.request.post(`${h.server.url}/api/auth/login`, { data: { username: h.server.username, password: h.server.password } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  await context.addInitScript(() => localStorage.setItem('isAuthenticated', 'true'));
}

/** Saves a full-page screenshot as artifacts/screenshots/<lang>/<name>.png. */
export async function screenshot(page: Page, lang: Lang, name: string): Promise<string> {
  const dir = join(SCREENSHOT_DIR, lang);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** The text of the toast on screen (only one is shown at a time). */
/** Waits until no CSS animation or transition runs (dialogs opened, toasts slid in): a still page for screenshots and checks. */
export async function animationsDone(page: Page): Promise<void> {
  // Endless ones (a spinner beside a running job) never finish: only animations with an end are waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 15_000 },
  );
}

export function toast(page: Page) {
  return page.getByTestId('toast').first();
}

/** Calls the admin API with the server's token (for setup that is not under test). */
export async function adminApi<T>(h: Harness, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${h.server.url}${path}`, { ...init, headers: { authorization: `Bearer ${h.server.token}`, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Uploads a file as a document through the API and waits until its status is final. */
export async function uploadDocumentViaApi(h: Harness, filePath: string, fileName: string, title: string, timeoutMs = 90_000): Promise<{ id: number; status: string; error?: string | null }> {
  const { readFile } = await import('node:fs/promises');
  const form = new FormData();
  form.append('file', new Blob([await readFile(filePath)]), fileName);
  form.append('title', title);
  form.append('description', '');
  form.append('status', 'pending');
  form.append('needsTranslation', 'false');
  form.append('targetLanguage', '');
  const doc = await adminApi<{ id: number; status: string }>(h, '/api/documents', { method: 'POST', body: form });
  return waitForDocument(h, doc.id, timeoutMs);
}

export async function waitForDocument(h: Harness, id: number, timeoutMs = 90_000): Promise<{ id: number; status: string; error?: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const docs = await adminApi<Array<{ id: number; status: string; error?: string | null }>>(h, '/api/documents');
    const d = docs.find((x) => x.id === id);
    if (d && (d.status === 'completed' || d.status === 'failed')) return d;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${d?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100)); // how often its state is looked at (the deadline above ends a wait that never holds)
  }
}

/**
 * A brand's page on another origin that embeds the widget (`?lang=he` sets the page's language): for tests of the
 * widget as visitors meet it. `widgetBase` is read per request, so the site can start before the harness it names.
 */
export async function startBrandSite(widgetBase: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const site = createServer((req, res) => {
    const lang = new URL(req.url ?? '/', 'http://x').searchParams.get('lang') ?? 'en';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Brand</title></head><body>
<script src="${widgetBase()}/widget.js" data-lang="${lang}"></script></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const { port } = site.address() as import('node:net').AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => site.close(() => r())) };
}
