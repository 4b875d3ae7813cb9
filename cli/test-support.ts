/**
 * For the CLI tests: runs the real `bin/cms` as a child process with a
 * clean environment, the way a user or a cron script would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ROOT } from './context';
import { createFixtures } from '../core/testing/fixtures';
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

/**
 * Runs `cms <args>` in this process (cli/program.ts), with the environment and folder `runCms` gives the real
 * one: the same commands, output and exit code without a process start (about a CPU-second each). For what a
 * process is needed to prove (signals, the live view on a terminal, the data folder's lock held by another
 * process) use `runCms`/`spawnCms`.
 */
export async function runCmsHere(args: string[], options: { env: Record<string, string>; cwd?: string; timeoutMs?: number }): Promise<CmsResult> {
  const { runCli } = await import('./program');
  const capture = () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (d: Buffer) => (text += d.toString()));
    return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
  };
  const [out, err] = [capture(), capture()];
  const stop = new AbortController();
  const limit = options.timeoutMs ?? 60_000;
  const code = await within(runCli(args, { env: cleanEnv(options.env), cwd: options.cwd ?? ROOT, stdout: out.stream, stderr: err.stream, signal: stop.signal }), limit,
    () => `cms ${args.join(' ')} did not finish in ${limit} ms\nstdout: ${out.text()}\nstderr: ${err.text()}`).finally(() => stop.abort(new Error('test over')));
  // The captured streams pass their data on in the next turns.
  await new Promise((r) => setImmediate(r));
  return { code, stdout: out.text(), stderr: err.text() };
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

/**
 * A folder `<tmp>/in` to import: a 3-page text PDF named `pdfName` and a corrupt PDF (named `corruptName`, or the
 * fixture's own name); fixtures are made under `<tmp>/fixtures`.
 */
export async function importFolder(tmp: string, pdfName: string, corruptName?: string): Promise<{ pdf: string; corrupt: string }> {
  const fx = createFixtures(path.join(tmp, 'fixtures'));
  const [p, c] = await Promise.all([fx.textPdf(3), fx.corruptPdf()]);
  mkdirSync(path.join(tmp, 'in'));
  const pdf = path.join(tmp, 'in', pdfName);
  const corrupt = path.join(tmp, 'in', corruptName ?? c.fileName);
  copyFileSync(p.path, pdf);
  copyFileSync(c.path, corrupt);
  return { pdf, corrupt };
}
