/**
 * Transcript segments into search chunks that carry their time range, so a
 * citation can say "Video title · 0:12–0:18" and link to `#t=12`.
 */
import type { TranscriptSegment } from './speech/types';
import { clockTime } from './vtt';

export interface TimedChunk {
  index: number;
  start: number;
  end: number;
  text: string;
}

/** Groups consecutive segments until a chunk reaches `maxChars` or `maxSec`. */
export function chunkTranscript(segments: readonly TranscriptSegment[], opts: { maxChars?: number; maxSec?: number } = {}): TimedChunk[] {
  const maxChars = opts.maxChars ?? 400;
  const maxSec = opts.maxSec ?? 30;
  const out: TimedChunk[] = [];
  let cur: TranscriptSegment[] = [];
  const flush = () => {
    if (!cur.length) return;
    out.push({ index: out.length, start: cur[0]!.start, end: cur[cur.length - 1]!.end, text: cur.map((s) => s.text).join(' ') });
    cur = [];
  };
  for (const s of segments) {
    const len = cur.reduce((n, x) => n + x.text.length + 1, 0);
    if (cur.length && (len + s.text.length > maxChars || s.end - cur[0]!.start > maxSec)) flush();
    cur.push(s);
  }
  flush();
  return out;
}

/** "Demo · 0:12–0:18" */
export function citeRange(title: string, start: number, end: number): string {
  return `${title} · ${clockTime(start)}–${clockTime(Math.max(end, start))}`;
}

/** The link to a moment of a video: media fragment `#t=12`. */
export function timeLink(url: string, start: number): string {
  return `${url.replace(/#.*$/, '')}#t=${Math.floor(Math.max(0, start))}`;
}
