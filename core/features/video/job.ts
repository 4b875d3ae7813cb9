/**
 * The `transcribe` job of a video: reads the original, transcribes it (or
 * records why not), keeps the transcript as WebVTT and timed segments,
 * takes a frame per transcript chunk (the source images of citations) and
 * indexes the chunks with their time ranges. Reports extracting (probe,
 * sound) then analyzing (transcribing, frames, indexing). Resumes after a
 * kill from the transcript it kept; a retry after frames or indexing failed
 * reuses the kept transcript (only the failed part runs again). Params
 * (`cms transcribe`, "Transcribe again"): `{ language?, provider?, fresh? }`.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { AppError, toAppError } from '../../foundation/errors';
import type { JobHandler } from '../../engines/jobs/queue';
import { completedWithWarnings, step } from '../../engines/jobs/steps';
import type { RecordDeps } from '../../engines/records/deps';
import { languageName } from '../../foundation/text/language';
import type { Coded, JobStep, TranslationLanguage, Video, VideoTranscript } from '../../foundation/types';
import { languageFacts } from './languages';
import { keptMediaInfo } from '../../engines/storage/media-info';
import { FIXED_SEC } from './policy';
import { measuredRates, recordRun } from './rates';
import { processVideo } from './process-video';
import { publishTranscript } from './publish-transcript';
import type { SpeechToText } from './speech/types';
import { loadTranscript, saveTranscript } from './transcript-store';
import { LOW_QUALITY_NOTE } from './transcribe-video';

/** The low-confidence note as a code, for every console's language (other notes are free text). */
const noteCodeOf = (note: string | null) => (note === LOW_QUALITY_NOTE ? { code: 'note.transcript_low_confidence', params: {} } : null);
/** A transcription that completed with a note: the note is its warning, with its code when it has one. */
const withNote = (note: string, code: Coded | null | undefined): JobStep =>
  code ? completedWithWarnings([{ ...code, text: note }]) : step('completed_with_warnings', { warnings: note });
import { emptyTranscript } from './transcript-state';

export interface TranscribeJobDeps extends RecordDeps {
  transcribers: SpeechToText[];
  tmpDir?: string;
  maxDurationSec?: number;
  /** Called after a transcript replaced an earlier one (translated subtitles are made again). */
  onReplaced?: (videoId: number) => Promise<void>;
}

/** What a `transcribe` job is asked: a language to use, a provider to prefer, and whether to start over. */
export interface TranscribeParams {
  language?: TranslationLanguage;
  provider?: 'endpoint' | 'offline';
  fresh?: boolean;
}

const now = () => new Date().toISOString();

/** The transcribers a request allows: the endpoint or the offline one only when asked. */
export function pickTranscribers(all: readonly SpeechToText[], provider: TranscribeParams['provider']): SpeechToText[] {
  if (provider === 'offline') return all.filter((t) => t.id === 'pocketsphinx');
  if (provider === 'endpoint') return all.filter((t) => t.id !== 'pocketsphinx');
  return [...all];
}

export function createTranscribeHandler(deps: TranscribeJobDeps): JobHandler {
  return async (job, signal, report) => {
    const videos = deps.catalog.videos;
    const params = job.params as TranscribeParams;
    const rec = await videos.get(job.itemId);
    if (!rec) return;
    const setTranscript = async (p: Partial<VideoTranscript>) => {
      if (!(await videos.get(rec.id))) return;
      await videos.update(rec.id, (v: Video) => { v.transcript = { ...emptyTranscript(), ...v.transcript, ...p, updatedAt: now() }; });
    };
    const before = rec.transcript;
    // A transcript kept by a run that was killed, or by a run that failed after it (frames, indexing), is reused; a new request starts over.
    const reuse = !params.fresh && (before?.state === 'running' || (before?.state === 'failed' && !!before.failedStep && before.failedStep !== 'transcribe'));
    const kept = reuse ? await loadTranscript(deps.store, rec.id) : null;
    const replacing = before?.state === 'completed' && (before.segmentCount ?? 0) > 0;
    await setTranscript({ state: 'running', error: null, failedStep: null });
    let part: 'transcribe' | 'frames' | 'index' = kept ? 'frames' : 'transcribe';
    const workDir = await mkdtemp(path.join(deps.tmpDir ?? os.tmpdir(), `transcribe-${rec.id}-`));
    try {
      report(step('reading_file'), 2);
      const local = path.join(workDir, `original${path.extname(rec.fileName).toLowerCase() || '.mp4'}`);
      const obj = await deps.store.get(rec.fileKey, { signal });
      await streamPipeline(obj.body, createWriteStream(local), { signal });
      const requested = params.language ?? null;
      const known = requested ?? languageName(rec.sourceLanguage ?? '') ?? null;
      const started = performance.now();
      const r = await processVideo({
        input: local, label: `The video "${rec.fileName}"`, workDir, hasSpeech: rec.hasSpeech, sourceLanguage: known,
        transcribers: pickTranscribers(deps.transcribers, params.provider), maxDurationSec: deps.maxDurationSec, signal,
        probed: await keptMediaInfo(deps.store, rec.id, local), measured: await measuredRates(deps.store, FIXED_SEC),
        previous: kept ? { outcome: { transcript: kept.transcript, note: kept.transcript.quality === 'low' ? LOW_QUALITY_NOTE : null } } : undefined,
        onStage: (_stage, progress, m) => report({ code: m.code, params: m.params, text: m.text }, progress, { throttle: true }),
        onPlan: (plan) => void setTranscript({ estimate: plan.note, estimateSec: plan.estimateSec }).catch(() => {}),
        onTranscript: async (outcome) => {
          // Kept before the frames and indexing (a killed run resumes from it), except over a published transcript
          // a fresh run replaces: that one stays the last good transcript until the new one is published.
          if (outcome.transcript && !(replacing && params.fresh)) await saveTranscript(deps.store, { itemId: rec.id, title: rec.label, transcript: outcome.transcript, chunks: [], frames: {} }, null);
          part = 'frames';
        },
      });
      part = 'index';
      report(step('video_storing'), 80);
      const t = r.outcome.transcript;
      // A run that recognised speech is a sample of this server's rate, for the next video's estimate
      // (a sample that cannot be written leaves the estimate on the samples it has: the video is not failed for it).
      if (t && r.timingsMs['transcribe.recognise'] !== undefined && r.info.durationSec) {
        await recordRun(deps.store, { kind: t.provider === 'pocketsphinx' ? 'offline' : 'endpoint', durationSec: r.info.durationSec, sec: (performance.now() - started) / 1000 }).catch(() => {});
      }
      if (!t) {
        await deps.search.deleteItem('video', rec.id);
        await setTranscript({
          state: 'none', note: r.outcome.note, noteCode: r.outcome.noteCode ?? noteCodeOf(r.outcome.note), segmentCount: 0, chunkCount: 0, vttPath: null, provider: null, quality: null, language: null,
          speechSec: r.speech?.speechSec ?? null, approximate: false,
        });
        return withNote(r.outcome.note, r.outcome.noteCode ?? noteCodeOf(r.outcome.note));
      }
      const published = await publishTranscript(deps, rec, t, { frames: r.frames, chunks: r.chunks, vtt: r.vtt, signal });
      const languageSource = requested ? 'requested' : rec.sourceLanguage ? 'upload' : 'detected';
      if (await videos.get(rec.id)) await videos.update(rec.id, { sourceLanguage: languageFacts(t.language).iso1, updatedAt: now() });
      await setTranscript({
        state: 'completed', note: r.outcome.note, noteCode: r.outcome.noteCode ?? noteCodeOf(r.outcome.note), language: t.language, provider: t.provider, quality: t.quality,
        segmentCount: t.segments.length, chunkCount: published.chunkCount, vttPath: published.vttPath,
        languageSource, approximate: !!t.approximate, speechSec: r.speech?.speechSec ?? null,
        version: (before?.version ?? (replacing ? 1 : 0)) + 1, origin: 'transcribed',
      });
      if (replacing || params.fresh) await deps.onReplaced?.(rec.id);
      return r.outcome.note ? withNote(r.outcome.note, r.outcome.noteCode ?? noteCodeOf(r.outcome.note)) : undefined;
    } catch (e) {
      const caught = toAppError(e);
      // Named with its file, the failure also goes as a code with parameters (worded in the console's language).
      const err = signal.aborted ? caught : new AppError(caught.code, caught.message, { cause: caught, details: { ...caught.details, file: rec.fileName } });
      if (!signal.aborted) await setTranscript({ state: 'failed', error: err.message, failedStep: part });
      throw err;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
