/**
 * Still frames at given times (JPEG, at most 640 px wide): the source images
 * a citation of "0:12–0:18" shows. Stored like presentation images.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mapLimit, runTool } from '../tools/exec';

export interface Frame {
  /** Seconds from the start. */
  at: number;
  path: string;
}

export async function extractFrames(input: string, times: readonly number[], outDir: string, opts: { signal?: AbortSignal; width?: number } = {}): Promise<Frame[]> {
  const width = opts.width ?? 640;
  const unique = [...new Set(times.map((t) => Math.max(0, Math.round(t * 1000) / 1000)))].sort((a, b) => a - b);
  const made = await mapLimit(unique, 2, async (at) => {
    const path = join(outDir, `frame-${Math.round(at * 1000)}.jpg`);
    const r = await runTool('ffmpeg', [
      '-v', 'error', '-y', '-ss', at.toFixed(3), '-i', input, '-frames:v', '1',
      '-vf', `scale='min(${width},iw)':-2`, '-q:v', '4', path,
    ], { signal: opts.signal, timeoutMs: 60_000, allowFailure: true });
    const ok = r.exitCode === 0 && (await stat(path).then((s) => s.size > 0, () => false));
    return ok ? { at, path } : null;
  });
  return made.filter((f): f is Frame => f !== null);
}

/** A frame time for a cited range: a third of the way in (past the cut, before the next). */
export function frameTimeFor(start: number, end: number): number {
  return Math.round((start + Math.max(0, end - start) / 3) * 1000) / 1000;
}
