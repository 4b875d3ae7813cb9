/**
 * An OpenAI-compatible transcription reply (verbose_json) read into timed
 * segments with their words, and a text-only reply made into sentences
 * whose times are spread over the speech by their length.
 */
import type { TranscriptSegment } from './types';

export interface ParsedReply {
  text: string;
  language: string | null;
  duration: number | null;
  /** Null when the reply has no segments (text only). */
  segments: TranscriptSegment[] | null;
}

interface VerboseJson {
  text?: unknown;
  language?: unknown;
  duration?: unknown;
  segments?: Array<{ start?: unknown; end?: unknown; text?: unknown; avg_logprob?: unknown; words?: unknown }>;
  words?: unknown;
}

type Word = { word: string; start: number; end: number };

function readWords(v: unknown): Word[] {
  if (!Array.isArray(v)) return [];
  const out: Word[] = [];
  for (const w of v as Array<{ word?: unknown; start?: unknown; end?: unknown }>) {
    const start = Number(w?.start);
    const end = Number(w?.end);
    if (typeof w?.word !== 'string' || !Number.isFinite(start) || !Number.isFinite(end) || end < start) continue;
    const word = w.word.trim();
    if (word) out.push({ word, start, end });
  }
  return out;
}

/** The reply, or null when the body is not a transcription reply (or its segment times are broken). */
export function parseReply(body: string): ParsedReply | null {
  let json: VerboseJson;
  try {
    json = JSON.parse(body) as VerboseJson;
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object' || typeof json.text !== 'string') return null;
  const d = Number(json.duration);
  const reply: ParsedReply = {
    text: json.text.trim(),
    language: typeof json.language === 'string' ? json.language : null,
    duration: Number.isFinite(d) && d > 0 ? d : null,
    segments: null,
  };
  const topWords = readWords(json.words);
  if (Array.isArray(json.segments)) {
    const segments: TranscriptSegment[] = [];
    for (const s of json.segments) {
      const start = Number(s.start);
      const end = Number(s.end);
      if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || typeof s.text !== 'string') return null;
      const text = s.text.trim();
      if (!text) continue;
      const seg: TranscriptSegment = { start, end, text };
      if (typeof s.avg_logprob === 'number') seg.confidence = Math.round(Math.exp(s.avg_logprob) * 1000) / 1000;
      const own = readWords(s.words);
      const words = own.length ? own : topWords.filter((w) => w.start >= start - 0.05 && w.end <= end + 0.05);
      if (words.length) seg.words = words;
      segments.push(seg);
    }
    reply.segments = segments;
  } else if (topWords.length) {
    // Words without segments: one segment per sentence of words.
    reply.segments = sentencesOfWords(topWords);
  }
  return reply;
}

const endsSentence = (w: string) => /[.!?…。！？]["')\]»”]*$/.test(w);

function sentencesOfWords(words: Word[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  let cur: Word[] = [];
  for (const w of words) {
    cur.push(w);
    if (endsSentence(w.word)) {
      out.push({ start: cur[0]!.start, end: w.end, text: cur.map((x) => x.word).join(' '), words: cur });
      cur = [];
    }
  }
  if (cur.length) out.push({ start: cur[0]!.start, end: cur.at(-1)!.end, text: cur.map((x) => x.word).join(' '), words: cur });
  return out;
}

/** Sentences of a text (at . ! ? and their CJK forms), trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?…。！？]+[.!?…。！？]*["')\]»”]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/**
 * A text without times as sentences timed over the speech: each sentence
 * takes a share of the speech time equal to its share of the characters,
 * laid over the speech regions in order (silences between them skipped).
 */
export function spreadText(text: string, regions: ReadonlyArray<{ start: number; end: number }>): TranscriptSegment[] {
  const parts = sentences(text);
  const total = regions.reduce((n, r) => n + Math.max(0, r.end - r.start), 0);
  const chars = parts.reduce((n, p) => n + p.length, 0);
  if (!parts.length || total <= 0 || !chars) return [];
  /** The time at `sec` seconds into the speech. */
  const at = (sec: number) => {
    let left = sec;
    for (const r of regions) {
      const len = r.end - r.start;
      if (left <= len) return r.start + left;
      left -= len;
    }
    return regions.at(-1)!.end;
  };
  let used = 0;
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  return parts.map((p) => {
    const from = (used / chars) * total;
    used += p.length;
    const to = (used / chars) * total;
    return { start: r3(at(from)), end: r3(at(to)), text: p };
  });
}
