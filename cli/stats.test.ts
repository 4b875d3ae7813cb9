/** `cms stats` on a data folder whose question log holds seeded conversations (direct mode, no server). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createFileQuestionLog, questionLogFile } from '../core/features/analytics/file-log';
import type { QuestionStats } from '../core/features/analytics/stats';
import { parseJson, runCmsHere } from './test-support';

let tmp: string;
let env: Record<string, string>;

before(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cms-stats-'));
  const dataDir = path.join(tmp, 'data');
  env = { DATA_DIR: dataDir };
  const day = 86_400_000;
  const at = [20 * day, 2 * day, 2 * day - 1000, day, day - 1000, day - 2000];
  let i = 0;
  const log = createFileQuestionLog({ file: questionLogFile(dataDir), now: () => new Date(Date.now() - at[i++]) });
  const base = { channel: 'widget' as const, referenceId: 'v1', kind: 'question' as const, language: 'en', answer: 'a', mode: 'extractive' as const };
  await log.record({ ...base, question: 'An old question', notFound: true, sources: [] });
  const a = await log.record({ ...base, question: 'How do I pair the remote?', notFound: false, sources: [{ itemType: 'document', itemId: 3, title: 'Remote guide' }] });
  await log.record({ ...base, question: 'How much does the M2 motor weigh?', notFound: true, sources: [] });
  await log.record({ ...base, channel: 'chat', referenceId: 'v2', question: 'What is the weight of the M2 motor?', notFound: true, sources: [] });
  await log.record({ ...base, channel: 'rag', referenceId: 'v3', language: 'he', question: 'איך מצמידים את השלט?', notFound: false, sources: [{ itemType: 'document', itemId: 3, title: 'Remote guide' }] });
  await log.rate({ answerId: a, referenceId: 'v1', value: 'down', comment: 'Which button?' });
});
after(() => rmSync(tmp, { recursive: true, force: true }));

test('cms stats --json: the last 7 days only, answered vs not found, similar missing questions grouped, top source, thumbs', async () => {
  const s = parseJson<QuestionStats>(await runCmsHere(['stats', '--since', '7d', '--json'], { env, cwd: tmp }));
  assert.equal(s.questions, 4, 'the 20-day-old question is outside the period');
  assert.deepEqual([s.answered, s.notFound], [2, 2]);
  assert.equal(s.topUnanswered[0].count, 2);
  assert.match(s.topUnanswered[0].question, /M2 motor/);
  assert.deepEqual(s.topSources.map((x) => [x.title, x.count]), [['Remote guide', 2]]);
  assert.deepEqual(s.ratings, { up: 0, down: 1, rated: 1, answers: 4, upRate: 0 });
  assert.equal(s.perDay.length, 8);
  assert.deepEqual(s.languages.map((l) => l.language), ['en', 'he']);
  const month = parseJson<QuestionStats>(await runCmsHere(['stats', '--since', '30d', '--json'], { env, cwd: tmp }));
  assert.equal(month.questions, 5);
});

test('cms stats prints the figures as lines and tables; a bad --since is a usage error (exit 2)', async () => {
  const r = await runCmsHere(['stats'], { env, cwd: tmp });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /4 questions in 3 conversations/);
  assert.match(r.stdout, /not in the documents 2 \(50 %\)/);
  assert.match(r.stdout, /M2 motor/);
  assert.match(r.stdout, /Which button\?/);
  const bad = await runCmsHere(['stats', '--since', 'last week'], { env, cwd: tmp });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--since must be like 7d/);
});
