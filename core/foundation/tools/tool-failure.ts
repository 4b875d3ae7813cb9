import { constants } from 'node:os';
import { AppError } from '../errors';
import { formatBytes, memoryFailure, toolLimits } from './sandbox';

/** The errors runTool (./exec.ts) throws for a tool that is missing, cannot start, or ends badly. */

export const missingTool = (tool: string, cause: unknown) =>
  new AppError('unavailable', `${tool} is not installed; run scripts/setup-system.sh`, { cause, details: { tool, reason: 'missing_tool' } });

/** A tool that could not be started (the child's 'error' event). */
export function startFailure(tool: string, e: NodeJS.ErrnoException): AppError {
  if (e.code === 'ENOENT') return missingTool(tool, e);
  if (e.code === 'ELAUNCHER') {
    return new AppError('unavailable', `${tool} stopped: ${e.message}`, { cause: e, details: { tool, reason: 'launcher' } });
  }
  return new AppError('internal', `Could not start ${tool}: ${e.message}`, { cause: e, details: { tool } });
}

export interface EndedRun {
  tool: string;
  timeoutMs: number;
  memoryBytes: number;
  allowFailure?: boolean;
  /** Stopped by its time budget. */
  timedOut: boolean;
  exitCode: number | null;
  stderr: string;
}

/** Why an ended run failed (time, disk or memory ceiling, non-zero exit), or null when it did not. */
export function exitFailure(run: EndedRun): AppError | null {
  const { tool, timeoutMs, memoryBytes, exitCode, stderr } = run;
  if (run.timedOut) {
    return new AppError('unavailable', `${tool} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`, {
      details: { tool, timeoutMs, reason: 'timeout' },
    });
  }
  // SIGXFSZ: the tool tried to write a file larger than the disk ceiling (a 20000×20000 CMYK image as TIFF).
  const diskBytes = toolLimits().diskBytes ?? 0;
  if (exitCode === 128 + constants.signals.SIGXFSZ && diskBytes > 0 && !run.allowFailure) {
    return new AppError('too_large', `${tool} tried to write a file larger than ${formatBytes(diskBytes)} and was stopped`, {
      details: { tool, reason: 'disk', diskBytes, exitCode },
    });
  }
  const oom = memoryBytes > 0 && exitCode !== 0 ? memoryFailure(stderr, exitCode) : false;
  if (oom && !run.allowFailure) {
    return new AppError('too_large', `${tool} needed more than ${formatBytes(memoryBytes)} of memory and was stopped`, {
      details: { tool, reason: 'memory', memoryBytes, exitCode, stderr: lastLines(stderr, 5) },
    });
  }
  if (exitCode !== 0 && !run.allowFailure) {
    return new AppError('internal', `${tool} failed (exit ${exitCode ?? 'signal'}): ${lastLines(stderr)}`, {
      details: { tool, exitCode, reason: 'exit', stderr: lastLines(stderr, 20) },
    });
  }
  return null;
}

/** The last few non-empty lines of a tool's stderr, for error messages. */
export function lastLines(text: string, n = 3): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.slice(-n).join(' | ') || 'no error output';
}
