/**
 * The Chromium a browser test file drives. In a run of scripts/test.sh with browser files in it, one Chromium is
 * started for the whole run (scripts/test-browser.ts, `chromium.launchServer()`) and CMS_TEST_BROWSER_WS names it:
 * each file connects to it and works in browser contexts of its own (its cookies, storage and pages are its own;
 * `close()` drops them and disconnects, the shared Chromium keeps running). A file run alone launches its own.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags verified on this machine (shared/ARCHITECTURE.md). */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The run's shared Chromium when there is one (CMS_TEST_BROWSER_WS), else a Chromium of this process's own. */
export async function openBrowser(): Promise<Browser> {
  const ws = process.env.CMS_TEST_BROWSER_WS;
  if (ws) return chromium.connect(ws);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
