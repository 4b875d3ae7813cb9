/**
 * The ffmpeg `subtitles` filter (libass) for burning cues into the picture:
 * Noto fonts per script, and right-to-left text (Hebrew, Arabic) laid out
 * with a right-to-left base direction so punctuation lands where a reader of
 * that script expects it.
 */
import { AppError } from '../../foundation/errors';
import type { TranslationLanguage } from '../../foundation/types';
import { MAX_LINE, MAX_LINES } from './cue-fit';
import { languageFacts } from './languages';

/** Paths we quote into a filtergraph: no quotes, colons, commas or brackets (our work folders qualify). */
const SAFE_PATH = /^[\w/.+-]+$/;

/** Average glyph width of Noto Sans as a share of the font size (a little over, to be safe). */
const CHAR_WIDTH = 0.55;

/**
 * Font size and bottom margin in pixels of the frame (the script is laid out
 * at the frame's own size, so glyphs keep their shape on portrait video):
 * two lines of 42 characters fit the width and the block never takes more
 * than 20 % of the height; on landscape the usual 6 % of the height.
 */
export function subtitleSize(frame: { width?: number; height?: number } = {}): { width: number; height: number; fontSize: number; marginV: number } {
  const width = frame.width ?? 1280;
  const height = frame.height ?? 720;
  const usual = 0.0625 * height;
  const byWidth = (0.9 * width) / (MAX_LINE * CHAR_WIDTH);
  const marginV = Math.round(Math.min(0.05 * height, 0.03 * height + 4));
  // Two lines at 1.3 line height (with outline) plus the margin inside 19 % of the height.
  const byHeight = (0.19 * height - marginV) / (MAX_LINES * 1.3);
  return { width, height, fontSize: Math.max(8, Math.floor(Math.min(usual, byWidth, byHeight))), marginV };
}

/** `subtitles=...` for a subtitle file (VTT or SRT) in `language`, sized to the frame. */
export function subtitlesFilter(subtitleFile: string, language: TranslationLanguage, frame: { width?: number; height?: number } = {}): string {
  const facts = languageFacts(language);
  const size = subtitleSize(frame);
  const style = [
    `PlayResX=${size.width}`,
    `PlayResY=${size.height}`,
    `FontName=${facts.font}`,
    `FontSize=${size.fontSize}`,
    'PrimaryColour=&H00FFFFFF',
    'OutlineColour=&H00000000',
    'BorderStyle=1',
    `Outline=${Math.max(1, Math.round(size.fontSize / 12))}`,
    'Shadow=0',
    `MarginV=${size.marginV}`,
    // Encoding -1: libass picks the base direction from the text (right to left for Hebrew, Arabic).
    ...(facts.rtl ? ['Encoding=-1'] : []),
  ].join(',');
  if (!SAFE_PATH.test(subtitleFile)) throw new AppError('internal', `Subtitle path is not safe for a filtergraph: ${subtitleFile}`);
  return `subtitles=filename='${subtitleFile}':charenc=UTF-8:force_style='${style}'`;
}
