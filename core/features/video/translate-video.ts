/**
 * A translated video from a transcript: translated cues (WebVTT), then one
 * MP4 with soft subtitles (translated and original), optionally burned
 * subtitles and a dubbed track. Timings per stage are returned for the bench
 * and the record.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TranslationLanguage } from '../../foundation/types';
import { assembleVideo } from './assemble';
import { synthesizeDubTrack } from './dub-track';
import type { MediaInfo } from './probe';
import type { TranslateCues } from './translate-cues';
import { fitCues } from './cue-fit';
import { normaliseCues, writeVtt, type Cue } from './vtt';

export type SubtitleMode = 'soft' | 'burned';

export interface TranslateVideoOptions {
  input: string;
  info: MediaInfo;
  cues: readonly Cue[];
  source: TranslationLanguage;
  target: TranslationLanguage;
  translateCues: TranslateCues;
  subtitles: SubtitleMode;
  dub: boolean;
  workDir: string;
  out: string;
  signal?: AbortSignal;
  onStep?: (step: 'translating' | 'dubbing' | 'writing') => void;
  /** Already translated cues (a resumed job): skip the translation. */
  translated?: readonly Cue[];
}

export interface TranslatedVideo {
  cues: Cue[];
  vtt: string;
  vttPath: string;
  out: string;
  timings: { translateMs: number; dubMs: number; writeMs: number };
}

export async function translateVideo(o: TranslateVideoOptions): Promise<TranslatedVideo> {
  const t0 = performance.now();
  const original = normaliseCues(o.cues);
  o.onStep?.('translating');
  // Translations run longer than their original: re-cut to two lines of 42 characters.
  const cues = normaliseCues(fitCues(o.translated ?? await o.translateCues(original, o.target, { source: o.source, signal: o.signal })));
  const vtt = writeVtt(cues, { language: o.target });
  const vttPath = join(o.workDir, `subtitles-${o.target}.vtt`);
  const originalPath = join(o.workDir, `subtitles-${o.source}.vtt`);
  await writeFile(vttPath, vtt);
  await writeFile(originalPath, writeVtt(original, { language: o.source }));
  const t1 = performance.now();
  let dubWav: string | undefined;
  if (o.dub) {
    o.onStep?.('dubbing');
    dubWav = await synthesizeDubTrack({ cues, language: o.target, durationSec: o.info.durationSec ?? (cues.at(-1)?.end ?? 0) + 1, workDir: o.workDir, signal: o.signal });
  }
  const t2 = performance.now();
  o.onStep?.('writing');
  const tracks = [
    { vtt: vttPath, language: o.target, title: `Subtitles (${o.target})`, default: o.subtitles === 'soft' },
  ];
  if (o.source !== o.target) tracks.push({ vtt: originalPath, language: o.source, title: `Original subtitles (${o.source})`, default: false });
  await assembleVideo({
    input: o.input, info: o.info, out: o.out, tracks,
    ...(o.subtitles === 'burned' ? { burn: { vtt: vttPath, language: o.target } } : {}),
    ...(dubWav ? { dub: { wav: dubWav, language: o.target } } : {}),
    sourceLanguage: o.source, signal: o.signal,
  });
  const t3 = performance.now();
  return { cues, vtt, vttPath, out: o.out, timings: { translateMs: t1 - t0, dubMs: t2 - t1, writeMs: t3 - t2 } };
}
