/**
 * The ffmpeg `subtitles` filter (libass) for burning cues into the picture:
 * Noto fonts per script, and right-to-left text (Hebrew, Arabic) laid out
 * with a right-to-left base direction so punctuation lands where a reader of
 * that script expects it.
 */
import { AppError } from '../errors';
import type { TranslationLanguage } from '../types';
import { MAX_LINE, MAX_LINES } from './cue-fit';
import { languageFacts } from './languages';

/** Paths we quote into a filtergraph: no quotes, colons, commas or brackets (our work folders qualify). */
const SAFE_PATH = /^[\w/.+-]+$/;

/** libass lays subtitles out on a 288-line script: sizes below are in its units (times height/288 in pixels). */
const SCRIPT_HEIGHT = 288;
/** Average glyph width of Noto Sans as a share of the font size (a little over, to be safe). */
const CHAR_WIDTH = 0.55;

/**
 * Font size and bottom margin (script units) so two lines of 42 characters
 * fit the frame's width and the block never takes more than 20 % of its
 * height: on landscape the usual 6 % of the height, on portrait smaller.
 */
export function subtitleSize(frame: { width?: number; height?: number } = {}): { fontSize: number; marginV: number } {
  const w = frame.width ?? 16;
  const h = frame.height ?? 9;
  const px = (units: number) => (units * h) / SCRIPT_HEIGHT;
  const usual = 18;
  const byWidth = (0.9 * w) / (MAX_LINE * CHAR_WIDTH);
  const margin = Math.min(px(14), 0.04 * h);
  // Two lines at 1.3 line height (with outline) plus the margin inside 19 % of the height.
  const byHeight = (0.19 * h - margin) / (MAX_LINES * 1.3);
  const fontPx = Math.min(px(usual), byWidth, byHeight);
  const units = (p: number) => Math.round(((p * SCRIPT_HEIGHT) / h) * 100) / 100;
  return { fontSize: units(fontPx), marginV: units(margin) };
}

/** `subtitles=...` for a subtitle file (VTT or SRT) in `language`, sized to the frame. */
export function subtitlesFilter(subtitleFile: string, language: TranslationLanguage, frame: { width?: number; height?: number } = {}): string {
  const facts = languageFacts(language);
  const size = subtitleSize(frame);
  const style = [
    `FontName=${facts.font}`,
    `FontSize=${size.fontSize}`,
    'PrimaryColour=&H00FFFFFF',
    'OutlineColour=&H00000000',
    'BorderStyle=1',
    'Outline=1.5',
    'Shadow=0',
    `MarginV=${size.marginV}`,
    // Encoding -1: libass picks the base direction from the text (right to left for Hebrew, Arabic).
    ...(facts.rtl ? ['Encoding=-1'] : []),
  ].join(',');
  if (!SAFE_PATH.test(subtitleFile)) throw new AppError('internal', `Subtitle path is not safe for a filtergraph: ${subtitleFile}`);
  return `subtitles=filename='${subtitleFile}':charenc=UTF-8:force_style='${style}'`;
}
