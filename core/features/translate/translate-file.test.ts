import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { buildLongDocx } from '../../testing/fixture-translate';
import { fixtures } from '../../testing/fixtures';
import { inspectParagraphs } from '../../testing/office-inspect';
import { markerTranslate, requestedSegments } from '../../testing/fake-translate';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { translateFile } from './translate-file';

let rig: TranslateRig;
let long: string;
before(async () => {
  rig = await startTranslateRig();
  long = path.join(rig.dir, 'long.docx');
  await writeFile(long, await buildLongDocx(6, 10));
});
after(() => rig.close());

test('a 529 in the middle fails the job; the retry resumes from memory and never re-sends finished segments', async () => {
  const memory = rig.memory();
  const translator = rig.translator({ maxInputTokens: 400, maxAttempts: 2, backoffMs: 1 });
  const first = rig.respond({ fail: (i) => (i >= 2 ? { status: 529 } : null) });
  const n0 = rig.fake.requests.length;
  const e = await translateFile({ input: long, output: path.join(rig.dir, 'long.fr.docx'), source: 'english', target: 'french', translator, memory })
    .catch((x: unknown) => x);
  assert.ok(e instanceof AppError && e.code === 'unavailable', String(e));
  // What the two successful requests carried is now in memory.
  const done = rig.fake.requests.slice(n0, n0 + 2).flatMap((r) => Object.values(requestedSegments(r)!));
  assert.ok(done.length > 5);
  assert.ok(first.count() > 2);

  const second = rig.respond();
  const progress: number[] = [];
  const r = await translateFile({ input: long, output: path.join(rig.dir, 'long.fr.docx'), source: 'english', target: 'french', translator, memory,
    onProgress: (p) => progress.push(p.done) });
  for (const t of done) assert.ok(!second.seen.includes(t), `"${t}" was sent again`);
  assert.ok(r.memoryHits >= done.length);
  assert.equal(r.coverage, 1);
  assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress only grows');
  assert.equal(progress.at(-1), r.segments);
  const paras = (await inspectParagraphs(path.join(rig.dir, 'long.fr.docx'))).filter((p) => /\p{L}/u.test(p.text));
  const orig = (await inspectParagraphs(long)).filter((p) => /\p{L}/u.test(p.text));
  assert.deepEqual(paras.map((p) => p.text), orig.map((p) => markerTranslate(p.text)));
});

test('translating the same file again is served entirely from memory: no request, 100% hits', async () => {
  const memory = rig.memory();
  const translator = rig.translator();
  const a = await translateFile({ input: long, output: path.join(rig.dir, 'a.docx'), source: 'english', target: 'danish', translator, memory });
  assert.ok(a.requests >= 1);
  assert.ok(a.characters > 1000);
  const b = await translateFile({ input: long, output: path.join(rig.dir, 'b.docx'), source: 'english', target: 'danish', translator, memory });
  assert.equal(b.requests, 0);
  assert.equal(b.characters, 0);
  assert.equal(b.memoryHits, b.segments);
  // A repeated sentence inside one document is sent once.
  const sent = rig.fake.requests.slice(-a.requests).flatMap((r) => Object.values(requestedSegments(r)!));
  assert.equal(new Set(sent).size, sent.length);
});

test('a glossary edit (new version) is not served stale translations from memory', async () => {
  const memory = rig.memory();
  const translator = rig.translator();
  const f = await fixtures.docx();
  await translateFile({ input: f.path, output: path.join(rig.dir, 'g1.docx'), source: 'english', target: 'swedish', translator, memory });
  const r = await translateFile({ input: f.path, output: path.join(rig.dir, 'g2.docx'), source: 'english', target: 'swedish', translator, memory,
    glossary: { version: 7, entries: [{ term: 'KNX' }] } });
  assert.equal(r.memoryHits, 0);
  const text = (await inspectParagraphs(path.join(rig.dir, 'g2.docx'))).map((p) => p.text).join(' ');
  assert.match(text, /KNX/);
  assert.doesNotMatch(text, /XNK/);
});

test('a file with no text and a file of another type are refused with clear messages; an abort stops the job', async () => {
  const empty = await fixtures.docx().then(async () => {
    const { buildEmptyDocx } = await import('../../testing/fixture-office');
    const p = path.join(rig.dir, 'empty.docx');
    await writeFile(p, await buildEmptyDocx());
    return p;
  });
  await assert.rejects(translateFile({ input: empty, output: path.join(rig.dir, 'x.docx'), source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory() }),
    /has no text that can be translated/);
  await assert.rejects(translateFile({ input: path.join(rig.dir, 'a.mp4'), output: 'x', source: 'english', target: 'german', translator: rig.translator(), memory: rig.memory() }),
    /Only PDF, DOCX and PPTX files can be translated/);
  const ac = new AbortController();
  // Aborted once the first request has reached the model, which would answer only after a minute.
  rig.respond({ fail: () => { ac.abort(); return { text: '{}', delayMs: 60_000 }; } });
  await assert.rejects(translateFile({ input: long, output: path.join(rig.dir, 'y.docx'), source: 'english', target: 'korean', translator: rig.translator(), memory: rig.memory(), signal: ac.signal }));
  rig.respond();
});
