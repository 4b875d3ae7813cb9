/**
 * `cms translate` and `cms glossary` on a data folder with no server and no
 * API key: Apertium translates English into Spanish offline; Hebrew has no
 * provider and the record says what to configure.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createFixtures } from '../core/testing/fixtures';
import type { TranslationRecord } from '../core/foundation/types';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;
let id: number;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-translate-'));
  env = { DATA_DIR: path.join(tmp, 'data') };
  const f = await createFixtures(path.join(tmp, 'fixtures')).docx();
  const r = await runCmsHere(['import', f.path, '--json'], { env, timeoutMs: 120_000 });
  assert.equal(r.code, 0, r.stderr);
  id = parseJson<{ files: ImportRow[] }>(r).files[0]!.id!;
});
after(() => rmSync(tmp, { recursive: true, force: true }));

test('cms translate --to spanish,hebrew: Apertium translates offline (labelled machine); Hebrew is refused up front naming both ways to add a model (exit 1)', async () => {
  const r = await runCmsHere(['translate', String(id), '--to', 'spanish,hebrew', '--json'], { env, timeoutMs: 180_000 });
  assert.equal(r.code, 1, r.stderr);
  const { translations, refused } = parseJson<{ translations: TranslationRecord[]; refused: Array<{ targetLanguage: string; error: string }> }>(r);
  const es = translations.find((t) => t.targetLanguage === 'spanish')!;
  assert.equal(es.state, 'completed', es.error ?? '');
  assert.equal(es.provider, 'apertium');
  assert.equal(es.quality, 'machine');
  assert.equal(es.model, 'apertium eng-spa');
  assert.match(es.filePath!, /^\/api\/files\/documents\/translated\/\d+_spanish\.docx$/);
  assert.match(es.fileName!, / \(spanish\)\.docx$/);
  assert.equal(translations.find((t) => t.targetLanguage === 'hebrew'), undefined, 'no record, no job for a pair without a provider');
  assert.equal(refused.length, 1);
  assert.match(refused[0]!.error, /^No translation provider for english → hebrew\. .*ANTHROPIC_API_KEY.*LLM_PROVIDER=openai/);

  const list = await runCmsHere(['translate', '--providers'], { env, timeoutMs: 60_000 });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /apertium \(machine translation\): \d+ language pairs/);
  assert.match(list.stdout, /anthropic \(language model\): not available: .*ANTHROPIC_API_KEY/);
  assert.match(list.stdout, /english → spanish \(apertium\)/);

  const plain = await runCmsHere(['translate', String(id), '--to', 'spanish'], { env, timeoutMs: 60_000 });
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stdout, /document \d+ → spanish: completed \(apertium, machine translation\)/);
});

test('cms translate refuses an unknown language naming the accepted ones, exit 2', async () => {
  const r = await runCmsHere(['translate', String(id), '--to', 'klingon'], { env, timeoutMs: 60_000 });
  assert.equal(r.code, 2, 'a bad value exits 2, as bad usage does');
  assert.match(r.stderr + r.stdout, /Unknown target language "klingon". Accepted: english, spanish/);
});

test('cms glossary add / list / rm keep the terms with a version', async () => {
  const a = parseJson<{ version: number; entries: unknown[] }>(await runCmsHere(['glossary', 'add', 'AuraShade', '--json'], { env }));
  assert.equal(a.entries.length, 1);
  const b = await runCmsHere(['glossary', 'add', 'KNX gateway', '--as', 'spanish=pasarela KNX'], { env });
  assert.equal(b.code, 0, b.stderr);
  assert.match(b.stdout, /KNX gateway {2}→ {2}spanish: pasarela KNX/);
  const c = parseJson<{ version: number; entries: unknown[] }>(await runCmsHere(['glossary', 'rm', 'AuraShade', '--json'], { env }));
  assert.equal(c.version, a.version + 2);
  assert.equal(c.entries.length, 1);
});

test('cms import --translate-to hebrew with no provider: the summary counts the failed translation (exit 1) and cms status lists it', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-import-tr-'));
  try {
    const local = { DATA_DIR: path.join(dir, 'data') };
    const f = await createFixtures(path.join(dir, 'fixtures')).docx();
    const r = await runCmsHere(['import', f.path, '--translate-to', 'hebrew'], { env: local, timeoutMs: 180_000 });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /1 imported/);
    assert.match(r.stdout, /Translations into hebrew: 0 completed, 1 failed/);
    assert.match(r.stdout, /translation failed: No translation provider for english → hebrew\. .*LLM_PROVIDER=openai/);
    const s = await runCmsHere(['status'], { env: local, timeoutMs: 60_000 });
    assert.doesNotMatch(s.stdout + s.stderr, /nothing failed/);
    assert.match(s.stdout + s.stderr, /translation \d+ \(document \d+ → hebrew\) failed/);
    assert.match(s.stdout + s.stderr, /Translations: 1 failed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
