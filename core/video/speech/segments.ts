/**
 * Timed words into subtitle-sized segments: a new segment starts after a
 * pause, at the end of an utterance, or when the current one is long.
 */
import type { TranscriptSegment } from './types';

export interface TimedWord {
  word: string;
  start: number;
  end: number;
  confidence?: number;
}

export interface GroupOptions {
  /** A pause at least this long (s) starts a new segment. Default 0.6. */
  pauseSec?: number;
  /** Longest segment (s). Default 6. */
  maxSec?: number;
  /** Most characters in a segment. Default 84 (two subtitle lines). */
  maxChars?: number;
}

export function groupWords(words: readonly TimedWord[], opts: GroupOptions = {}): TranscriptSegment[] {
  const pause = opts.pauseSec ?? 0.6;
  const maxSec = opts.maxSec ?? 6;
  const maxChars = opts.maxChars ?? 84;
  const out: TranscriptSegment[] = [];
  let cur: TimedWord[] = [];
  const flush = () => {
    if (!cur.length) return;
    const confs = cur.map((w) => w.confidence).filter((c): c is number => c !== undefined);
    const seg: TranscriptSegment = {
      start: cur[0]!.start, end: cur[cur.length - 1]!.end, text: cur.map((w) => w.word).join(' '),
      words: cur.map((w) => ({ word: w.word, start: w.start, end: w.end })),
    };
    if (confs.length) seg.confidence = Math.round((confs.reduce((a, b) => a + b, 0) / confs.length) * 1000) / 1000;
    out.push(seg);
    cur = [];
  };
  for (const w of words) {
    const last = cur[cur.length - 1];
    if (last) {
      const chars = cur.reduce((n, x) => n + x.word.length + 1, 0) + w.word.length;
      if (w.start - last.end >= pause || w.end - cur[0]!.start > maxSec || chars > maxChars) flush();
    }
    cur.push(w);
  }
  flush();
  return out;
}
