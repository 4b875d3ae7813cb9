/**
 * The question log file cannot grow without bound or stop the start: rating
 * an answer again replaces its rating (the file is compacted), a log of any
 * size is read in pieces (a 560 MB file is not one string), and a log that
 * cannot be read stops the start with an error naming the file.
 */
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createFileQuestionLog } from './file-log';

const dir = mkdtempSync(path.join(os.tmpdir(), 'qlog-growth-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const answer = { channel: 'chat' as const, referenceId: 'r1', kind: 'question' as const, question: 'How long is the warranty?', language: 'en', answer: 'Five years. [1]', notFound: false, mode: 'extractive' as const, sources: [] };

test('re-rating one answer 5,000 times keeps the file small and the last rating', async () => {
  const file = path.join(dir, 'rerate', 'answers.jsonl');
  const log = createFileQuestionLog({ file });
  const id = await log.record(answer);
  await log.rate({ answerId: id, referenceId: 'r1', value: 'up', comment: 'x'.repeat(1000) });
  const once = statSync(file).size;
  for (let i = 0; i < 5000; i++) await log.rate({ answerId: id, referenceId: 'r1', value: i % 2 ? 'up' : 'down', comment: `${'y'.repeat(1000)} ${i}` });
  assert.ok(statSync(file).size < once + 1100 * 1100, `the file holds ${statSync(file).size} bytes after 5,000 ratings (one rating: ${once})`);
  const again = createFileQuestionLog({ file });
  const list = await again.list();
  assert.equal(list.length, 1);
  assert.equal(list[0]!.rating?.value, 'up');
  assert.match(list[0]!.rating?.comment ?? '', / 4999$/);
  const before = statSync(file).size;
  for (let i = 0; i < 100; i++) await again.rate({ answerId: id, referenceId: 'r1', value: 'up', comment: `${'y'.repeat(1000)} 4999` });
  assert.equal(statSync(file).size, before, 'the same rating again writes nothing');
});

test('a 560 MB log (answers, then a damaged tail) is read in pieces: the answers load and the junk is dropped', async () => {
  const file = path.join(dir, 'huge', 'answers.jsonl');
  const log = createFileQuestionLog({ file });
  const ids = [await log.record(answer), await log.record({ ...answer, question: 'Where is the reset button?' })];
  // 560 MB of NUL bytes after the two answers (a sparse file: no disk used).
  truncateSync(file, statSync(file).size + 560 * 1024 * 1024);
  appendFileSync(file, '\n');
  const started = Date.now();
  const again = createFileQuestionLog({ file });
  assert.deepEqual((await again.list()).map((a) => a.id), ids);
  assert.ok(statSync(file).size < 10_000, 'the junk was compacted away');
  console.log(`560 MB log read in ${Date.now() - started} ms`);
});

test('a log that cannot be read stops the start with an error naming the file', () => {
  const file = path.join(dir, 'unreadable', 'answers.jsonl');
  mkdirSync(file, { recursive: true }); // a folder where the file should be
  assert.throws(() => createFileQuestionLog({ file }), (e: Error) => e.message.includes(file) && /cannot be read/.test(e.message));
});
