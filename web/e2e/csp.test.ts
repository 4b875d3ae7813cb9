import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cspViolations, newPage, signInFast, startHarness, type Harness } from './support';

describe('the console under its Content-Security-Policy (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  test('sign-in, dashboard, an upload dialog, the public chat and the RAG bot work with nothing blocked', async () => {
    const { context, page } = await newPage(h);
    const first = await page.goto('/');
    assert.match(first?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.getByLabel('Username').waitFor();
    assert.deepEqual(await cspViolations(page), []);

    await signInFast(h, context);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: /Upload Content/ }).first().click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await cspViolations(page), []);

    await page.goto('/chat');
    await page.getByRole('textbox').first().waitFor();
    assert.deepEqual(await cspViolations(page), []);
    await page.goto('/rag-bot');
    await page.getByRole('textbox').first().waitFor();
    assert.deepEqual(await cspViolations(page), []);
    await context.close();
  });
});
