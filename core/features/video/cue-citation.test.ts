import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Chunk } from '../../engines/search/types';
import { chunkAtCues, cueSpan } from './cue-citation';
import type { StoredTranscript } from './transcript-store';

const segments = [
  { start: 30.88, end: 36.2, text: ' The camera was left on the hill overnight.' },
  { start: 36.2, end: 44.1, text: ' Clouds moved over the valley before dawn, and the wind' },
  { start: 44.1, end: 53.0, text: ' dropped just before the light came.' },
  { start: 53.0, end: 58.48, text: ' The sunrise over the bay was filmed at six in the morning.' },
];
const stored: StoredTranscript = {
  itemId: 3, title: 'Sunrise', transcript: { language: 'english', segments } as StoredTranscript['transcript'],
  chunks: [{ index: 1, start: 30.88, end: 58.48, text: segments.map((s) => s.text).join(' ') }],
  frames: { 1: 40 }, frameTimes: [32, 40, 46, 55.1],
};
const chunk: Chunk = {
  id: 'video:3:1', itemType: 'video', itemId: 3, title: 'Sunrise', text: stored.chunks[0].text, page: null, slide: null, heading: null,
  language: 'en', imageIds: [], ordinal: 1, startSec: 30.88, endSec: 58.48, frameSec: 40,
};

test('a quoted sentence is cited at its cue: range, and the stored frame inside it (not the chunk\'s)', () => {
  const at = chunkAtCues(stored, chunk, ['The sunrise over the bay was filmed at six in the morning.']);
  assert.deepEqual([at.startSec, at.endSec, at.frameSec], [53, 58.48, 55.1]);
});

test('a sentence running over two cues is cited at both', () => {
  assert.deepEqual(cueSpan(stored, chunk, ['Clouds moved over the valley before dawn, and the wind dropped just before the light came.']), { start: 36.2, end: 53, frameSec: 40 });
});

test('a model\'s own wording is placed at the cue sharing most of its words; nothing shared keeps the chunk', () => {
  assert.equal(cueSpan(stored, chunk, ['They filmed the sunrise above the bay at 6 am [1].'])?.start, 53);
  assert.equal(chunkAtCues(stored, chunk, ['Completely unrelated words.']), chunk);
});

test('no frame inside the cited cue: the chunk\'s frame of another sentence is not shown', () => {
  const at = chunkAtCues({ ...stored, frameTimes: [40] }, chunk, ['The camera was left on the hill overnight.']);
  assert.deepEqual([at.startSec, at.endSec, at.frameSec], [30.88, 36.2, undefined]);
});
