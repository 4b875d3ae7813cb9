/**
 * Subtitle-sized cues: at most two lines of 42 characters each (the common
 * broadcast rule) and at most 7 seconds, split at sentence ends first and
 * otherwise between words, never inside one. With word times (endpoint
 * word timestamps, pocketsphinx) a cue is cut at the longest pause between
 * its words (where a speaker stops or a phrase ends), starts at its first
 * word and ends at its last; without them the segment's time is shared out
 * by characters.
 */
import type { TranscriptSegment } from './speech/types';

export const MAX_LINE = 42;
export const MAX_LINES = 2;
/** Longest cue (s) when word times tell where to cut. */
export const MAX_CUE_SEC = 7;

interface Word {
  word: string;
  start: number;
  end: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const endsSentence = (w: string) => /[.!?…。！？]["')\]»”]*$/.test(w);

/** The words of a segment with times: its own word times, or the segment's time shared by characters. */
function wordsOf(s: TranscriptSegment): Word[] {
  const given = (s.words ?? []).map((w) => ({ ...w, word: w.word.trim() })).filter((w) => w.word);
  if (given.length) return given;
  const parts = s.text.trim().split(/\s+/).filter(Boolean);
  const chars = parts.reduce((n, p) => n + p.length + 1, 0) || 1;
  const span = Math.max(0, s.end - s.start);
  let at = s.start;
  return parts.map((p) => {
    const d = (span * (p.length + 1)) / chars;
    const w = { word: p, start: round3(at), end: round3(at + d) };
    at += d;
    return w;
  });
}

/** Lines of at most `max` characters, broken between words and as even as possible for two lines. */
export function wrapLines(text: string, max = MAX_LINE): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (!words.length) return [];
  if (text.length <= max) return [words.join(' ')];
  // Two lines: the most even break where both fit; else greedy lines.
  let best: [string, string] | null = null;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    if (a.length <= max && b.length <= max && (!best || Math.abs(a.length - b.length) < Math.abs(best[0].length - best[1].length))) best = [a, b];
  }
  if (best) return best;
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && (cur.length + 1 + w.length) > max) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Whether text fits a cue: at most MAX_LINES lines of MAX_LINE characters. */
export const fitsCue = (text: string) => wrapLines(text).length <= MAX_LINES && wrapLines(text).every((l) => l.length <= MAX_LINE);

/** Words cut at sentence ends (a sentence of at least 12 characters ends its cue). */
function cutSentences(words: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  let cur: Word[] = [];
  for (const w of words) {
    cur.push(w);
    if (endsSentence(w.word) && cur.map((x) => x.word).join(' ').length >= 12) { out.push(cur); cur = []; }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Words cut into cues: at sentence ends, and before a cue would pass `limit` characters or stop fitting two lines. */
function cut(words: readonly Word[], limit: number): Word[][] {
  const out: Word[][] = [];
  let cur: Word[] = [];
  const text = (ws: Word[]) => ws.map((x) => x.word).join(' ');
  for (const w of words) {
    if (cur.length && (!fitsCue(text([...cur, w])) || text([...cur, w]).length > limit)) {
      out.push(cur);
      cur = [];
    }
    cur.push(w);
    if (endsSentence(w.word) && text(cur).length >= 12) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Words with their own times cut into cues at pauses: a cue too long to read (lines, seconds) is cut at its longest pause, a pause balanced against even halves. */
function cutAtPauses(words: readonly Word[]): Word[][] {
  const text = (ws: readonly Word[]) => ws.map((x) => x.word).join(' ');
  if (words.length < 2 || (fitsCue(text(words)) && words.at(-1)!.end - words[0]!.start <= MAX_CUE_SEC)) return [words.slice()];
  const total = text(words).length;
  let best = 1;
  let score = -Infinity;
  for (let i = 1; i < words.length; i++) {
    const gap = Math.max(0, words[i]!.start - words[i - 1]!.end);
    // A second of pause outweighs halves that differ by the whole text: a cut at a real pause wins, evenness decides between equal pauses.
    const s = gap + (endsSentence(words[i - 1]!.word) ? 0.3 : 0) - (0.25 * Math.abs(text(words.slice(0, i)).length - text(words.slice(i)).length)) / total;
    if (s > score) { score = s; best = i; }
  }
  return [...cutAtPauses(words.slice(0, best)), ...cutAtPauses(words.slice(best))];
}

/** Segments re-cut into subtitle-sized ones (text on one line; writers wrap it into two), parts of even length. */
export function fitSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const s of segments) {
    const words = wordsOf(s);
    const timed = !!s.words?.length;
    // Real word times: sentence ends first, then pauses.
    let groups = timed ? cutSentences(words).flatMap(cutAtPauses) : cut(words, Infinity);
    if (!timed && groups.length > 1) {
      // As many cues as needed, but of even length: no orphan word in a cue of its own.
      const total = words.reduce((n, w) => n + w.word.length + 1, 0);
      const even = cut(words, Math.ceil(total / groups.length) + 8);
      if (even.length <= groups.length) groups = even;
    }
    for (const g of groups) {
      const seg: TranscriptSegment = { start: round3(g[0]!.start), end: round3(Math.max(g.at(-1)!.end, g[0]!.start)), text: g.map((w) => w.word).join(' ') };
      if (s.confidence !== undefined) seg.confidence = s.confidence;
      if (s.words?.length) seg.words = g.map((w) => ({ ...w }));
      out.push(seg);
    }
  }
  return out;
}

/** Cues (e.g. translated ones, often longer than the original) re-cut to fit; a cut cue's parts are numbered '4.1', '4.2'. */
export function fitCues<C extends { id: string; start: number; end: number; text: string }>(cues: readonly C[]): Array<{ id: string; start: number; end: number; text: string }> {
  return cues.flatMap((c) => {
    const parts = fitSegments([{ start: c.start, end: c.end, text: c.text.replace(/\s*\n\s*/g, ' ') }]);
    return parts.length === 1 ? [{ id: c.id, start: c.start, end: c.end, text: parts[0]!.text }] : parts.map((p, k) => ({ id: `${c.id}.${k + 1}`, start: p.start, end: p.end, text: p.text }));
  });
}
