import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../../foundation/config';
import { resolveTranscriber } from './resolver';
import { createTranscribers } from './create';

test('without STT_URL only offline English is offered; with it the endpoint comes first for every language', () => {
  const offline = createTranscribers(loadConfig({}, '/srv').stt);
  assert.deepEqual(offline.map((t) => t.id), ['pocketsphinx']);
  assert.match(resolveTranscriber(offline, 'hebrew').reason ?? '', /No transcriber is configured for hebrew/);
  const c = loadConfig({ STT_URL: 'http://127.0.0.1:8080/', STT_API_KEY: 'k', STT_MODEL: 'large-v3' }, '/srv');
  assert.deepEqual(c.stt, { url: 'http://127.0.0.1:8080', apiKey: 'k', model: 'large-v3', timeoutMs: 600_000, maxUploadMb: 24, retries: 3 });
  const both = createTranscribers(c.stt);
  assert.deepEqual(both.map((t) => t.id), ['openai-compatible:large-v3', 'pocketsphinx']);
  assert.equal(resolveTranscriber(both, 'hebrew').transcriber?.id, 'openai-compatible:large-v3');
  assert.equal(c.video.maxMinutes, 30);
  assert.throws(() => loadConfig({ STT_URL: 'not a url', VIDEO_MAX_MINUTES: '0' }, '/srv'), (e: Error) => /STT_URL must be a URL/.test(e.message) && /VIDEO_MAX_MINUTES must be a whole number from 1/.test(e.message));
});
