/**
 * Long videos: the spec's guidance is under a minute. We accept videos up to
 * `maxSec` (default 30 minutes) and put an estimate of the processing time on
 * the record; longer ones are refused with a clear message before any work.
 * Rates are seconds of processing per second of video, measured by
 * `BENCH_ONLY=video npm run bench` (docs/BENCHMARKS.md): CPU seconds of the
 * transcription pipeline per second of video, halved for pocketsphinx's two
 * parts at once on two cores; burning 0.14, dubbing 0.18. Once this server
 * has transcribed a few videos, the transcription's part comes from its
 * own runs instead (core/features/video/rates.ts).
 */
import { refusal } from '../../foundation/messages';
import type { MeasuredRate } from './rates';

export interface PolicyRates {
  /** Probe, audio, silence check, frames. */
  extract: number;
  /** Offline pocketsphinx (two parts at once on two cores). */
  transcribe: number;
  /** An STT endpoint: sending speech-only Opus and reading the reply (the endpoint's own speed comes on top). */
  transcribeEndpoint: number;
  /** Soft subtitles (stream copy). */
  mux: number;
  /** Burning re-encodes the picture. */
  burn: number;
  dub: number;
}

export const DEFAULT_RATES: PolicyRates = { extract: 0.03, transcribe: 0.3, transcribeEndpoint: 0.05, mux: 0.02, burn: 0.15, dub: 0.2 };
/** Fixed seconds of any video's processing (probe, starting the tools). */
export const FIXED_SEC = 3;
export const DEFAULT_MAX_SEC = 30 * 60;

export interface VideoPlan {
  estimateSec: number;
  /** Plain sentence for the record, e.g. "About 6 minutes of processing for this video (10 minutes long)." */
  note: string;
}

export function planVideo(durationSec: number | undefined, choice: { transcribe: boolean; endpoint?: boolean; translate: boolean; burn: boolean; dub: boolean },
  opts: { maxSec?: number; rates?: PolicyRates; measured?: MeasuredRate | null } = {}): VideoPlan {
  const maxSec = opts.maxSec ?? DEFAULT_MAX_SEC;
  const r = opts.rates ?? DEFAULT_RATES;
  const d = durationSec ?? 0;
  if (d > maxSec) {
    throw refusal('too_large', 'refusal.video_too_long', { minutes: Math.ceil(d / 60), max: Math.floor(maxSec / 60) },
      `This video is ${minutes(d)} long; videos up to ${minutes(maxSec)} are processed here (about ${minutes(maxSec * rate(r, choice))} of work at most). Split it into parts, or raise VIDEO_MAX_MINUTES.`,
      { reason: 'too_long', durationSec: d, maxSec });
  }
  // This server's own runs of the same kind, when enough are known, replace the bench's transcription rates.
  const m = choice.transcribe ? opts.measured : null;
  const estimateSec = m
    ? Math.round(m.fixedSec + d * (m.perSec + rate(r, { ...choice, transcribe: false }) - r.extract))
    : Math.round(d * rate(r, choice) + FIXED_SEC);
  return { estimateSec, note: `About ${minutes(estimateSec)} of processing for this video (${minutes(d)} long).` };
}

function rate(r: PolicyRates, c: { transcribe: boolean; endpoint?: boolean; translate: boolean; burn: boolean; dub: boolean }): number {
  return r.extract + (c.transcribe ? (c.endpoint ? r.transcribeEndpoint : r.transcribe) : 0) + (c.translate ? r.mux + (c.burn ? r.burn : 0) + (c.dub ? r.dub : 0) : 0);
}

/** 75 -> '1 minute', 610 -> '10 minutes', 20 -> '20 seconds' */
export function minutes(sec: number): string {
  if (sec < 90) return `${Math.max(1, Math.round(sec))} seconds`;
  const m = Math.round(sec / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}
