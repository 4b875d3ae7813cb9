/**
 * WebVTT: write cues (times increasing, no overlaps) and parse a file back,
 * with clear errors for what is not WebVTT. Only what subtitles need: cue
 * ids, timings, text (voice spans and other tags are stripped on parse).
 */
import { AppError } from '../../foundation/errors';
import type { Transcript } from './speech/types';
import { isTranslationLanguage, languageFacts } from './languages';
import { wrapLines } from './cue-fit';

export interface Cue {
  /** Stable id within one transcript, e.g. '1'. */
  id: string;
  start: number;
  end: number;
  text: string;
}

/** 75.5 -> '00:01:15.500' */
export function formatTimestamp(sec: number): string {
  const ms = Math.max(0, Math.round(sec * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** '00:01:15.500' or '01:15.500' -> 75.5; NaN when it is not a timestamp. */
export function parseTimestamp(text: string): number {
  const m = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, h, mm, ss, ms] = m;
  if (Number(mm) > 59 || Number(ss) > 59) return Number.NaN;
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number(ms) / 1000;
}

/** A clean cue text: no blank lines (they end a cue) and no '-->' (it starts one). */
function cueText(text: string): string {
  return text.replace(/\r/g, '').split('\n').map((l) => l.trim()).filter(Boolean).join('\n').replace(/-->/g, '->');
}

/** The text as subtitle lines: one-line text is wrapped at 42 characters between words; given line breaks are kept. */
const displayText = (text: string) => (text.includes('\n') ? text : wrapLines(text).join('\n'));

/**
 * Cues sorted by start, each ending after it starts and not after the next
 * one starts, empty texts dropped. What writeVtt writes.
 */
export function normaliseCues(cues: readonly Cue[]): Cue[] {
  const sorted = cues
    .map((c) => ({ ...c, text: cueText(c.text) }))
    .filter((c) => c.text && Number.isFinite(c.start) && Number.isFinite(c.end))
    .sort((a, b) => a.start - b.start);
  const out: Cue[] = [];
  for (const [i, c] of sorted.entries()) {
    const start = Math.max(0, round3(c.start));
    const next = sorted[i + 1];
    let end = round3(Math.max(c.end, start + 0.2));
    if (next && end > next.start) end = Math.max(round3(next.start), start + 0.001);
    out.push({ id: c.id, start, end: round3(end), text: c.text });
  }
  return out;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A language as BCP 47 ('spanish' -> 'es'); a code stays as given. */
export function bcp47(language: string): string {
  return isTranslationLanguage(language) ? languageFacts(language).iso1 : language;
}

/** The cues of a transcript (ids '1', '2', ...). */
export function transcriptCues(t: Pick<Transcript, 'segments'>): Cue[] {
  return t.segments.map((s, i) => ({ id: String(i + 1), start: s.start, end: s.end, text: s.text }));
}

export function writeVtt(cues: readonly Cue[], opts: { language?: string } = {}): string {
  const head = opts.language ? `WEBVTT\nLanguage: ${bcp47(opts.language)}\n` : 'WEBVTT\n';
  const body = normaliseCues(cues).map((c) => `${c.id.replace(/-->|\n/g, ' ')}\n${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${displayText(c.text)}\n`);
  return [head, ...body].join('\n');
}

/** 75.5 -> '00:01:15,500' (SRT's comma). */
const srtTime = (sec: number) => formatTimestamp(sec).replace('.', ',');

/** SubRip: the same cues numbered from 1, for players and editors that want SRT. */
export function writeSrt(cues: readonly Cue[]): string {
  return normaliseCues(cues).map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${displayText(c.text)}\n`).join('\n');
}

/** Parses WebVTT; AppError('validation') naming the first line that is wrong. */
export function parseVtt(text: string): Cue[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? '')) {
    throw new AppError('validation', 'This is not a WebVTT file: the first line must be "WEBVTT".');
  }
  const cues: Cue[] = [];
  let i = 1;
  while (i < lines.length && lines[i]!.trim() !== '') i++; // header lines
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    const timingAt = block.findIndex((l) => l.includes('-->'));
    if (timingAt < 0 || timingAt > 1) {
      throw new AppError('validation', `WebVTT line ${blockStart + 1}: a cue needs a timing line like "00:00:01.000 --> 00:00:02.500".`);
    }
    const [from, rest] = block[timingAt]!.split('-->');
    const start = parseTimestamp(from!);
    const end = parseTimestamp((rest ?? '').trim().split(/\s+/)[0] ?? '');
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
      throw new AppError('validation', `WebVTT line ${blockStart + timingAt + 1}: "${block[timingAt]}" is not a valid cue timing.`);
    }
    const id = timingAt === 1 ? block[0]!.trim() : String(cues.length + 1);
    const body = block.slice(timingAt + 1).join('\n').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
    cues.push({ id, start, end, text: body });
  }
  return cues;
}

/** Problems that make cues unfit as subtitles: times going backwards, overlaps, empty text. */
export function cueProblems(cues: readonly Cue[]): string[] {
  const problems: string[] = [];
  for (const [i, c] of cues.entries()) {
    if (!(c.end > c.start)) problems.push(`cue ${c.id} ends before it starts`);
    const prev = cues[i - 1];
    if (prev && c.start < prev.end) problems.push(`cue ${c.id} starts before cue ${prev.id} ends`);
    if (!c.text.trim()) problems.push(`cue ${c.id} is empty`);
  }
  return problems;
}

/** 75 -> '1:15', 3675 -> '1:01:15': how citations show a time. */
export function clockTime(sec: number): string {
  const s = Math.max(0, Math.floor(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}
