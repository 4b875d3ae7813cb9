/**
 * Issue 37: what a translated PDF could not keep is on its record, in
 * `cms translate --json`: a signed PDF (issue16553.pdf) comes out unsigned,
 * and its signature's drawing with it, which the reader-side layout check
 * names on page 1.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../core/testing/corpus';
import type { TranslationRecord } from '../core/foundation/types';
import type { ImportRow } from './import/importer';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;
let id: number;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-cli-translate-pdf-'));
  env = { DATA_DIR: path.join(tmp, 'data') };
  const r = await runCmsHere(['import', corpusFile('pdf/issue16553.pdf'), '--json'], { env, timeoutMs: 180_000 });
  assert.equal(r.code, 0, r.stderr);
  id = parseJson<{ files: ImportRow[] }>(r).files[0]!.id!;
});
after(() => rmSync(tmp, { recursive: true, force: true }));

test('cms translate --json: a signed PDF completes with the signature warning and the layout check\'s page warning on its record', async () => {
  const r = await runCmsHere(['translate', String(id), '--to', 'spanish', '--json'], { env, timeoutMs: 240_000 });
  assert.equal(r.code, 0, r.stderr);
  const es = parseJson<{ translations: TranslationRecord[] }>(r).translations.find((t) => t.targetLanguage === 'spanish')!;
  assert.equal(es.state, 'completed', es.error ?? '');
  const codes = es.warnings.map((w) => [w.unit, w.code?.code]);
  assert.deepEqual(codes, [[null, 'warning.signature_removed'], [1, 'warning.layout_lost_ink']], JSON.stringify(es.warnings));
  assert.match(es.warnings[0]!.message, /digital signature does not carry over/);
});
