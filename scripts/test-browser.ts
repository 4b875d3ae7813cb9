// For scripts/test.sh: starts the run's one Chromium (playwright-core's launchServer, web/e2e/browser.ts's flags) and
// writes its WebSocket endpoint to the file named by the first argument once it listens; the browser files connect to
// it through CMS_TEST_BROWSER_WS, each in contexts of its own. Runs until SIGTERM (it closes Chromium then).
import { renameSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/browser';

const out = process.argv[2];
if (!out) throw new Error('usage: test-browser.ts <endpoint-file>');
const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
// Written whole and then renamed: the script never reads half an endpoint.
writeFileSync(`${out}.tmp`, `${server.wsEndpoint()}\n`);
renameSync(`${out}.tmp`, out);
const stop = () => { void server.close().finally(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
