/**
 * Puts a video's transcript where everything reads it: frames in the
 * ObjectStore, the WebVTT and SRT downloads, the JSON kept for reindexing
 * and translation, and the search index (old chunks out, new ones in). The
 * transcription job and the transcript editor both publish through here.
 */
import { createReadStream } from 'node:fs';
import { publicUrlForKey, videoKeys } from '../../engines/storage/layout';
import type { RecordDeps } from '../../engines/records/deps';
import type { Video } from '../../foundation/types';
import { chunkTranscript, type TimedChunk } from './chunks';
import type { Frame } from './frames';
import { videoSearchChunks } from './search-chunks';
import type { Transcript } from './speech/types';
import { saveOriginalTranscript, saveTranscript } from './transcript-store';
import { transcriptCues, writeSrt, writeVtt } from './vtt';

export interface PublishOptions {
  /** Frames just taken (the job), uploaded and matched to chunks. */
  frames?: readonly Frame[];
  /** Frame times already stored (the editor reuses them), matched to the new chunks. */
  storedFrameTimes?: readonly number[];
  chunks?: TimedChunk[];
  vtt?: string | null;
  /** 'transcribed' keeps this transcript as the original too; 'edited' leaves the original as it was. */
  origin?: 'transcribed' | 'edited';
  signal?: AbortSignal;
}

export async function publishTranscript(deps: RecordDeps, rec: Video, t: Transcript, o: PublishOptions = {}): Promise<{ chunkCount: number; vttPath: string; srtPath: string; frameTimes: number[] }> {
  const chunks = o.chunks ?? chunkTranscript(t.segments);
  for (const f of o.frames ?? []) {
    await deps.store.put(videoKeys.frame(rec.id, f.at * 1000), createReadStream(f.path));
  }
  const times = [...(o.frames ?? []).map((f) => f.at), ...(o.storedFrameTimes ?? [])];
  const frames: Record<number, number> = {};
  for (const c of chunks) {
    const inside = times.filter((at) => at >= c.start && at <= c.end);
    if (inside.length) frames[c.index] = inside.reduce((best, at) => (Math.abs(at - (c.start + c.end) / 2) < Math.abs(best - (c.start + c.end) / 2) ? at : best));
  }
  const cues = transcriptCues(t);
  const vtt = o.vtt ?? writeVtt(cues, { language: t.language });
  const stored = { itemId: rec.id, title: rec.label, transcript: t, chunks, frames, frameTimes: times };
  await saveTranscript(deps.store, stored, vtt);
  await deps.store.put(videoKeys.transcriptSrt(rec.id), Buffer.from(writeSrt(cues), 'utf8'));
  if ((o.origin ?? 'transcribed') === 'transcribed') await saveOriginalTranscript(deps.store, stored);
  o.signal?.throwIfAborted();
  await deps.search.deleteItem('video', rec.id);
  const searchChunks = videoSearchChunks(stored);
  await deps.search.upsert(searchChunks);
  return {
    chunkCount: searchChunks.length, vttPath: publicUrlForKey(videoKeys.transcriptVtt(rec.id)),
    srtPath: publicUrlForKey(videoKeys.transcriptSrt(rec.id)), frameTimes: times,
  };
}
