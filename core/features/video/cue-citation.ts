/**
 * A video citation at the sentence: a transcript search chunk spans up to
 * 30 seconds, but what an answer quotes is one or two sentences of it. The
 * citation names the cue(s) holding the quoted words (the transcript's
 * segments, with their stored times): their time range, the `#t=` link at
 * the first one's start, and a frame taken inside them.
 */
import type { Chunk } from '../../engines/search/types';
import { hasTerm, termSet, contentTerms } from '../../foundation/text/terms';
import { frameTimeFor } from './frames';
import type { StoredTranscript } from './transcript-store';

export interface CueSpan {
  start: number;
  end: number;
  /** A stored frame inside the span, nearest a third of the way in; absent when none was taken there. */
  frameSec?: number;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A quote as the answerer writes it: a full stop added to a heading, "…" where it was cut, markers. */
const bare = (s: string) => collapse(s.replace(/\s*\[\d+\]/g, '')).replace(/(?:…|[.!?;:。！？])+$/u, '').trim();

/** The cues (segments) of one transcript chunk, each with its character range in the chunk's text. */
function cuesOf(stored: StoredTranscript, chunk: Chunk) {
  const timed = stored.chunks.find((c) => c.index === chunk.ordinal);
  const from = timed?.start ?? chunk.startSec ?? 0;
  const to = timed?.end ?? chunk.endSec ?? from;
  const inside = stored.transcript.segments.filter((s) => s.start >= from - 1e-3 && s.end <= to + 1e-3 && collapse(s.text));
  let pos = 0;
  return inside.map((s) => {
    const text = collapse(s.text);
    const cue = { start: s.start, end: s.end, text, from: pos, to: pos + text.length };
    pos += text.length + 1;
    return cue;
  });
}

/**
 * The time range of the cues holding the quoted sentences: found in the
 * chunk's text where they are quoted word for word (extractive answers), else
 * the cue sharing the most content words with each quote (a model's
 * wording). Null when no cue can be named (the chunk range stays).
 */
export function cueSpan(stored: StoredTranscript, chunk: Chunk, quotes: string[]): CueSpan | null {
  const cues = cuesOf(stored, chunk);
  if (cues.length === 0) return null;
  const joined = cues.map((c) => c.text).join(' ');
  const held = new Set<number>();
  for (const quote of quotes) {
    const q = bare(quote);
    if (!q) continue;
    let at = joined.indexOf(q);
    let len = q.length;
    // A quote cut at 400 characters, or with its ending changed, still starts where it starts.
    if (at < 0 && q.length > 60) { at = joined.indexOf(q.slice(0, 60)); len = 60; }
    if (at >= 0) {
      cues.forEach((c, i) => { if (c.from < at + len && c.to > at) held.add(i); });
      continue;
    }
    const terms = contentTerms(q, chunk.language);
    const scored = cues.map((c, i) => ({ i, n: terms.filter((t) => hasTerm(termSet(c.text, chunk.language), t)).length }));
    const best = Math.max(...scored.map((x) => x.n));
    if (best > 0) for (const x of scored) if (x.n === best) held.add(x.i);
  }
  if (held.size === 0) return null;
  const chosen = [...held].sort((a, b) => a - b).map((i) => cues[i]);
  const start = chosen[0].start;
  const end = Math.max(...chosen.map((c) => c.end));
  const want = frameTimeFor(start, end);
  const times = stored.frameTimes ?? Object.values(stored.frames);
  const inside = times.filter((t) => t >= start && t <= end);
  const frameSec = inside.length ? inside.reduce((a, b) => (Math.abs(b - want) < Math.abs(a - want) ? b : a)) : undefined;
  return { start, end, ...(frameSec !== undefined ? { frameSec } : {}) };
}

/** The chunk as cited at its cues: time range and frame of the quoted sentences (the chunk itself when none is named). */
export function chunkAtCues(stored: StoredTranscript | null, chunk: Chunk, quotes: string[]): Chunk {
  if (!stored || chunk.itemType !== 'video' || chunk.startSec === undefined || chunk.translation) return chunk;
  const span = cueSpan(stored, chunk, quotes);
  if (!span) return chunk;
  const { frameSec: _old, ...rest } = chunk;
  // A frame of the chunk taken outside the quoted cues would show another sentence: none is better.
  return { ...rest, startSec: span.start, endSec: span.end, ...(span.frameSec !== undefined ? { frameSec: span.frameSec } : {}) };
}
