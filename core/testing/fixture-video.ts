/**
 * Video fixtures for the video engine, generated once per process into a
 * temp folder: a clip with known English sentences spoken by espeak-ng
 * (Klatt voice, which pocketsphinx hears far better than the default voice)
 * over an ffmpeg test pattern, a silent clip, a clip without sound, broken
 * MP4s (truncated, fuzzed, DRM-encrypted, tracks without samples), and real recordings written by
 * others (core/testing/data/corpus/media) made into MP4.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../foundation/tools/exec';
import { corpusFile } from './corpus';

export const SPEECH_SENTENCES = [
  'Hello and welcome to the smart home training video.',
  'The motor pairs with the remote control when you hold the button for five seconds.',
  'Please open the door and turn on the light in the kitchen.',
];

/** The recordings of the in-repo test corpus (countdown.mp3, the Tears of Steel clip, sintel-en.vtt). */
export const CORPUS_MEDIA = corpusFile('media');

export interface SpeechClip {
  path: string;
  durationSec: number;
  sentences: string[];
  /** Where each sentence starts and ends in the clip (s). */
  spans: Array<{ start: number; end: number }>;
}

let dir: string | null = null;
const cache = new Map<string, Promise<unknown>>();
function folder(): string {
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'video-fixtures-'));
    process.once('exit', () => { if (dir) rmSync(dir, { recursive: true, force: true }); });
  }
  return dir;
}
function once<T>(key: string, make: (path: string) => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) { p = make(join(folder(), key)); cache.set(key, p); }
  return p;
}

const VIDEO_ARGS = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** espeak-ng sentences separated by `gapSec` of silence, over testsrc; padded with silence to `minDurationSec`. */
export async function makeSpeechClip(out: string, opts: { sentences: string[]; gapSec?: number; minDurationSec?: number; size?: string; voice?: string }): Promise<SpeechClip> {
  const gap = opts.gapSec ?? 1;
  const wavs: string[] = [];
  const spans: SpeechClip['spans'] = [];
  let at = 0.5;
  for (const [i, s] of opts.sentences.entries()) {
    const wav = `${out}.s${i}.wav`;
    await runTool('espeak-ng', ['-v', opts.voice ?? 'en-us+klatt', '-s', '150', '-w', wav, '--', s], { timeoutMs: 30_000 });
    const { size } = await import('node:fs/promises').then((m) => m.stat(wav));
    const len = (size - 44) / (22050 * 2);
    spans.push({ start: at, end: at + len });
    at += len + gap;
    wavs.push(wav);
  }
  const total = Math.max(opts.minDurationSec ?? 0, Math.ceil(at));
  // The sound track is put together here (each sentence at its start, silence between): one input for ffmpeg however many sentences.
  const { readFile: read, writeFile: write, rm: remove } = await import('node:fs/promises');
  const rate = 22050;
  const pcm = Buffer.alloc(total * rate * 2);
  for (const [i, w] of wavs.entries()) {
    const data = (await read(w)).subarray(44);
    data.copy(pcm, Math.round(spans[i]!.start * rate) * 2, 0, Math.min(data.length - (data.length % 2), pcm.length - Math.round(spans[i]!.start * rate) * 2));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1'); header.writeUInt32LE(36 + pcm.length, 4); header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22); header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); header.writeUInt16LE(2, 32); header.writeUInt16LE(16, 34); header.write('data', 36, 'latin1'); header.writeUInt32LE(pcm.length, 40);
  const track = `${out}.track.wav`;
  await write(track, Buffer.concat([header, pcm]));
  try {
    await runTool('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '640x360'}:rate=25`, '-i', track,
      '-map', '0:v', '-map', '1:a', '-t', String(total),
      ...VIDEO_ARGS, '-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '1', '-movflags', '+faststart', out,
    ], { timeoutMs: 600_000 });
  } finally {
    await Promise.all([track, ...wavs].map((w) => remove(w, { force: true })));
  }
  return { path: out, durationSec: total, sentences: opts.sentences, spans };
}

export const videoFixtures = {
  /** About 14 s: three known sentences with 1 s pauses. */
  speech: () => once('speech.mp4', (p) => makeSpeechClip(p, { sentences: SPEECH_SENTENCES })),
  /** The same sentences at another picture size (other bytes: not a duplicate of `speech`). */
  speechSmall: () => once('speech-small.mp4', (p) => makeSpeechClip(p, { sentences: SPEECH_SENTENCES, size: '480x270' })),
  /** 4 s of test pattern with a digitally silent AAC track. */
  silent: () => once('silent.mp4', async (p) => {
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono',
      '-t', '4', ...VIDEO_ARGS, '-c:a', 'aac', p], { timeoutMs: 60_000 });
    return p;
  }),
  /** 12 s of test pattern with music only: a melody of held notes over a bass, a hi-hat every half second (no speech). */
  music: () => once('music.mp4', async (p) => {
    const melody = "0.3*sin(2*PI*(220+110*floor(mod(t*2,4)))*t)*exp(-3*mod(t,0.5))+0.15*sin(2*PI*110*t)+0.08*sin(2*PI*330*t)";
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10',
      '-f', 'lavfi', '-i', `aevalsrc='${melody}':d=12:s=44100`, '-f', 'lavfi', '-i', 'anoisesrc=d=12:c=white:a=0.3:r=44100',
      '-filter_complex', "[2:a]volume='if(lt(mod(t,0.5),0.04),1,0)':eval=frame[h];[1:a][h]amix=inputs=2:normalize=0[a]",
      '-map', '0:v', '-map', '[a]', '-t', '12', ...VIDEO_ARGS, '-c:a', 'aac', '-b:a', '96k', '-ac', '1', p], { timeoutMs: 60_000 });
    return p;
  }),
  /** A portrait phone video (360x640) with the speech clip's sound. */
  portrait: () => once('portrait.mp4', async (p) => {
    const clip = await videoFixtures.speech();
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=360x640:r=25`, '-i', clip.path,
      '-map', '0:v', '-map', '1:a', '-t', String(clip.durationSec), ...VIDEO_ARGS, '-c:a', 'copy', p], { timeoutMs: 60_000 });
    return p;
  }),
  /** 3 s of test pattern, no audio stream. */
  noAudio: () => once('no-audio.mp4', async (p) => {
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '3', ...VIDEO_ARGS, p], { timeoutMs: 60_000 });
    return p;
  }),
  /** The speech clip cut at 40%: the index (moov, written first) survives, the media data does not. */
  truncated: () => once('truncated.mp4', async (p) => {
    const full = await readFile((await videoFixtures.speech()).path);
    await writeFile(p, full.subarray(0, Math.floor(full.length * 0.4)));
    return p;
  }),
  /** The speech clip with its index overwritten by random bytes (seeded). */
  fuzzed: () => once('fuzzed.mp4', async (p) => {
    const buf = Buffer.from(await readFile((await videoFixtures.speech()).path));
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 24; i < Math.min(buf.length, 6000); i++) if (rnd() < 0.5) buf[i] = Math.floor(rnd() * 256);
    await writeFile(p, buf);
    return p;
  }),
  /** 2 s MP4 with CENC (AES-CTR) encrypted tracks, as DRM-protected files are. */
  encrypted: () => once('encrypted.mp4', async (p) => {
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=f=440',
      '-t', '2', ...VIDEO_ARGS, '-c:a', 'aac', '-encryption_scheme', 'cenc-aes-ctr',
      '-encryption_key', '76a6c65c5ea762046bd749a2e632ccbb', '-encryption_kid', 'a7e61c373e219033c21091fa607bf3b8', p], { timeoutMs: 60_000 });
    return p;
  }),
  /**
   * An MP4 whose index (moov) declares a picture and a sound track that hold no samples: the speech clip
   * written as fragments (empty moov, media in moof/mdat), with every fragment taken out.
   */
  emptyTracks: () => once('empty-tracks.mp4', async (p) => {
    const frag = `${p}.frag.mp4`;
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', (await videoFixtures.speech()).path, '-t', '2', '-c', 'copy', '-movflags', '+frag_keyframe+empty_moov', frag], { timeoutMs: 60_000 });
    const buf = await readFile(frag);
    const kept: Buffer[] = [];
    for (let at = 0; at + 8 <= buf.length;) {
      const size = buf.readUInt32BE(at);
      if (size < 8) break;
      if (['ftyp', 'moov'].includes(buf.toString('latin1', at + 4, at + 8))) kept.push(buf.subarray(at, at + size));
      at += size;
    }
    await writeFile(p, Buffer.concat(kept));
    rmSync(frag, { force: true });
    return p;
  }),
  /** countdown.mp3 (a voice counting down, real recording) under a colour card, as MP4. */
  countdown: () => once('countdown.mp4', async (p) => {
    const src = join(CORPUS_MEDIA, 'countdown.mp3');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=320x240:r=10', '-i', src,
      '-map', '0:v', '-map', '1:a', '-t', '19', ...VIDEO_ARGS, '-c:a', 'aac', '-b:a', '96k', p], { timeoutMs: 120_000 });
    return p;
  }),
  /** The first `seconds` of the Tears of Steel battle clip (WebM VP8/Vorbis) as H.264/AAC MP4. */
  tearsOfSteel: (seconds = 8) => once(`tears-${seconds}.mp4`, async (p) => {
    const src = join(CORPUS_MEDIA, 'tears-of-steel-battle-clip-medium.webm');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', src, '-t', String(seconds), '-vf', 'scale=-2:360', ...VIDEO_ARGS, '-c:a', 'aac', '-b:a', '96k', p], { timeoutMs: 180_000 });
    return p;
  }),
};
