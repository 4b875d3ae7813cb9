import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createGlossaryStore, missingTerms, protectTerms, restoreTerms } from './glossary';
import { createFileTranslationMemory } from './memory';

let dir: string;
before(async () => { dir = await mkdtemp(path.join(tmpdir(), 'tm-test-')); });
after(() => rm(dir, { recursive: true, force: true }));

const scope = { source: 'english' as const, target: 'spanish' as const, glossaryVersion: 1 };

test('translation memory keeps segments by text, language pair and glossary version, across instances (append-only file per pair)', async () => {
  const m = createFileTranslationMemory(path.join(dir, 'tm'));
  await m.store(scope, new Map([['Hello', 'Hola'], ['Motor', 'Motor']]));
  await m.store({ ...scope, target: 'french' }, new Map([['Hello', 'Bonjour']]));
  const again = createFileTranslationMemory(path.join(dir, 'tm'));
  assert.deepEqual([...await again.lookup(scope, ['Hello', 'Motor', 'Unknown'])], [['Hello', 'Hola'], ['Motor', 'Motor']]);
  assert.equal((await again.lookup({ ...scope, glossaryVersion: 2 }, ['Hello'])).size, 0, 'another glossary version misses');
  assert.equal((await again.lookup({ ...scope, target: 'french' }, ['Hello'])).get('Hello'), 'Bonjour');
  const lines = (await readFile(path.join(dir, 'tm', 'english-spanish.jsonl'), 'utf8')).trim().split('\n');
  assert.equal(lines.length, 2);
  // Storing what is already known writes nothing.
  await again.store(scope, new Map([['Hello', 'Hola']]));
  assert.equal((await readFile(path.join(dir, 'tm', 'english-spanish.jsonl'), 'utf8')).trim().split('\n').length, 2);
});

test('a line cut off by a crash is skipped and the rest of the memory still loads', async () => {
  const m = createFileTranslationMemory(path.join(dir, 'tm2'));
  await m.store(scope, new Map([['One', 'Uno']]));
  await appendFile(path.join(dir, 'tm2', 'english-spanish.jsonl'), '{"v":1,"s":"Tw');
  const again = createFileTranslationMemory(path.join(dir, 'tm2'));
  assert.equal((await again.lookup(scope, ['One'])).get('One'), 'Uno');
  assert.equal(await again.size('english', 'spanish'), 1);
});

test('concurrent stores to one pair never interleave lines', async () => {
  const m = createFileTranslationMemory(path.join(dir, 'tm3'));
  await Promise.all(Array.from({ length: 20 }, (_, i) => m.store(scope, new Map([[`s${i}`, `t${i}`.repeat(500)]]))));
  const again = createFileTranslationMemory(path.join(dir, 'tm3'));
  assert.equal(await again.size('english', 'spanish'), 20);
});

test('glossary terms become placeholders and come back as the term or its fixed translation', () => {
  const g = { version: 3, entries: [{ term: 'AuraShade' }, { term: 'KNX gateway', translations: { spanish: 'pasarela KNX' } }, { term: 'RB-200' }] };
  const p = protectTerms('The AuraShade RB-200 talks to the KNX gateway; AuraShadeX is not a term.', g, 'spanish');
  // Placeholders are numbered in reading order; longest terms are matched first, so a shorter term never splits a longer one.
  assert.equal(p.text, 'The <g1/> <g2/> talks to the <g3/>; AuraShadeX is not a term.');
  const restored = restoreTerms('El <g1/> <g2/> habla con la <g3/>.', p.restore);
  assert.equal(restored, 'El AuraShade RB-200 habla con la pasarela KNX.');
  assert.deepEqual(missingTerms('AuraShade and KNX gateway', 'AuraShade y pasarela', g, 'spanish'), ['pasarela KNX']);
});

test('the glossary store validates entries, bumps its version on every edit and persists', async () => {
  const file = path.join(dir, 'glossary.json');
  const s = createGlossaryStore(file);
  assert.equal((await s.get()).version, 0);
  await s.put({ term: 'AuraShade' });
  const v = (await s.put({ term: 'KNX', translations: { hebrew: 'KNX' } })).version;
  assert.equal(v, 2);
  await assert.rejects(s.put({ term: ' ' }), /non-empty "term"/);
  await assert.rejects(s.put({ term: 'X', translations: { klingon: 'x' } as never }), /Unknown glossary language "klingon"/);
  await s.remove('AuraShade');
  const again = createGlossaryStore(file);
  assert.equal((await again.get()).version, 3);
  assert.deepEqual((await again.get()).entries, [{ term: 'KNX', translations: { hebrew: 'KNX' } }]);
  await assert.rejects(again.remove('nope'), /not in the glossary/);
});
