import assert from 'node:assert/strict';
import { mkdtemp, writeFile, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { runTool } from '../../foundation/tools/exec';
import { createApertiumTranslator, fromHtml, installedApertiumModes, pairsFromModes, tidyApertium, toHtml } from './apertium';
import { createTranslatorResolver } from './resolver';

const SENTENCE = 'The motor pairs with the remote control when you hold the button for five seconds.';
// What Debian's apertium-eng-spa produces (rule-based, with its double space where it dropped a word).
const RAW_SPANISH = 'Los pares de motor con el control remoto cuándo  aguantas el botón para cinco segundos.';

test('the installed apertium eng-spa mode translates a fixed English sentence into the Spanish it is known to produce', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'apertium-test-'));
  try {
    await writeFile(path.join(dir, 'in.txt'), SENTENCE);
    await runTool('apertium', ['eng-spa', path.join(dir, 'in.txt'), path.join(dir, 'out.txt')]);
    assert.equal((await readFile(path.join(dir, 'out.txt'), 'utf8')).trim(), RAW_SPANISH);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const apertium = createApertiumTranslator();
  await apertium.ready();
  assert.equal(apertium.quality, 'machine');
  assert.equal(apertium.model('english', 'spanish'), 'apertium eng-spa');
  const out = await apertium.translate({ segments: [{ id: 'a', text: SENTENCE }], source: 'english', target: 'spanish' });
  assert.equal(out.get('a'), RAW_SPANISH.replace('cuándo  aguantas', 'cuándo aguantas'), 'the double space is collapsed');
});

test('apertium keeps inline tags and glossary placeholders, one paragraph per segment', async () => {
  const apertium = createApertiumTranslator();
  const segments = [
    { id: '1', text: 'Press <1>the red button</1> on <g1/> & wait<2/>.' },
    { id: '2', text: 'Hello world' },
    { id: '3', text: '5 < 6 and 7 > 2' },
  ];
  let requests = 0;
  const out = await apertium.translate({ segments, source: 'english', target: 'spanish', onRequest: () => requests++ });
  assert.equal(requests, 1, 'one engine run for all segments');
  assert.match(out.get('1')!, /<1>el botón rojo<\/1>/);
  assert.match(out.get('1')!, /<g1\/>/);
  assert.match(out.get('1')!, /<2\/>/);
  assert.match(out.get('1')!, /&/);
  assert.equal(out.get('2'), 'Hola Mundo');
  assert.match(out.get('3')!, /5 < 6/);
});

test('apertium pairs come from the installed modes; product pairs map to mode names', async () => {
  const modes = await installedApertiumModes();
  assert.ok(modes.includes('eng-spa'));
  const pairs = pairsFromModes(modes);
  assert.equal(pairs.get('english>spanish'), 'eng-spa');
  assert.equal(pairs.get('spanish>english'), 'spa-eng');
  assert.equal(pairs.get('french>spanish'), 'fr-es');
  assert.ok(![...pairs.values()].some((m) => m.includes('_') || m.startsWith('eco')));
  assert.equal(toHtml('a <1>b</1><2/><g3/> & <'), 'a <x1>b</x1><x2/><g3/> &amp; &lt;');
  assert.equal(fromHtml('a <x1>b</x1><x2/><g3/> &amp; &lt;'), 'a <1>b</1><2/><g3/> & <');
  assert.equal(tidyApertium(' a  b ', 'x  y'), ' x  y ');
  assert.equal(tidyApertium('a b', 'x  y'), 'x y');
});

test('the resolver prefers the configured LLM, falls back to apertium for its pairs and otherwise says what to configure', async () => {
  const apertium = createApertiumTranslator();
  await apertium.ready();
  const resolve = createTranslatorResolver([null, apertium]);
  assert.equal(resolve('english', 'spanish').id, 'apertium');
  const e = (() => { try { resolve('english', 'hebrew'); return null; } catch (x) { return x; } })();
  assert.ok(e instanceof AppError);
  assert.equal(e.code, 'not_configured');
  assert.equal(e.message, 'No translation provider for english → hebrew. Add a model: set ANTHROPIC_API_KEY, or set LLM_PROVIDER=openai with OPENAI_BASE_URL and OPENAI_MODEL (and OPENAI_API_KEY if the server needs one).');
  const llm = { id: 'anthropic', quality: 'llm' as const, model: () => 'claude', supports: () => true, translate: async () => new Map<string, string>() };
  assert.equal(createTranslatorResolver([llm, apertium])('english', 'spanish').id, 'anthropic');
});
