import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startChroma, type ChromaServer } from '../../engines/search/chroma-server';
import { sharedChromaEnv } from '../../testing/shared-chroma';
import { createHashEmbedder } from '../../engines/search/hash-embedder';
import { createSearchIndex } from '../../engines/search/index';
import { createLocalStore } from '../../engines/storage/local';
import { chunkTranscript } from './chunks';
import { videoKeys } from '../../engines/storage/layout';
import { videoSearchChunks } from './search-chunks';
import type { Transcript } from './speech/types';
import { loadTranscript, loadTranscriptVtt, saveTranscript } from './transcript-store';
import { parseVtt, writeVtt } from './vtt';

let dir: string;
let chroma: ChromaServer | undefined;
/** The run's shared Chroma under scripts/test.sh (a collection of this file's own), else one started here. */
let chromaUrl: string;
let collection = 'video-chunks';
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'video-chunks-'));
  const shared = sharedChromaEnv(dir);
  if (shared.CHROMA_URL) [chromaUrl, collection] = [shared.CHROMA_URL, shared.CHROMA_COLLECTION!];
  else chromaUrl = (chroma = await startChroma({ dataDir: path.join(dir, 'chroma'), port: 0 })).url;
});
after(async () => {
  await chroma?.stop();
  await rm(dir, { recursive: true, force: true });
});

const transcript: Transcript = {
  language: 'english', quality: 'low', provider: 'pocketsphinx',
  segments: [
    { start: 12.2, end: 15.9, text: 'Hold the pairing button on the blind motor for five seconds.' },
    { start: 16.1, end: 18.4, text: 'The light blinks twice when it is paired.' },
    { start: 45, end: 49, text: 'Clean the fabric with a soft brush.' },
  ],
};

test('transcript chunks become search chunks with their time range, frame time and low-confidence mark, and survive the search index (Chroma and the lexical index)', async () => {
  const chunks = chunkTranscript(transcript.segments, { maxSec: 30 });
  const search = videoSearchChunks({ itemId: 7, title: 'Blind pairing', transcript, chunks, frames: { 0: 13.5 } });
  assert.deepEqual(search.map((c) => [c.id, c.startSec, c.endSec, c.frameSec, c.lowConfidence, c.language]), [
    ['video:7:0', 12.2, 18.4, 13.5, true, 'en'],
    ['video:7:1', 45, 49, undefined, true, 'en'],
  ]);
  const index = await createSearchIndex({ dataDir: path.join(dir, 'search'), chromaUrl, embedder: createHashEmbedder(), collection });
  try {
    await index.upsert(search);
    assert.equal(await index.count(), 2);
    const [hit] = await index.search('pairing button blind motor', { k: 1 });
    assert.equal(hit!.chunk.id, 'video:7:0');
    assert.deepEqual([hit!.chunk.startSec, hit!.chunk.endSec, hit!.chunk.frameSec, hit!.chunk.lowConfidence], [12.2, 18.4, 13.5, true]);
    const [doc] = await index.search('clean fabric soft brush', { k: 1 });
    assert.equal(doc!.chunk.frameSec, undefined);
  } finally {
    await index.close();
  }
});

test('the transcript is kept in the store as WebVTT and as timed segments with its chunks', async () => {
  const store = createLocalStore({ root: path.join(dir, 'objects') });
  const chunks = chunkTranscript(transcript.segments);
  const vtt = writeVtt(transcript.segments.map((s, i) => ({ id: String(i + 1), ...s })), { language: 'en' });
  assert.equal(await loadTranscript(store, 7), null);
  await saveTranscript(store, { itemId: 7, title: 'Blind pairing', transcript, chunks, frames: { 0: 13.5 } }, vtt);
  const back = await loadTranscript(store, 7);
  assert.deepEqual(back?.transcript, transcript);
  assert.deepEqual(back?.frames, { 0: 13.5 });
  assert.equal(parseVtt((await loadTranscriptVtt(store, 7))!).length, 3);
  const got = await store.get(videoKeys.transcriptVtt(7));
  got.body.destroy();
  assert.match(got.contentType ?? '', /^text\/vtt/);
});
