import assert from 'node:assert/strict';
import { openAsBlob, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { requestedSegments, translatingResponder } from '../core/testing/fake-translate';
import { buildLongDocx } from '../core/testing/fixture-translate';
import type { Document, TranslationRecord } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

const killHard = async (s: TestServer) => {
  const exited = new Promise((r) => s.child!.once('exit', r));
  s.child!.kill('SIGKILL');
  await exited;
};

describe('translation durability', () => {
  it('a server killed in the middle of a translation resumes it after restart without sending finished segments again', async () => {
    const file = path.join(os.tmpdir(), `long-${process.pid}.docx`);
    await writeFile(file, await buildLongDocx(8, 10));
    const translate = translatingResponder();
    // The first server's fifth translation request is held until that server is killed: the translation is then surely
    // under way (four requests answered), and not finished (the event, not a slow model).
    let answered = 0;
    let killed!: () => void;
    const dead = new Promise<void>((r) => (killed = r));
    const fake = await startFakeAnthropic({
      responder: async (r) => {
        if (requestedSegments(r) !== null && ++answered > 4) await dead;
        return translate(r);
      },
    });
    const env = { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', TRANSLATION_MAX_INPUT_TOKENS: '250' };
    const first = await startTestServer({ process: true, env });
    let second: TestServer | null = null;
    try {
      const cookie = await login(first);
      const form = new FormData();
      form.set('needsTranslation', 'true');
      form.set('targetLanguage', 'german');
      form.set('file', await openAsBlob(file), 'long.docx');
      const doc = (await (await fetch(`${first.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form })).json()) as Document;
      const isTranslation = (i: number) => requestedSegments(fake.requests[i]!) !== null;
      const translationRequests = () => fake.requests.map((_, i) => i).filter(isTranslation);
      // Killed once the fifth request waits and the first two answers are in the translation memory's files.
      const memoryDir = path.join(first.dataDir, 'translation-memory');
      const remembered = () => {
        try {
          return readdirSync(memoryDir).filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(path.join(memoryDir, f), 'utf8')).join('\n');
        } catch {
          return '';
        }
      };
      const firstTwo = () => translationRequests().slice(0, 2).flatMap((i) => Object.values(requestedSegments(fake.requests[i]!)!));
      for (const end = Date.now() + 90_000; translationRequests().length < 5 || !firstTwo().every((seg) => remembered().includes(JSON.stringify(seg)));) {
        assert.ok(Date.now() < end, `${translationRequests().length} translation requests; the first two answers not remembered within 90 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await killHard(first);
      killed();
      const finished = firstTwo();
      const before = fake.requests.length;

      second = await startTestServer({ process: true, dataDir: first.dataDir, env });
      const c2 = await login(second);
      let t: TranslationRecord | undefined;
      for (const end = Date.now() + 120_000; Date.now() < end;) {
        t = ((await (await fetch(`${second.url}/api/documents/${doc.id}/translations`, { headers: { cookie: c2 } })).json()) as TranslationRecord[])[0];
        if (t && (t.state === 'completed' || t.state === 'failed')) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(t?.state, 'completed', t?.error ?? 'not finished');
      const resent = fake.requests.slice(before).flatMap((r) => Object.values(requestedSegments(r) ?? {}));
      for (const s of finished) assert.ok(!resent.includes(s), `"${s}" was paid for twice`);
      assert.ok(t!.memoryHits >= new Set(finished).size, `${t!.memoryHits} memory hits`);
      assert.equal(t!.progress.done, t!.progress.total);
    } finally {
      killed();
      await second?.stop();
      await fake.close();
      rmSync(first.dataDir, { recursive: true, force: true });
      rmSync(file, { force: true });
    }
  });
});
