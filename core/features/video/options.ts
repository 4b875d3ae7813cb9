/**
 * A video's translation choices (`subtitles: soft|burned`, `dub: true|false`)
 * as an upload or a request gives them; the default is soft, no dub.
 */
import { refusal } from '../../foundation/messages';
import type { VideoOptions } from '../../foundation/types';

export const DEFAULT_VIDEO_OPTIONS: VideoOptions = { subtitles: 'soft', dub: false };

/** Reads `subtitles` / `dub` from form strings or typed values; anything else is a 400 naming the field. */
export function parseVideoOptions(raw: { subtitles?: unknown; dub?: unknown }, base: VideoOptions = DEFAULT_VIDEO_OPTIONS): VideoOptions {
  const out = { ...base };
  if (raw.subtitles !== undefined && raw.subtitles !== null && raw.subtitles !== '') {
    if (raw.subtitles !== 'soft' && raw.subtitles !== 'burned') throw refusal('validation', 'refusal.subtitles_invalid', { value: String(raw.subtitles) });
    out.subtitles = raw.subtitles;
  }
  if (raw.dub !== undefined && raw.dub !== null && raw.dub !== '') {
    if (raw.dub === true || raw.dub === 'true') out.dub = true;
    else if (raw.dub === false || raw.dub === 'false') out.dub = false;
    else throw refusal('validation', 'refusal.dub_invalid', { value: String(raw.dub) });
  }
  return out;
}
