/**
 * Video processing by length (issue 21): a 6-second, a 60-second and a
 * 12-minute clip of a narrated product script (espeak-ng sentences with
 * pauses) go through the transcription job's own pipeline (processVideo:
 * probe, sound, speech detection, recognition, frames), once with offline
 * pocketsphinx and once with an OpenAI-compatible endpoint (the local fake,
 * which answers at once: what is left is this product's own cost). Prints
 * each stage's wall time, minutes of processing per minute of video (goal
 * <= 0.25) and pocketsphinx's word error rate on the script.
 * Run alone: node --import tsx bench/video-lengths.ts 6,60,720
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeStt } from '../core/testing/fake-stt';
import { makeSpeechClip, SPEECH_SENTENCES } from '../core/testing/fixture-video';
import { processVideo } from '../core/features/video/process-video';
import { createOpenAiCompatibleStt } from '../core/features/video/speech/openai-compatible';
import { createPocketsphinx } from '../core/features/video/speech/pocketsphinx';
import { wordErrorRate } from '../core/features/video/wer';

export interface LengthRun {
  videoSec: number;
  transcriber: 'pocketsphinx' | 'endpoint (local fake)';
  stagesMs: Record<string, number>;
  totalMs: number;
  minutesPerMinute: number;
  /** CPU of this process and the tools it waited for: what the work costs on a quiet machine. */
  cpuMs: number;
  cpuMinutesPerMinute: number;
  cues: number;
  wer?: number;
}

export interface LengthBench {
  loadAverage: number;
  runs: LengthRun[];
}

/** CPU ms of this process plus its waited-for children (ffmpeg, pocketsphinx) from /proc (USER_HZ 100). */
function cpuNow(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = process.cpuUsage();
  return (Number(f[13]) + Number(f[14])) * 10 + Math.round((own.user + own.system) / 1000);
}

export async function videoLengthBench(lengths: number[] = [6, 60, 720]): Promise<LengthBench> {
  const dir = await mkdtemp(join(tmpdir(), 'video-lengths-'));
  const fake = await startFakeStt();
  const runs: LengthRun[] = [];
  try {
    for (const seconds of lengths) {
      const count = Math.max(1, Math.floor((seconds - 1) / 5.3));
      const sentences: string[] = [];
      while (sentences.length < count) sentences.push(...SPEECH_SENTENCES);
      const clip = await makeSpeechClip(join(dir, `clip-${seconds}.mp4`), { sentences: sentences.slice(0, count), gapSec: 0.8, minDurationSec: seconds });
      fake.setMode({ kind: 'segments', segments: clip.sentences.map((text, i) => ({ ...clip.spans[i]!, text })) });
      for (const [name, transcriber] of [['pocketsphinx', createPocketsphinx()], ['endpoint (local fake)', createOpenAiCompatibleStt({ url: fake.url })]] as const) {
        const workDir = await mkdtemp(join(dir, 'job-'));
        const t0 = performance.now();
        const c0 = cpuNow();
        const r = await processVideo({ input: clip.path, label: 'bench', workDir, hasSpeech: true, sourceLanguage: 'english', transcribers: [transcriber] });
        const totalMs = Math.round(performance.now() - t0);
        const cpuMs = cpuNow() - c0;
        const { transcribe: _whole, ...stagesMs } = r.timingsMs;
        const run: LengthRun = { videoSec: clip.durationSec, transcriber: name, stagesMs, totalMs, minutesPerMinute: totalMs / 1000 / clip.durationSec,
          cpuMs, cpuMinutesPerMinute: cpuMs / 1000 / clip.durationSec, cues: r.cues.length };
        if (name === 'pocketsphinx') run.wer = wordErrorRate(clip.sentences.join(' '), (r.outcome.transcript?.segments ?? []).map((s) => s.text).join(' ')).wer;
        runs.push(run);
        await rm(workDir, { recursive: true, force: true });
      }
    }
    return { loadAverage: loadavg()[0]!, runs };
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const LABEL: Record<string, string> = {
  probe: 'probe', 'transcribe.audio': 'sound and frames (one pass)', 'transcribe.speech': 'speech detection', 'transcribe.recognise': 'recognition', frames: 'frames read after',
};

export function printLengthBench(r: LengthBench, line: (label: string, value: string) => void): void {
  for (const run of r.runs) {
    const stages = Object.entries(run.stagesMs).map(([k, ms]) => `${LABEL[k] ?? k} ${(ms / 1000).toFixed(2)}`).join(', ');
    line(`${run.videoSec} s video, ${run.transcriber}`, `${(run.totalMs / 1000).toFixed(1)} s = ${run.minutesPerMinute.toFixed(2)} min per min wall (goal <= 0.25), ${run.cpuMinutesPerMinute.toFixed(2)} CPU-min per min; ${run.cues} cues${run.wer !== undefined ? `, WER ${run.wer.toFixed(2)}` : ''}`);
    line('  by stage (s)', stages);
  }
  line('load average while measuring (2 cores)', r.loadAverage.toFixed(1));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lengths = (process.argv[2] ?? '6,60,720').split(',').map(Number);
  const r = await videoLengthBench(lengths);
  printLengthBench(r, (label, value) => console.log(`  ${label.padEnd(44)} ${value}`));
  console.log(JSON.stringify(r));
}
