/**
 * The ffmpeg `subtitles` filter (libass) for burning cues into the picture:
 * Noto fonts per script, and right-to-left text (Hebrew, Arabic) laid out
 * with a right-to-left base direction so punctuation lands where a reader of
 * that script expects it.
 */
import { AppError } from '../errors';
import type { TranslationLanguage } from '../types';
import { languageFacts } from './languages';

/** Paths we quote into a filtergraph: no quotes, colons, commas or brackets (our work folders qualify). */
const SAFE_PATH = /^[\w/.+-]+$/;

/** `subtitles=...` for a subtitle file (VTT or SRT) in `language`. */
export function subtitlesFilter(subtitleFile: string, language: TranslationLanguage): string {
  const facts = languageFacts(language);
  // libass scales from a 288-line script resolution: 18 there is about 6% of the height.
  const style = [
    `FontName=${facts.font}`,
    'FontSize=18',
    'PrimaryColour=&H00FFFFFF',
    'OutlineColour=&H00000000',
    'BorderStyle=1',
    'Outline=1.5',
    'Shadow=0',
    'MarginV=14',
    // Encoding -1: libass picks the base direction from the text (right to left for Hebrew, Arabic).
    ...(facts.rtl ? ['Encoding=-1'] : []),
  ].join(',');
  if (!SAFE_PATH.test(subtitleFile)) throw new AppError('internal', `Subtitle path is not safe for a filtergraph: ${subtitleFile}`);
  return `subtitles=filename='${subtitleFile}':charenc=UTF-8:force_style='${style}'`;
}
