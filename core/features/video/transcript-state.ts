import type { VideoTranscript } from '../../foundation/types';

/** A video's transcript before its `transcribe` job ran. */
export function emptyTranscript(): VideoTranscript {
  return {
    state: 'pending', note: null, error: null, language: null, provider: null, quality: null,
    segmentCount: 0, chunkCount: 0, vttPath: null, estimate: null, updatedAt: new Date().toISOString(),
  };
}
