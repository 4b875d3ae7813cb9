/**
 * Speech detection before transcription: which stretches of a 16 kHz mono
 * WAV hold speech. Per one-second window it measures the loudness (90th
 * percentile of 25 ms frames) and how much the spectrum (16 bands from
 * 200 Hz to 4 kHz) and its loudness change from frame to frame: speech
 * moves its formants and its loudness with every syllable; silence is
 * quiet, and held notes, chords or hum stay put. Windows
 * without speech are not transcribed (their samples are silenced), so a
 * recognizer cannot turn music into words.
 */
import { open, readFile, writeFile } from 'node:fs/promises';

export interface SpeechRegion {
  start: number;
  end: number;
}

export interface SpeechReport {
  durationSec: number;
  regions: SpeechRegion[];
  /** Seconds inside the regions. */
  speechSec: number;
  /** Loudest window (dBFS, 90th percentile of its frames). */
  loudestDb: number;
}

export interface SpeechDetectOptions {
  /** Quieter windows are silence. Default -45 dBFS. */
  floorDb?: number;
  /** Median change of the spectrum (dB per band, frame to frame) from which a window moves like speech. Default 3. */
  minFluxDb?: number;
  /** Mean frame-to-frame loudness change (dB) from which a window rises and falls like speech. Default 1. */
  minSwingDb?: number;
  /** Seconds added around each region (speech starts and ends softly). Default 0.3. */
  padSec?: number;
  /** Gaps shorter than this between regions are bridged. Default 1. */
  bridgeSec?: number;
}

const FRAME = 400; // 25 ms at 16 kHz
const WINDOW = 40; // frames: one second

/** The samples of a 16-bit mono PCM WAV and where they start in the file. */
export function wavSamples(buf: Buffer): { samples: Int16Array; dataOffset: number; sampleRate: number } {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let at = 12;
  let sampleRate = 16_000;
  while (at + 8 <= buf.length) {
    const id = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = buf.readUInt32LE(at + 12);
    if (id === 'data') {
      const start = at + 8;
      const end = Math.min(buf.length, start + (size || buf.length));
      const copy = Buffer.from(buf.subarray(start, end - ((end - start) % 2)));
      return { samples: new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2), dataOffset: start, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

const N = 512;
/** Twiddle factors and bit reversal of the N-point FFT, made once. */
const COS = Float64Array.from({ length: N / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / N));
const SIN = Float64Array.from({ length: N / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / N));
const REV = Uint16Array.from({ length: N }, (_, i) => {
  let r = 0;
  for (let b = 1, x = i; b < N; b <<= 1, x >>= 1) r = (r << 1) | (x & 1);
  return r;
});

/** In-place radix-2 FFT of N points. */
function fft(re: Float64Array, im: Float64Array): void {
  for (let i = 0; i < N; i++) {
    const j = REV[i]!;
    if (i < j) {
      const tr = re[i]!; re[i] = re[j]!; re[j] = tr;
      const ti = im[i]!; im[i] = im[j]!; im[j] = ti;
    }
  }
  for (let len = 2; len <= N; len <<= 1) {
    const half = len / 2;
    const step = N / len;
    for (let i = 0; i < N; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = COS[k * step]!;
        const wi = SIN[k * step]!;
        const p = i + k + half;
        const xr = re[p]! * wr - im[p]! * wi;
        const xi = re[p]! * wi + im[p]! * wr;
        re[p] = re[i + k]! - xr;
        im[p] = im[i + k]! - xi;
        re[i + k] = re[i + k]! + xr;
        im[i + k] = im[i + k]! + xi;
      }
    }
  }
}

const BANDS = 16;

/** Speech regions of PCM samples (mono). */
export function detectSpeechInSamples(pcm: Int16Array, sampleRate: number, o: SpeechDetectOptions = {}): SpeechReport {
  const floor = o.floorDb ?? -45;
  const minFlux = o.minFluxDb ?? 3;
  const minSwing = o.minSwingDb ?? 1;
  const hop = Math.round((FRAME * sampleRate) / 16_000);
  // Band edges (FFT bins) spaced evenly in log frequency from 200 Hz to 4 kHz: where speech formants move.
  const edges = Array.from({ length: BANDS + 1 }, (_, b) => Math.round(((200 * Math.pow(4000 / 200, b / BANDS)) / sampleRate) * N));
  const hann = Float64Array.from({ length: N }, (_, k) => 0.5 - 0.5 * Math.cos((2 * Math.PI * k) / N));
  const db: number[] = [];
  const flux: number[] = [];
  let prev: number[] | null = null;
  const re = new Float64Array(N);
  const im = new Float64Array(N);
  for (let i = 0; i + hop <= pcm.length; i += hop) {
    let e = 0;
    for (let k = i; k < i + hop; k++) e += pcm[k]! * pcm[k]!;
    db.push(10 * Math.log10(e / hop / 32768 / 32768 + 1e-10));
    for (let k = 0; k < N; k++) {
      re[k] = ((pcm[i + k] ?? 0) / 32768) * hann[k]!;
      im[k] = 0;
    }
    fft(re, im);
    const bands: number[] = [];
    for (let q = 0; q < BANDS; q++) {
      let be = 1e-9;
      for (let k = edges[q]!; k < Math.max(edges[q]! + 1, edges[q + 1]!); k++) be += re[k]! * re[k]! + im[k]! * im[k]!;
      bands.push(10 * Math.log10(be));
    }
    flux.push(prev ? bands.reduce((n, b, q) => n + Math.abs(b - prev![q]!), 0) / BANDS : 0);
    prev = bands;
  }
  const durationSec = pcm.length / sampleRate;
  const frameSec = hop / sampleRate;
  const speechy: SpeechRegion[] = [];
  let loudestDb = -100;
  for (let w = 0; w < db.length; w += WINDOW) {
    const win = db.slice(w, w + WINDOW);
    if (win.length < WINDOW / 4) break;
    const p90 = [...win].sort((a, b) => a - b)[Math.floor(win.length * 0.9)]!;
    loudestDb = Math.max(loudestDb, p90);
    if (p90 < floor) continue;
    // Median spectral change of the audible frames: speech keeps moving its formants, held notes and hum do not.
    const moving = flux.slice(w, w + WINDOW).filter((_, k) => win[k]! > floor).sort((a, b) => a - b);
    const median = moving[Math.floor(moving.length / 2)] ?? 0;
    // And its loudness rises and falls with the syllables: a steady mix of notes does not.
    let swing = 0;
    for (let k = 1; k < win.length; k++) swing += Math.abs(win[k]! - win[k - 1]!);
    swing /= Math.max(1, win.length - 1);
    if (median >= minFlux && swing >= minSwing) speechy.push({ start: w * frameSec, end: Math.min(durationSec, (w + win.length) * frameSec) });
  }
  const regions = mergeRegions(speechy, durationSec, o.padSec ?? 0.3, o.bridgeSec ?? 1);
  const speechSec = round3(regions.reduce((n, r) => n + r.end - r.start, 0));
  return { durationSec: round3(durationSec), regions, speechSec, loudestDb: Math.round(loudestDb * 10) / 10 };
}

function mergeRegions(windows: readonly SpeechRegion[], duration: number, pad: number, bridge: number): SpeechRegion[] {
  const out: SpeechRegion[] = [];
  for (const w of windows) {
    const r = { start: Math.max(0, w.start - pad), end: Math.min(duration, w.end + pad) };
    const last = out.at(-1);
    if (last && r.start - last.end <= bridge) last.end = r.end;
    else out.push(r);
  }
  return out.map((r) => ({ start: round3(r.start), end: round3(r.end) }));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Speech regions of a WAV file. */
export async function detectSpeech(wavPath: string, o: SpeechDetectOptions = {}): Promise<SpeechReport> {
  const { samples, sampleRate } = wavSamples(await readFile(wavPath));
  return detectSpeechInSamples(samples, sampleRate, o);
}

/** Silences every sample outside the regions, in place: recognizers then see speech only, at its own times. */
export async function silenceOutside(wavPath: string, regions: readonly SpeechRegion[]): Promise<void> {
  const buf = await readFile(wavPath);
  const { samples, dataOffset, sampleRate } = wavSamples(buf);
  const keep = new Uint8Array(samples.length);
  for (const r of regions) keep.fill(1, Math.floor(r.start * sampleRate), Math.min(samples.length, Math.ceil(r.end * sampleRate)));
  for (let i = 0; i < samples.length; i++) if (!keep[i]) buf.writeInt16LE(0, dataOffset + i * 2);
  const fh = await open(wavPath, 'r+');
  try {
    await fh.write(buf, dataOffset, samples.length * 2, dataOffset);
  } finally {
    await fh.close();
  }
}


/** Quiet stretches [start, end] (s) of mono PCM: 25 ms frames quieter than `noiseDb` for at least `minSec` in a row. */
export function quietStretches(pcm: Int16Array, sampleRate: number, noiseDb = -40, minSec = 0.25): Array<[number, number]> {
  const hop = Math.round((FRAME * sampleRate) / 16_000);
  const out: Array<[number, number]> = [];
  let from: number | null = null;
  const close = (at: number) => {
    if (from !== null && (at - from) / sampleRate >= minSec) out.push([round3(from / sampleRate), round3(at / sampleRate)]);
    from = null;
  };
  for (let i = 0; i < pcm.length; i += hop) {
    const end = Math.min(pcm.length, i + hop);
    let e = 0;
    for (let k = i; k < end; k++) e += pcm[k]! * pcm[k]!;
    const quiet = 10 * Math.log10(e / Math.max(1, end - i) / 32768 / 32768 + 1e-10) < noiseDb;
    if (quiet && from === null) from = i;
    else if (!quiet) close(i);
  }
  close(pcm.length);
  return out;
}

/** Writes samples from `start` to `end` (s) of mono PCM as a 16-bit WAV. */
export async function writeWavPart(path: string, pcm: Int16Array, sampleRate: number, start: number, end: number): Promise<void> {
  const a = Math.max(0, Math.round(start * sampleRate));
  const b = Math.min(pcm.length, Math.round(end * sampleRate));
  const data = Buffer.from(pcm.buffer, pcm.byteOffset + a * 2, Math.max(0, b - a) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1'); header.writeUInt32LE(36 + data.length, 4); header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22); header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); header.writeUInt16LE(2, 32); header.writeUInt16LE(16, 34); header.write('data', 36, 'latin1'); header.writeUInt32LE(data.length, 40);
  await writeFile(path, Buffer.concat([header, data]));
}
