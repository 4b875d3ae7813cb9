/**
 * Media generators for fixtures: images with text (ffmpeg drawtext; Hebrew
 * shaped with fribidi via text_shaping=1), a short MP4 with spoken English
 * (espeak-ng + ffmpeg), and LibreOffice conversions with a private profile.
 */
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { runTool } from '../foundation/tools/exec';
import { officeConvert } from '../foundation/tools/render';

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export interface TextImageOptions {
  /** Lines of text; Hebrew is fine. */
  lines: string[];
  width?: number;
  height?: number;
  fontSize?: number;
  background?: string;
  color?: string;
  /** Draw a few coloured boxes too, so the image is not only text. */
  shapes?: boolean;
  /** JPEG quality 2 (best) .. 31; used when out ends in .jpg. */
  quality?: number;
  /** Font file (default DejaVu Sans); CJK text needs e.g. CJK_FONT. */
  font?: string;
}

/** Noto Sans CJK (Japanese, Chinese, Korean), from Debian's fonts-noto-cjk. */
export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Draws text lines on a plain background into a PNG or JPEG (by extension of `out`). */
export async function makeTextImage(out: string, opts: TextImageOptions): Promise<string> {
  const w = opts.width ?? 1000;
  const h = opts.height ?? 400;
  const size = opts.fontSize ?? 48;
  const filters: string[] = [];
  const textFiles: string[] = [];
  if (opts.shapes) {
    filters.push(`drawbox=x=${w - 180}:y=20:w=150:h=150:color=0x2e7d32@1:t=fill`, `drawbox=x=${w - 160}:y=${h - 120}:w=110:h=90:color=0x1565c0@1:t=fill`);
  }
  for (const [i, line] of opts.lines.entries()) {
    const file = `${out}.line${i}.txt`;
    await writeFile(file, line);
    textFiles.push(file);
    const shaping = /[\u0590-\u05ff\u0600-\u06ff]/.test(line) ? ':text_shaping=1' : '';
    filters.push(`drawtext=fontfile=${opts.font ?? FONT}:textfile=${file}:fontsize=${size}:fontcolor=${opts.color ?? 'black'}:x=40:y=${40 + i * Math.round(size * 1.6)}${shaping}`);
  }
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${opts.background ?? 'white'}:s=${w}x${h}`, '-vf', filters.join(','), '-frames:v', '1'];
  if (/\.jpe?g$/i.test(out)) args.push('-q:v', String(opts.quality ?? 3));
  try {
    await runTool('ffmpeg', [...args, out], { timeoutMs: 30_000 });
  } finally {
    await Promise.all(textFiles.map((f) => rm(f, { force: true })));
  }
  return out;
}

export interface SpokenVideoOptions {
  text: string;
  durationSec: number;
  width?: number;
  height?: number;
}

/** An H.264/AAC MP4 with a test pattern and `text` spoken by espeak-ng. */
export async function makeSpokenVideo(out: string, opts: SpokenVideoOptions): Promise<string> {
  const wav = `${out}.wav`;
  await runTool('espeak-ng', ['-v', 'en', '-s', '150', '-w', wav, opts.text], { timeoutMs: 30_000 });
  try {
    await runTool('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=${opts.width ?? 640}x${opts.height ?? 360}:rate=25`,
      '-i', wav,
      '-t', String(opts.durationSec),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '64k', '-ar', '44100',
      '-movflags', '+faststart',
      out,
    ], { timeoutMs: 60_000 });
  } finally {
    await rm(wav, { force: true });
  }
  return out;
}

let sofficeQueue: Promise<unknown> = Promise.resolve();

/**
 * Converts with LibreOffice headless (one conversion at a time per process,
 * a private profile in `profileDir`). Returns the output path, renamed to `out`.
 */
export function sofficeConvert(input: string, format: string, out: string, profileDir: string): Promise<string> {
  const run = async () => {
    const outDir = join(profileDir, 'out');
    await officeConvert([input], format, outDir, profileDir);
    const want = `${basename(input, extname(input))}.${format.split(':')[0]}`;
    const produced = (await readdir(outDir)).find((f) => f === want);
    if (!produced) throw new Error(`soffice produced no ${want} from ${input}`);
    await rename(join(outDir, produced), out);
    return out;
  };
  const p = sofficeQueue.then(run, run);
  sofficeQueue = p.catch(() => undefined);
  return p;
}
