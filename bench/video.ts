/**
 * Video bench (issue 10): a generated 60-second clip with speech, processed
 * stage by stage as the video job does it, timed in wall clock and in CPU
 * seconds of the tools (ffmpeg, pocketsphinx, espeak-ng; from /proc's
 * children times, so a busy machine shows up as wall >> CPU).
 * Run alone: node --import tsx bench/video.ts   (or BENCH_ONLY=video npm run bench)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeSpeechClip, SPEECH_SENTENCES } from '../core/testing/fixture-video';
import { assembleVideo } from '../core/features/video/assemble';
import { extractWav } from '../core/features/video/audio';
import { detectSpeech, silenceOutside } from '../core/features/video/speech-detect';
import { chunkTranscript } from '../core/features/video/chunks';
import { synthesizeDubTrack } from '../core/features/video/dub-track';
import { extractFrames, frameGridFor, frameTimeFor } from '../core/features/video/frames';
import { inspectVideo } from '../core/features/video/probe';
import { createPocketsphinx } from '../core/features/video/speech/pocketsphinx';
import { cueTranslator } from '../core/features/video/translate-cues';
import { normaliseCues, writeVtt, type Cue } from '../core/features/video/vtt';
import { wordErrorRate } from '../core/features/video/wer';
import { mkdir, writeFile } from 'node:fs/promises';

export interface VideoBench {
  videoSec: number;
  loadAverage: number;
  stages: Record<string, { wallMs: number; cpuMs: number }>;
  softTotal: { wallMs: number; cpuMs: number; minutesPerMinute: number; cpuMinutesPerMinute: number };
  wer: number;
  segments: number;
}

const TICK_MS = 10; // USER_HZ 100
/** CPU time (ms) of waited-for child processes of this process. */
function childCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime
}

export async function videoBench(seconds = 60): Promise<VideoBench> {
  const dir = await mkdtemp(join(tmpdir(), 'video-bench-'));
  try {
    const sentences: string[] = [];
    const count = Math.max(1, Math.floor((seconds - 1) / 5.3));
    while (sentences.length < count) sentences.push(...SPEECH_SENTENCES);
    const clip = await makeSpeechClip(join(dir, 'clip.mp4'), { sentences: sentences.slice(0, count), gapSec: 0.8, minDurationSec: seconds });
    const stages: VideoBench['stages'] = {};
    const stage = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const w = performance.now();
      const c = childCpuMs();
      const r = await fn();
      stages[name] = { wallMs: Math.round(performance.now() - w), cpuMs: childCpuMs() - c };
      return r;
    };
    const wav = join(dir, 'a.wav');
    const framesDir = join(dir, 'frames');
    await mkdir(framesDir);
    // As the transcription job does it: one probe, then the sound and the frames in one ffmpeg pass, speech found in the samples.
    const { info, grid, speech } = await stage('probe + sound and frames + speech detection', async () => {
      const inspected = await inspectVideo(clip.path, 'clip');
      const gridFrames = await extractWav(clip.path, wav, 'clip', { grid: frameGridFor(inspected.info, framesDir) });
      const found = await detectSpeech(wav);
      if (found.regions.length && found.speechSec < found.durationSec) await silenceOutside(wav, found.regions);
      return { ...inspected, grid: gridFrames, speech: found };
    });
    const transcript = await stage('transcription (pocketsphinx)', () => createPocketsphinx().transcribe(wav, { language: 'english', regions: speech.regions }));
    const chunks = chunkTranscript(transcript.segments);
    // Only spans the pass's grid has no frame inside are read again.
    const missing = [...chunks, ...transcript.segments].filter((c) => !grid.some((f) => f.at >= c.start && f.at <= c.end)).map((c) => frameTimeFor(c.start, c.end));
    await stage('frames the grid missed', () => extractFrames(clip.path, missing, framesDir));
    const cues: Cue[] = normaliseCues(transcript.segments.map((s, i) => ({ id: String(i + 1), start: s.start, end: s.end, text: s.text })));
    const fake = cueTranslator(async ({ segments, target }) => new Map(segments.map((s) => [s.id, `[${target}] ${s.text}`])));
    const translated = await stage('translation (fake provider)', async () => {
      const t = await fake(cues, 'spanish', { source: 'english' });
      await writeFile(join(dir, 'es.vtt'), writeVtt(t, { language: 'spanish' }));
      await writeFile(join(dir, 'en.vtt'), writeVtt(cues, { language: 'english' }));
      return t;
    });
    const tracks = [
      { vtt: join(dir, 'es.vtt'), language: 'spanish' as const, title: 'Subtitles (spanish)', default: true },
      { vtt: join(dir, 'en.vtt'), language: 'english' as const, title: 'Original subtitles (english)' },
    ];
    await stage('mux soft subtitles', () => assembleVideo({ input: clip.path, info, out: join(dir, 'soft.mp4'), tracks }));
    await stage('burn subtitles', () => assembleVideo({ input: clip.path, info, out: join(dir, 'burned.mp4'), tracks, burn: { vtt: tracks[0].vtt, language: 'spanish' } }));
    await stage('dub (espeak-ng + mix + mux)', async () => {
      const wavDub = await synthesizeDubTrack({ cues: translated.map((c) => ({ ...c, text: c.text.replace(/^\[spanish\] /, '') })), language: 'spanish', durationSec: info.durationSec ?? seconds, workDir: dir });
      await assembleVideo({ input: clip.path, info, out: join(dir, 'dubbed.mp4'), tracks, dub: { wav: wavDub, language: 'spanish' } });
    });
    const soft = ['probe + sound and frames + speech detection', 'transcription (pocketsphinx)', 'frames the grid missed', 'translation (fake provider)', 'mux soft subtitles'];
    const wallMs = soft.reduce((n, k) => n + stages[k]!.wallMs, 0);
    const cpuMs = soft.reduce((n, k) => n + stages[k]!.cpuMs, 0);
    const videoSec = info.durationSec ?? seconds;
    return {
      videoSec,
      loadAverage: loadavg()[0]!,
      stages,
      softTotal: { wallMs, cpuMs, minutesPerMinute: wallMs / 1000 / videoSec, cpuMinutesPerMinute: cpuMs / 1000 / videoSec },
      wer: wordErrorRate(clip.sentences.join(' '), transcript.segments.map((s) => s.text).join(' ')).wer,
      segments: transcript.segments.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printVideoBench(r: VideoBench, line: (label: string, value: string) => void): void {
  for (const [name, s] of Object.entries(r.stages)) line(name, `${(s.wallMs / 1000).toFixed(1)} s wall, ${(s.cpuMs / 1000).toFixed(1)} s CPU`);
  line('total with soft subtitles (target <= 1 min per min)', `${r.softTotal.minutesPerMinute.toFixed(2)} min per min of video (wall), ${r.softTotal.cpuMinutesPerMinute.toFixed(2)} CPU`);
  line('pocketsphinx WER on the clip / segments', `${r.wer.toFixed(2)} / ${r.segments}`);
  line('load average while measuring (2 cores)', r.loadAverage.toFixed(1));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('\nVideo: a generated 60-second clip with speech, by stage');
  const r = await videoBench(Number(process.argv[2] ?? 60));
  printVideoBench(r, (label, value) => console.log(`  ${label.padEnd(52)} ${value}`));
  console.log(JSON.stringify(r));
}
