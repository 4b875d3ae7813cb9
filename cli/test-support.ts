/**
 * For the CLI tests: runs the real `bin/cms` as a child process with a
 * clean environment, the way a user or a cron script would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './context';
import { sharedChromaEnv } from '../core/testing/shared-chroma';

export const CMS = path.join(ROOT, 'bin/cms');

export interface CmsResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment minus anything that would change the mode or the output. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(CMS_|DATA_DIR$|CI$|NO_COLOR$|FORCE_COLOR$|NODE_TEST|PORT$|ANTHROPIC_|OPENAI_|LLM_PROVIDER$)/.test(k)) continue;
    env[k] = v;
  }
  // A `cms` run on a data folder uses the test run's one Chroma (core/testing/shared-chroma.ts) when there is one.
  return { ...env, ANTHROPIC_API_KEY: '', LOG_LEVEL: 'warn', ...(extra.DATA_DIR ? sharedChromaEnv(extra.DATA_DIR, extra) : {}), ...extra };
}

export function spawnCms(args: string[], options: { env: Record<string, string>; cwd?: string }): ChildProcess {
  return spawn(CMS, args, { cwd: options.cwd ?? ROOT, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCms(args: string[], options: { env: Record<string, string>; cwd?: string; timeoutMs?: number }): Promise<CmsResult> {
  const child = spawnCms(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cms ${args.join(' ')} did not finish in ${options.timeoutMs ?? 60_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Parses stdout as one JSON document, with the output in the message when it is not. */
export function parseJson<T>(r: CmsResult): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`stdout is not one JSON document (exit ${r.code})\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  }
}

export const hasAnsi = (s: string) => /\x1b\[/.test(s);

/** Resolves as `promise`, or rejects after `ms` with `message()`; leaves no timer behind. */
export async function within<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message())), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
