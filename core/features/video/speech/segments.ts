/**
 * Timed words into subtitle-sized segments: a new segment starts after a
 * pause, at the end of an utterance, or when the current one grows long,
 * then at the longest pause inside it (where one speaker stops or a phrase
 * ends), not at the word that made it too long.
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
    if (last && w.start - last.end >= pause) flush();
    else if (last) {
      const chars = cur.reduce((n, x) => n + x.word.length + 1, 0) + w.word.length;
      if (w.end - cur[0]!.start > maxSec || chars > maxChars) {
        // Too long with this word: cut at the longest pause between the words so far (the later one on a tie).
        const at = longestPause(cur);
        const rest = cur.slice(at);
        cur = cur.slice(0, at);
        flush();
        cur = rest;
      }
    }
    cur.push(w);
  }
  flush();
  return out;
}

/** Where to cut timed words (1..n-1, or n when there is one word): before the word after the longest pause. */
export function longestPause(ws: readonly { start: number; end: number }[]): number {
  let best = ws.length;
  let gap = -Infinity;
  for (let i = 1; i < ws.length; i++) {
    const g = ws[i]!.start - ws[i - 1]!.end;
    if (g >= gap) { gap = g; best = i; }
  }
  return best;
}
