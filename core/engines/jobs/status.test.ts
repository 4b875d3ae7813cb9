import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job, JobKind, JobState } from '../../foundation/types';
import { deriveItemProgress, situationOf, TRANSITIONS, type Situation } from './status';
import { message } from '../../foundation/messages';
import { completedWithWarnings, step, phaseOf, STEP_CODES } from './steps';

let nextId = 1;
function job(kind: JobKind, state: JobState, more: Partial<Job> = {}): Job {
  return {
    id: nextId++, kind, itemType: 'document', itemId: 1, params: {}, state, progress: 0, step: null, attempts: 1, error: null,
    createdAt: '', updatedAt: '', startedAt: null, finishedAt: null, ...more,
  };
}

/** Every situation of the table, with jobs that put an item in it and what the item must show. */
const CASES: Array<{ situation: Situation; jobs: Job[]; shows: ReturnType<typeof deriveItemProgress> }> = [
  { situation: 'no_ingest', jobs: [], shows: { status: 'pending', progress: 0, step: 'Queued', stepCode: { code: 'queued', params: {} }, error: null, errorCode: null } },
  { situation: 'ingest_queued', jobs: [job('ingest', 'queued', { step: step('queued') })], shows: { status: 'pending', progress: 0, step: 'Queued', stepCode: { code: 'queued', params: {} }, error: null, errorCode: null } },
  {
    situation: 'ingest_running',
    jobs: [job('ingest', 'running', { progress: 30, step: step('extracting_detail', { done: 3, total: 20, label: 'Reading text of page 3 of 20' }) })],
    shows: {
      status: 'extracting', progress: 30, step: 'Reading text of page 3 of 20',
      stepCode: { code: 'extracting_detail', params: { done: 3, total: 20, label: 'Reading text of page 3 of 20' } }, error: null, errorCode: null,
    },
  },
  {
    situation: 'ingest_failed',
    jobs: [job('ingest', 'failed', { progress: 5, step: step('failed'), error: { code: 'corrupt_file', message: 'The PDF is damaged', reason: { code: 'failure.damaged', params: { file: 'a.pdf' } } } })],
    shows: { status: 'failed', progress: 5, step: 'Failed', stepCode: { code: 'failed', params: {} }, error: 'The PDF is damaged', errorCode: { code: 'failure.damaged', params: { file: 'a.pdf' } } },
  },
  {
    situation: 'converting',
    jobs: [job('ingest', 'done', { step: step('completed') }), job('translate', 'running', { progress: 40, step: step('working', { label: 'Translating slide 4 of 10' }), params: { targetLanguage: 'hebrew' } })],
    shows: { status: 'converting', progress: 40, step: 'Translating slide 4 of 10', stepCode: { code: 'working', params: { label: 'Translating slide 4 of 10' } }, error: null, errorCode: null },
  },
  {
    situation: 'transcribe_failed',
    jobs: [
      job('ingest', 'done', { progress: 100, step: step('completed') }),
      job('transcribe', 'failed', { progress: 20, step: step('failed'), error: { code: 'unavailable', message: 'The speech-to-text service at 127.0.0.1:9 refused the audio: HTTP 500' } }),
    ],
    shows: {
      status: 'failed', progress: 100, step: 'Transcription failed', stepCode: { code: 'transcribe_failed', params: {} },
      error: 'The speech-to-text service at 127.0.0.1:9 refused the audio: HTTP 500', errorCode: null,
    },
  },
  {
    situation: 'translate_failed',
    jobs: [
      job('ingest', 'done', { itemType: 'video', progress: 100, step: step('completed') }),
      job('transcribe', 'done', { itemType: 'video', progress: 100, step: step('completed') }),
      job('translate', 'done', { itemType: 'video', params: { translationId: 1, targetLanguage: 'spanish' } }),
      job('translate', 'failed', { itemType: 'video', progress: 3, step: step('failed'), params: { translationId: 2, targetLanguage: 'arabic' }, error: { code: 'unavailable', message: 'The model answered HTTP 500' } }),
    ],
    shows: {
      status: 'failed', progress: 100, step: 'The Arabic version failed', stepCode: { code: 'translate_failed', params: { language: 'arabic' } },
      error: 'The Arabic version could not be made: The model answered HTTP 500', errorCode: { code: 'failure.translation', params: { language: 'arabic' } },
    },
  },
  {
    situation: 'all_done',
    // Each warning also goes as a code with parameters (`parts`), for the console to word in its language.
    jobs: [job('ingest', 'done', { progress: 100, step: completedWithWarnings([message('warning.slides_missing', { count: 2 }), message('warning.image_text_time', { count: 3 })]) })],
    shows: {
      status: 'completed', progress: 100,
      step: 'Completed with warnings: 2 slide(s) listed in the presentation are missing from the file. Text in 3 image(s) was not read for lack of time.',
      stepCode: {
        code: 'completed_with_warnings',
        params: { warnings: '2 slide(s) listed in the presentation are missing from the file. Text in 3 image(s) was not read for lack of time.' },
        parts: [{ code: 'warning.slides_missing', params: { count: 2 } }, { code: 'warning.image_text_time', params: { count: 3 } }],
      },
      error: null, errorCode: null,
    },
  },
];

describe('item status derived from its jobs', () => {
  it('the cases cover every situation of the transition table', () => {
    assert.deepEqual(CASES.map((c) => c.situation).sort(), Object.keys(TRANSITIONS).sort());
  });

  for (const c of CASES) {
    it(`${c.situation}: the item shows ${c.shows.status}`, () => {
      assert.equal(situationOf(c.jobs).situation, c.situation);
      assert.deepEqual(deriveItemProgress(c.jobs), c.shows);
    });
  }

  it('a running ingest shows the phase of its step: processing, extracting, analyzing', () => {
    assert.equal(deriveItemProgress([job('ingest', 'running', { step: step('reading_file') })]).status, 'processing');
    assert.equal(deriveItemProgress([job('ingest', 'running', { step: step('extracting') })]).status, 'extracting');
    assert.equal(deriveItemProgress([job('ingest', 'running', { step: step('indexing', { done: 1, total: 2 }) })]).status, 'analyzing');
    assert.equal(deriveItemProgress([job('ingest', 'running', { step: step('splitting') })]).status, 'analyzing');
  });

  it('a failed translation of a document does not fail the item: it stays completed (the failure shows on its translation)', () => {
    const jobs = [job('ingest', 'done', { step: step('completed') }), job('translate', 'failed', { error: { code: 'unavailable', message: 'No translator' } })];
    assert.deepEqual(deriveItemProgress(jobs), { status: 'completed', progress: 100, step: 'Completed', stepCode: { code: 'completed', params: {} }, error: null, errorCode: null });
  });

  it('a video\'s failed translation needs attention until it is retried (converting) and done (completed)', () => {
    const video = { itemType: 'video' as const };
    const ingest = job('ingest', 'done', video);
    const failed = job('translate', 'failed', { ...video, params: { targetLanguage: 'hebrew' }, error: { code: 'unavailable', message: 'down' } });
    assert.equal(situationOf([ingest, failed]).situation, 'translate_failed');
    assert.equal(deriveItemProgress([ingest, { ...failed, state: 'queued' }]).status, 'converting');
    assert.equal(deriveItemProgress([ingest, { ...failed, state: 'done' }]).status, 'completed');
    // A failed transcription comes first: without a transcript there is nothing to translate.
    assert.equal(situationOf([ingest, job('transcribe', 'failed', video), failed]).situation, 'transcribe_failed');
  });

  it('a failed transcription needs attention until a later one succeeds; while it is retried the item shows its phase', () => {
    const done = job('ingest', 'done');
    const failed = job('transcribe', 'failed', { error: { code: 'unavailable', message: 'down' } });
    assert.equal(deriveItemProgress([done, failed]).status, 'failed');
    assert.equal(deriveItemProgress([done, failed, job('transcribe', 'running', { step: step('transcribing', { label: 'Transcribing' }) })]).status, 'analyzing');
    assert.equal(deriveItemProgress([done, failed, job('transcribe', 'done')]).status, 'completed');
    assert.equal(deriveItemProgress([done, job('transcribe', 'done'), job('translate', 'failed', { error: { code: 'x', message: 'y' } })]).status, 'completed');
  });

  it('a video\'s transcription shows processing, extracting, analyzing in turn; a translation converting; a retried ingest pending again', () => {
    const done = job('ingest', 'done');
    assert.equal(deriveItemProgress([done, job('transcribe', 'queued')]).status, 'processing');
    assert.equal(deriveItemProgress([done, job('transcribe', 'running', { step: step('extracting_detail', { label: 'Extracting the sound' }) })]).status, 'extracting');
    assert.equal(deriveItemProgress([done, job('transcribe', 'running', { step: step('transcribing', { label: 'Transcribing: 40%' }) })]).status, 'analyzing');
    assert.equal(deriveItemProgress([done, job('transcribe', 'running', { step: step('working', { label: 'Burning in the subtitles' }) })]).status, 'converting');
    assert.equal(deriveItemProgress([done, job('translate', 'queued')]).status, 'converting');
    assert.deepEqual(deriveItemProgress([job('ingest', 'queued', { step: step('queued_again'), attempts: 1 })]), { status: 'pending', progress: 0, step: 'Queued again', stepCode: { code: 'queued_again', params: {} }, error: null, errorCode: null });
  });

  it('the latest ingest job decides: a failed first attempt and a running second show running', () => {
    const jobs = [job('ingest', 'failed', { error: { code: 'x', message: 'old' } }), job('ingest', 'running', { step: step('extracting') })];
    assert.equal(deriveItemProgress(jobs).status, 'extracting');
  });

  it('every step code has English text and a phase', () => {
    for (const code of STEP_CODES) {
      const s = step(code, { done: 1, total: 2, label: 'x', warnings: 'w' });
      assert.ok(s.text.length > 0, code);
      assert.ok(phaseOf(s), code);
    }
  });
});
