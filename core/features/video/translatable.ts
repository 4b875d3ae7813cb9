/**
 * A video as a translatable file for the translation engine: its segments
 * are the transcript's cues (so memory and glossary apply as for any
 * document), a unit is a transcript chunk (the translated text is indexed
 * per passage), and writing it writes the translated MP4 (soft subtitles,
 * optionally burned, optionally dubbed) and the translated WebVTT.
 */
import { message, warningOf } from '../../foundation/messages';
import path from 'node:path';
import { escapeLiterals, stripTags } from '../../foundation/tools/inline-tags';
import type { TranslatableFile, TranslationWarning, WriteOptions } from '../../formats/types';
import { step } from '../../engines/jobs/steps';
import type { JobStep, VideoOptions } from '../../foundation/types';
import type { MediaInfo } from './probe';
import type { StoredTranscript } from './transcript-store';
import { translateVideo } from './translate-video';
import { normaliseCues, type Cue } from './vtt';

export interface VideoTranslatable extends TranslatableFile {
  /** The translated WebVTT written beside the output, once `write` ran. */
  readonly vttPath: string | null;
}

export function videoTranslatable(o: {
  input: string; info: MediaInfo; stored: StoredTranscript; options: VideoOptions; workDir: string;
  /** Told when burning, dubbing or writing starts (the job's step label). */
  onStep?: (s: JobStep, progress: number) => void;
}): VideoTranslatable {
  const cues: Cue[] = normaliseCues(o.stored.transcript.segments.map((s, i) => ({ id: String(i + 1), start: s.start, end: s.end, text: s.text })));
  const chunks = o.stored.chunks;
  const unitOf = (c: Cue) => 1 + Math.max(0, chunks.findIndex((ch) => c.start >= ch.start - 0.001 && c.start <= ch.end + 0.001));
  let vttPath: string | null = null;
  return {
    format: 'mp4',
    units: Math.max(1, chunks.length),
    segments: cues.map((c) => ({ id: c.id, text: escapeLiterals(c.text), unit: unitOf(c) })),
    get vttPath() { return vttPath; },
    async write(translations: ReadonlyMap<string, string>, out: string, w: WriteOptions): Promise<TranslationWarning[]> {
      const translated = cues.map((c) => ({ ...c, text: stripTags(translations.get(c.id) ?? '').trim() || c.text }));
      const workDir = path.join(o.workDir, 'video');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(workDir, { recursive: true });
      const r = await translateVideo({
        input: o.input, info: o.info, cues, translated, source: w.source, target: w.target, translateCues: async () => translated,
        subtitles: o.options.subtitles, dub: o.options.dub, workDir, out, signal: w.signal,
        onStep: (s) => {
          const language = w.target;
          if (s === 'dubbing') o.onStep?.(step('video_dubbing', { language }), 92);
          if (s === 'writing') o.onStep?.(step(o.options.subtitles === 'burned' ? 'video_burning' : 'video_writing', { language }), o.options.dub ? 95 : 93);
        },
      });
      vttPath = r.vttPath;
      const warnings: TranslationWarning[] = [];
      if (o.stored.transcript.quality === 'low') {
        const m = message('note.translated_from_low_confidence');
        warnings.push({ unit: null, message: m.text, code: { code: m.code, params: m.params } });
      }
      if (o.options.dub && w.target === 'hebrew') warnings.push(warningOf(null, 'warning.hebrew_voice'));
      return warnings;
    },
  };
}
