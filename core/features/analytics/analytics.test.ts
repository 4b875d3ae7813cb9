import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { toCsv, toJsonl } from './export';
import { createFileQuestionLog } from './file-log';
import { groupSimilar } from './similar';
import { parseSince, questionStats } from './stats';
import { migrate } from '../../engines/postgres/migrate';
import { openPool } from '../../engines/postgres/pool';
import { postgresForTests } from '../../testing/postgres';
import { createPgQuestionLog, questionLogMigrations } from './pg-log';
import type { NewAnswer, QuestionLog } from './types';

const dir = mkdtempSync(path.join(os.tmpdir(), 'analytics-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const answer = (over: Partial<NewAnswer> = {}): NewAnswer => ({
  channel: 'chat', referenceId: 'r1', kind: 'question', question: 'How do I pair the remote?', language: 'en',
  answer: 'Hold P2 [1].', notFound: false, mode: 'extractive', sources: [{ itemType: 'document', itemId: 1, title: 'Remote guide' }], ...over,
});

// One contract for both question logs: the data folder's file and PostgreSQL.
const openPools: Array<{ end(): Promise<void> }> = [];
after(async () => { await Promise.all(openPools.map((p) => p.end())); });
const pg = postgresForTests(after);
let n = 0;
const logs: Array<{ name: string; skip: string | false; open: (now?: () => Date) => Promise<{ log: QuestionLog; reopen: () => QuestionLog; file: string | null }> }> = [
  {
    name: 'file', skip: false,
    open: async (now) => {
      const file = path.join(dir, `c${++n}`, 'answers.jsonl');
      return { log: createFileQuestionLog({ file, now }), reopen: () => createFileQuestionLog({ file }), file };
    },
  },
  {
    name: 'PostgreSQL', skip: pg.skipReason || false,
    open: async (now) => {
      const pool = await openPool({ url: await (await pg.server()).createDatabase(), max: 4 });
      openPools.push(pool);
      await migrate(pool, questionLogMigrations);
      return { log: createPgQuestionLog({ pool, now }), reopen: () => createPgQuestionLog({ pool }), file: null };
    },
  },
];

for (const impl of logs) {
  test(`${impl.name} question log: answers and ratings are kept across instances, rating needs the right conversation, the same rating again keeps its time`, { skip: impl.skip }, async () => {
    let t = Date.parse('2026-03-01T10:00:00Z');
    const { log, reopen, file } = await impl.open(() => new Date((t += 1000)));
    const a = await log.record(answer());
    const b = await log.record(answer({ referenceId: 'r2', question: 'Weight of M2?', notFound: true, sources: [] }));
    await assert.rejects(log.rate({ answerId: a, referenceId: 'someone-else', value: 'up' }), (e) => e instanceof AppError && e.code === 'not_found');
    await assert.rejects(log.rate({ answerId: 'a-none', referenceId: 'r1', value: 'up' }), (e) => e instanceof AppError && e.code === 'not_found');
    const down = await log.rate({ answerId: a, referenceId: 'r1', value: 'down', comment: '  too short ' });
    assert.deepEqual(down.rating && [down.rating.value, down.rating.comment], ['down', 'too short']);
    const up = await log.rate({ answerId: a, referenceId: 'r1', value: 'up' });
    assert.equal((await log.rate({ answerId: a, referenceId: 'r1', value: 'up' })).rating?.at, up.rating?.at);
    if (file) appendFileSync(file, '{"type":"answer","answ');
    const reopened = reopen();
    assert.deepEqual((await reopened.list()).map((r) => [r.id, r.rating?.value ?? null]), [[a, 'up'], [b, null]]);
    if (file) assert.ok(!readFileSync(file, 'utf8').includes('clientAddress'), 'no addresses stored');
    assert.equal((await reopened.list({ from: new Date('2026-03-01T10:00:01.500Z') })).length, 1);
    assert.equal((await reopened.list({ to: new Date('2026-03-01T10:00:01.500Z') })).length, 1);
  });

  test(`${impl.name} question log: prune drops answers older than the retention cut and keeps the rest with their ratings; clear drops all`, { skip: impl.skip }, async () => {
    let t = Date.parse('2026-03-01T00:00:00Z');
    const { log, reopen, file } = await impl.open(() => new Date((t += 86_400_000)));
    const old = await log.record(answer());
    const kept = await log.record(answer());
    await log.rate({ answerId: kept, referenceId: 'r1', value: 'up', comment: 'great' });
    assert.equal(await log.prune(new Date('2026-03-02T12:00:00Z')), 1);
    const reopened = reopen();
    const list = await reopened.list();
    assert.deepEqual(list.map((r) => r.id), [kept]);
    assert.equal(list[0].rating?.comment, 'great');
    if (file) assert.ok(!readFileSync(file, 'utf8').includes(old));
    await reopened.clear();
    assert.deepEqual(await reopen().list(), [], 'delete all data leaves nothing behind');
  });
}

test('the PostgreSQL question log is one log for every server: an answer recorded through one pool is rated through another and counted by both', { skip: pg.skipReason || false }, async () => {
  const url = await (await pg.server()).createDatabase();
  const pools = [await openPool({ url, max: 2 }), await openPool({ url, max: 2 })];
  openPools.push(...pools);
  await migrate(pools[0], questionLogMigrations);
  const [a, b] = pools.map((pool) => createPgQuestionLog({ pool }));
  const id = await a.record(answer());
  await b.rate({ answerId: id, referenceId: 'r1', value: 'down', comment: 'no' });
  const from = new Date(Date.now() - 60_000);
  assert.deepEqual(questionStats(await a.list({ from }), { from, to: new Date() }).ratings, { up: 0, down: 1, rated: 1, answers: 1, upRate: 0 });
});

test('similar unanswered questions are grouped across wordings; other topics and languages stay apart', () => {
  const groups = groupSimilar([
    { question: 'How much does the M2 motor weigh?', language: 'en' },
    { question: 'What is the weight of the M2 motor?', language: 'en' },
    { question: 'M2 motor weight', language: 'en' },
    { question: 'Does the hub work with Alexa?', language: 'en' },
    { question: 'כמה שוקל המנוע M2?', language: 'he' },
  ]);
  assert.equal(groups[0].count, 3, JSON.stringify(groups));
  assert.equal(groups[0].examples.length, 2);
  assert.deepEqual(groups.slice(1).map((g) => [g.count, g.language]).sort(), [[1, 'en'], [1, 'he']]);
});

test('stats: questions per day (empty days too), languages, channels, answered vs not found, sources, thumbs, comments', async () => {
  const file = path.join(dir, 's.jsonl');
  const times = ['2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', '2026-03-04T08:00:00Z', '2026-03-04T09:00:00Z', '2026-03-04T09:30:00Z', '2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z'];
  let i = 0;
  const log = createFileQuestionLog({ file, now: () => new Date(times[i++]) });
  await log.record(answer({ kind: 'greeting', question: 'hello', sources: [] }));
  const a = await log.record(answer());
  await log.record(answer({ channel: 'widget', referenceId: 'w1', language: 'he', question: 'כמה שוקל המנוע?', notFound: true, sources: [] }));
  const c = await log.record(answer({ channel: 'rag', referenceId: 'g1' }));
  await log.record(answer({ kind: 'media', question: 'send me the guide', sources: [{ itemType: 'document', itemId: 1, title: 'Remote guide' }] }));
  await log.rate({ answerId: a, referenceId: 'r1', value: 'up' });
  await log.rate({ answerId: c, referenceId: 'g1', value: 'down', comment: 'It did not say which button' });
  const s = questionStats(await log.list(), { from: new Date('2026-03-01T12:00:00Z'), to: new Date('2026-03-05T00:00:00Z') });
  assert.equal(s.questions, 4, 'greetings are not questions');
  assert.equal(s.conversations, 3);
  assert.deepEqual(s.perDay.map((d) => [d.day, d.questions, d.notFound]), [
    ['2026-03-01', 0, 0], ['2026-03-02', 1, 0], ['2026-03-03', 0, 0], ['2026-03-04', 3, 1],
  ]);
  assert.deepEqual(s.languages, [{ language: 'en', questions: 3 }, { language: 'he', questions: 1 }]);
  assert.deepEqual(s.channels.find((c2) => c2.channel === 'widget'), { channel: 'widget', questions: 1 });
  assert.deepEqual([s.answered, s.notFound], [2, 1]);
  assert.equal(s.topUnanswered[0].question, 'כמה שוקל המנוע?');
  assert.deepEqual(s.topSources, [{ itemType: 'document', itemId: 1, title: 'Remote guide', count: 3 }]);
  assert.deepEqual(s.ratings, { up: 1, down: 1, rated: 2, answers: 4, upRate: 0.5 });
  assert.equal(s.comments[0].comment, 'It did not say which button');
  assert.equal(s.comments[0].channel, 'rag');
});

test('export: CSV quotes every cell, keeps Hebrew and newlines, defuses formulas; JSONL is one object per line', async () => {
  const file = path.join(dir, 'e.jsonl');
  writeFileSync(file, '');
  const log = createFileQuestionLog({ file, now: () => new Date('2026-03-02T09:00:00Z') });
  await log.record(answer({ question: '=HYPERLINK("x")', answer: 'line one\nline "two"' }));
  await log.record(answer({ question: 'איך מתקינים?', language: 'he' }));
  const csv = toCsv(await log.list());
  const lines = csv.replace(/^\ufeff/, '').split('\r\n');
  assert.equal(lines[0], 'at,channel,conversation,kind,language,question,answer,notFound,sources,rating,comment');
  assert.match(csv, /"'=HYPERLINK\(""x""\)"/);
  assert.match(csv, /"line one\nline ""two"""/);
  assert.match(csv, /"איך מתקינים\?"/);
  const rows = toJsonl(await log.list()).trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(rows.length, 2);
  assert.equal(rows[1].question, 'איך מתקינים?');
});

test('parseSince reads 7d, 24h, 30m and ISO dates; anything else is invalid', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  assert.equal(parseSince('7d', now).toISOString(), '2026-03-03T00:00:00.000Z');
  assert.equal(parseSince('24h', now).toISOString(), '2026-03-09T00:00:00.000Z');
  assert.equal(parseSince('30m', now).toISOString(), '2026-03-09T23:30:00.000Z');
  assert.equal(parseSince('2026-03-01', now).toISOString(), '2026-03-01T00:00:00.000Z');
  assert.ok(Number.isNaN(parseSince('last week', now).getTime()));
});
