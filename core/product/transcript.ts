import type { CoreServices as Services } from '../services';
import { loadTranscript } from '../video/transcript-store';
import { videoVersions } from '../video/versions';
import type { Product } from './types';

/** A video's transcript (state, timed cues, WebVTT path) and its translated versions. */
export const transcript = (s: Services): Pick<Product, 'transcript'> => ({
  async transcript(id) {
    const video = await s.catalog.videos.require(id);
    const kept = video.transcript?.state === 'completed' ? await loadTranscript(s.store, id) : null;
    return {
      transcript: video.transcript ?? null,
      cues: (kept?.transcript.segments ?? []).map((seg, i) => ({ id: String(i + 1), start: seg.start, end: seg.end, text: seg.text })),
      vttPath: kept ? video.transcript?.vttPath ?? null : null,
      versions: await videoVersions(s.catalog, id),
    };
  },
});
