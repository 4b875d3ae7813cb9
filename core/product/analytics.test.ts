import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createFileQuestionLog } from '../features/analytics/file-log';
import { analytics } from './analytics';

const dir = mkdtempSync(path.join(os.tmpdir(), 'product-analytics-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('question stats count an answer recorded at the very moment they are read (no exclusive "now" bound)', async () => {
  // The log's clock runs a second ahead of the stats' clock: its answer is "now" or later when the stats are read,
  // as an answer recorded in the same millisecond is. Reading stats right after an answer must count it.
  const questions = createFileQuestionLog({ file: path.join(dir, 'answers.jsonl'), now: () => new Date(Date.now() + 1000) });
  await questions.record({
    channel: 'rag', referenceId: 'r1', kind: 'question', question: 'How do I pair the remote?', language: 'en',
    answer: 'Hold P2.', notFound: false, mode: 'extractive', sources: [],
  });
  const stats = await analytics({ questions }).questionStats('1d');
  assert.equal(stats.questions, 1);
});
