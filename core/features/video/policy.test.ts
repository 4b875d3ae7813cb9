import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../../foundation/errors';
import { chunkTranscript, citeRange, timeLink } from './chunks';
import { minutes, planVideo } from './policy';

const all = { transcribe: true, translate: true, burn: false, dub: false };

test('a 10-minute video is accepted with an estimate of its processing time on the record', () => {
  const plan = planVideo(600, all);
  assert.ok(plan.estimateSec > 60 && plan.estimateSec < 600, String(plan.estimateSec));
  assert.match(plan.note, /^About \d+ minutes of processing for this video \(10 minutes long\)\.$/);
});

test('the estimate follows the measured rates: a 12-minute video with an endpoint is about a minute of work, offline about four', () => {
  const endpoint = planVideo(720, { ...all, translate: false, endpoint: true });
  const offline = planVideo(720, { ...all, translate: false });
  assert.equal(endpoint.note, 'About 61 seconds of processing for this video (12 minutes long).');
  assert.equal(offline.note, 'About 4 minutes of processing for this video (12 minutes long).');
  assert.equal(planVideo(6, { ...all, translate: false, endpoint: true }).note, 'About 3 seconds of processing for this video (6 seconds long).');
});

test('a video longer than the limit is refused before any work, saying the limit and what to do', () => {
  assert.throws(() => planVideo(31 * 60, all), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'too_large');
    assert.match(e.message, /31 minutes long; videos up to 30 minutes .* Split it into parts, or raise VIDEO_MAX_MINUTES/);
    return true;
  });
  assert.equal(minutes(20), '20 seconds');
});

test('transcript chunks carry their time range; a citation reads "Title · 0:12–0:18" and links #t=12', () => {
  const segs = Array.from({ length: 12 }, (_, i) => ({ start: i * 6, end: i * 6 + 5, text: `Sentence number ${i} of the demo.` }));
  const chunks = chunkTranscript(segs, { maxSec: 30 });
  assert.deepEqual(chunks.map((c) => [c.start, c.end]), [[0, 29], [30, 59], [60, 71]]);
  assert.equal(chunks[0]!.text.split('Sentence').length - 1, 5);
  assert.equal(citeRange('Demo', 12.4, 18.9), 'Demo · 0:12–0:18');
  assert.equal(timeLink('/uploads/videos/original_files/3_demo.mp4', 12.9), '/uploads/videos/original_files/3_demo.mp4#t=12');
});
