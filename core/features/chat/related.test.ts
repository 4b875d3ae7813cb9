import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOfflineLlm } from '../../engines/llm/offline';
import { createRagBot, type RagBot } from './rag';
import { markTerms, relatedPassages } from './related';
import type { Chunk } from '../../engines/search/types';
import type { Passage } from '../../engines/search/retrieve';
import { chunkAtCues } from '../video/cue-citation';
import type { StoredTranscript } from '../video/transcript-store';
import { contentTerms } from '../../foundation/text/terms';
import { seedCatalog, tempCatalog } from '../../testing/chat-fixtures';

let env: Awaited<ReturnType<typeof tempCatalog>>;
let seed: Awaited<ReturnType<typeof seedCatalog>>;
let bot: RagBot;

before(async () => {
  env = await tempCatalog();
  seed = await seedCatalog(env.catalog, env.index);
  bot = createRagBot({ catalog: env.catalog, conversations: env.conversations, search: env.index, llm: createOfflineLlm() });
});
after(async () => {
  await env.cleanup();
});

test('markTerms marks the words of the question in a text, by stem, and nothing else', () => {
  const text = 'Warranty: the M2 motor is covered for five years.';
  const marks = markTerms(text, contentTerms('How long is the motor warranty?', 'en'), 'en');
  assert.deepEqual(marks.map(([a, b]) => text.slice(a, b)), ['Warranty', 'motor']);
});

test('a question the files do not answer gets "not found", no citations, and the pages that may help with its words marked', async () => {
  // The guide speaks of the M2 motor and its warranty, but holds no price.
  const reply = await bot.ask('What is the price of the M2 motor warranty extension?', 'ref-related');
  assert.equal(reply.notFound, true);
  assert.deepEqual(reply.citations, [], 'a related passage is never a citation');
  assert.ok(reply.related && reply.related.length >= 1 && reply.related.length <= 3, `related: ${JSON.stringify(reply.related)}`);
  const first = reply.related[0];
  assert.equal(first.itemId, seed.guide.id);
  assert.equal(first.itemType, 'document');
  assert.equal(first.page, 3, 'the warranty page first: it shares the most words');
  assert.equal(first.start, null);
  assert.match(first.excerpt, /five years/);
  const marked = first.marks.map(([a, b]) => first.excerpt.slice(a, b).toLowerCase());
  assert.ok(marked.includes('warranty') && marked.includes('motor'), `marked: ${marked.join(', ')}`);
  assert.match(first.url ?? '', /#page=3$/, 'the link opens the PDF at its page');
  const places = reply.related.map((r) => `${r.itemId}:${r.page ?? r.slide}`);
  assert.equal(new Set(places).size, places.length, 'one passage per place');
});

test('an off-topic question that shares no word with any file gets no related passages', async () => {
  const reply = await bot.ask('What is the capital city of Australia?', 'ref-related-x');
  assert.equal(reply.notFound, true);
  assert.equal(reply.related, undefined);
});

test('an answered question carries citations and no related passages', async () => {
  const reply = await bot.ask('How long does the installation of the M2 motor take?', 'ref-related-a');
  assert.equal(reply.notFound, false);
  assert.equal(reply.related, undefined);
});

test('a related passage of a video opens the viewer at the cue holding its marked words, not at the transcript chunk\'s start', async () => {
  const segments = [
    { start: 4.71, end: 5.35, text: "i'm" },
    { start: 16.77, end: 21.83, text: 'it can that' },
    { start: 23.2, end: 26.02, text: 'the valley at dawn' },
  ];
  const stored: StoredTranscript = {
    itemId: 3, title: 'Film', transcript: { language: 'english', segments } as StoredTranscript['transcript'],
    chunks: [{ index: 0, start: 4.71, end: 26.02, text: segments.map((s) => s.text).join(' ') }], frames: {},
  };
  const chunk: Chunk = {
    id: 'video:3:0', itemType: 'video', itemId: 3, title: 'Film', text: stored.chunks[0].text, page: null, slide: null, heading: null,
    language: 'en', imageIds: [], ordinal: 0, startSec: 4.71, endSec: 26.02,
  };
  const terms = contentTerms('What about the valley at dawn?', 'en');
  const passage = { hit: { chunk, score: 1 }, relevance: 1, matched: terms.length, focus: 1, relevant: true } as unknown as Passage;
  const variants = [{ text: 'What about the valley at dawn?', language: 'en', terms, focus: terms }];
  const [plain] = await relatedPassages(env.catalog, [passage], variants);
  assert.match(plain.viewerUrl ?? '', /^\/view\/video\/3\?t=4\.7&q=valley\+dawn$/, 'without the transcript: the chunk\'s start');
  const [atCue] = await relatedPassages(env.catalog, [passage], variants, null, async (c, quotes) => chunkAtCues(stored, c, quotes));
  assert.equal(atCue.start, 23.2);
  assert.match(atCue.viewerUrl ?? '', /^\/view\/video\/3\?t=23\.2&q=valley\+dawn$/);
});
