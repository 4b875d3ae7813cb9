/**
 * Transcript translation: cues keep their ids and times, only the text is
 * translated, by a function that takes segments and returns a map by id
 * (the shape of the Translator seam in core/features/translate).
 */
import { AppError } from '../../foundation/errors';
import type { TranslationLanguage } from '../../foundation/types';
import type { Cue } from './vtt';

export type TranslateSegments = (input: {
  segments: Array<{ id: string; text: string }>;
  source: TranslationLanguage;
  target: TranslationLanguage;
  signal?: AbortSignal;
}) => Promise<Map<string, string>>;

export type TranslateCues = (cues: readonly Cue[], target: TranslationLanguage, opts: { source: TranslationLanguage; signal?: AbortSignal }) => Promise<Cue[]>;

export function cueTranslator(translate: TranslateSegments): TranslateCues {
  return async (cues, target, opts) => {
    if (!cues.length) return [];
    if (opts.source === target) return cues.map((c) => ({ ...c }));
    const done = await translate({ segments: cues.map((c) => ({ id: c.id, text: c.text })), source: opts.source, target, signal: opts.signal });
    const missing = cues.filter((c) => typeof done.get(c.id) !== 'string').map((c) => c.id);
    if (missing.length) {
      throw new AppError('internal', `The translation came back without ${missing.length} of ${cues.length} subtitle lines (cues ${missing.slice(0, 5).join(', ')}).`);
    }
    return cues.map((c) => ({ ...c, text: done.get(c.id)!.trim() || c.text }));
  };
}
