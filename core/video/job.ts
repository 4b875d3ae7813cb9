/**
 * The `transcribe` job of a video: reads the original, transcribes it (or
 * records why not), keeps the transcript as WebVTT and timed segments,
 * takes a frame per transcript chunk (the source images of citations) and
 * indexes the chunks with their time ranges. Reports extracting (probe,
 * sound) then analyzing (transcribing, frames, indexing). Resumes after a
 * kill from the transcript it kept.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { toAppError } from '../errors';
import type { JobHandler } from '../jobs/queue';
import { step } from '../jobs/steps';
import { publicUrlForKey, videoKeys } from '../storage/layout';
import type { RecordDeps } from '../records/deps';
import { languageName } from '../text/language';
import type { Video, VideoTranscript } from '../types';
import { languageFacts } from './languages';
import { processVideo, type VideoStage } from './process-video';
import { videoSearchChunks } from './search-chunks';
import type { SpeechToText } from './speech/types';
import { loadTranscript, saveTranscript } from './transcript-store';
import { LOW_QUALITY_NOTE } from './transcribe-video';

/** The low-confidence note as a code, for every console's language (other notes are free text). */
const noteCodeOf = (note: string | null) => (note === LOW_QUALITY_NOTE ? { code: 'note.transcript_low_confidence', params: {} } : null);
import { emptyTranscript } from './transcript-state';

export interface TranscribeJobDeps extends RecordDeps {
  transcribers: SpeechToText[];
  tmpDir?: string;
  maxDurationSec?: number;
}

const now = () => new Date().toISOString();
const STEP: Record<VideoStage, 'extracting_detail' | 'transcribing' | 'working'> = {
  extracting: 'extracting_detail', analyzing: 'transcribing', converting: 'working',
};

export function createTranscribeHandler(deps: TranscribeJobDeps): JobHandler {
  return async (job, signal, report) => {
    const videos = deps.catalog.videos;
    const rec = videos.get(job.itemId);
    if (!rec) return;
    const setTranscript = (p: Partial<VideoTranscript>) => {
      if (!videos.get(rec.id)) return;
      videos.update(rec.id, (v: Video) => { v.transcript = { ...emptyTranscript(), ...v.transcript, ...p, updatedAt: now() }; });
    };
    // A transcript kept by a run that was killed is reused; a new request (retry) starts over.
    const resuming = rec.transcript?.state === 'running';
    const kept = resuming ? await loadTranscript(deps.store, rec.id) : null;
    setTranscript({ state: 'running', error: null });
    const workDir = await mkdtemp(path.join(deps.tmpDir ?? os.tmpdir(), `transcribe-${rec.id}-`));
    try {
      report(step('reading_file'), 2);
      const local = path.join(workDir, `original${path.extname(rec.fileName).toLowerCase() || '.mp4'}`);
      const obj = await deps.store.get(rec.fileKey, { signal });
      await streamPipeline(obj.body, createWriteStream(local), { signal });
      const language = languageName(rec.sourceLanguage ?? '') ?? 'english';
      const r = await processVideo({
        input: local, label: `The video "${rec.fileName}"`, workDir, hasSpeech: rec.hasSpeech, sourceLanguage: language,
        transcribers: deps.transcribers, maxDurationSec: deps.maxDurationSec, signal,
        previous: kept ? { outcome: { transcript: kept.transcript, note: kept.transcript.quality === 'low' ? LOW_QUALITY_NOTE : null } } : undefined,
        onStage: (stage, progress, label) => report(step(STEP[stage], { label }), progress, { throttle: true }),
        onPlan: (plan) => setTranscript({ estimate: plan.note }),
        onTranscript: async (outcome) => {
          if (outcome.transcript) await saveTranscript(deps.store, { itemId: rec.id, title: rec.label, transcript: outcome.transcript, chunks: [], frames: {} }, null);
        },
      });
      report(step('transcribing', { label: 'Storing frames and indexing the transcript' }), 80);
      await deps.search.deleteItem('video', rec.id);
      const frames: Record<number, number> = {};
      for (const f of r.frames) {
        await deps.store.put(videoKeys.frame(rec.id, f.at * 1000), createReadStream(f.path));
      }
      for (const c of r.chunks) {
        const f = r.frames.find((x) => x.at >= c.start && x.at <= c.end);
        if (f) frames[c.index] = f.at;
      }
      const t = r.outcome.transcript;
      if (!t) {
        setTranscript({ state: 'none', note: r.outcome.note, noteCode: noteCodeOf(r.outcome.note), segmentCount: 0, vttPath: null, provider: null, quality: null, language: null });
        return step('completed_with_warnings', { warnings: r.outcome.note });
      }
      await saveTranscript(deps.store, { itemId: rec.id, title: rec.label, transcript: t, chunks: r.chunks, frames }, r.vtt);
      const chunks = videoSearchChunks({ itemId: rec.id, title: rec.label, transcript: t, chunks: r.chunks, frames });
      await deps.search.upsert(chunks);
      signal.throwIfAborted();
      if (videos.get(rec.id)) videos.update(rec.id, { sourceLanguage: languageFacts(t.language).iso1, updatedAt: now() });
      setTranscript({
        state: 'completed', note: r.outcome.note, noteCode: noteCodeOf(r.outcome.note), language: t.language, provider: t.provider, quality: t.quality,
        segmentCount: t.segments.length, chunkCount: chunks.length, vttPath: publicUrlForKey(videoKeys.transcriptVtt(rec.id)),
      });
      return r.outcome.note ? step('completed_with_warnings', { warnings: r.outcome.note }) : undefined;
    } catch (e) {
      const err = toAppError(e);
      if (!signal.aborted) setTranscript({ state: 'failed', error: err.message });
      throw err;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
