/**
 * Runs the local Chroma server (chromadb's bundled `chroma run`) as a child
 * process: picks a free port when asked for port 0, waits for the
 * heartbeat, keeps stderr for error messages, stops with SIGTERM then
 * SIGKILL after a grace period.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { AppError } from '../../foundation/errors';

export interface StartChromaOptions {
  /** Folder where Chroma keeps its data (created when missing). */
  dataDir: string;
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  host?: string;
  signal?: AbortSignal;
  /** How long to wait for the first heartbeat (default 30 s). */
  startTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when stopping (default 5 s). */
  stopGraceMs?: number;
}

export interface ChromaServer {
  url: string;
  pid: number;
  /** Settles when the server process ends, for whatever reason (see chroma-supervisor.ts). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** Absolute path of chromadb's CLI entry (node_modules/chromadb/dist/cli.mjs). */
export function chromaCliPath(): string {
  // chromadb's exports map hides package.json: resolve the main entry (…/chromadb/dist/…) instead.
  const main = require.resolve('chromadb');
  return path.join(main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', 'cli.mjs');
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function heartbeat(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function tail(text: string, n = 1500): string {
  // Drop ANSI colours and the ASCII-art banner noise.
  const clean = text.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return clean.length > n ? clean.slice(-n) : clean;
}

const GUARD = fileURLToPath(new URL('./chroma-guard.mjs', import.meta.url));

export async function startChroma(options: StartChromaOptions): Promise<ChromaServer> {
  const host = options.host ?? '127.0.0.1';
  const startTimeout = options.startTimeoutMs ?? 30_000;
  const grace = options.stopGraceMs ?? 5_000;
  await mkdir(options.dataDir, { recursive: true });

  for (let attempt = 0; ; attempt++) {
    const port = options.port && options.port > 0 ? options.port : await freePort(host);
    const url = `http://${host}:${port}`;
    if (await heartbeat(url)) {
      throw new AppError('conflict', `Port ${port} already has a Chroma server; choose another port or stop it.`);
    }
    // Through chroma-guard.mjs, which stops Chroma when this process dies, even by SIGKILL (its stdin pipe closes).
    const child = spawn(process.execPath, [GUARD, chromaCliPath(), 'run', '--path', options.dataDir, '--host', host, '--port', String(port)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
    });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-20_000); });
    child.stdout!.on('data', (d: Buffer) => { stdout = (stdout + d.toString()).slice(-5_000); });
    let exited: { code: number | null; sig: NodeJS.Signals | null } | null = null;
    const exitPromise = new Promise<void>((resolve) => child.once('exit', (code, sig) => { exited = { code, sig }; resolve(); }));
    child.once('error', (e) => { stderr += `\n${e.message}`; });

    const stop = async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => { if (!exited) child.kill('SIGKILL'); }, grace);
      await exitPromise;
      clearTimeout(timer);
    };

    const onAbort = () => { void stop(); };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const deadline = Date.now() + startTimeout;
    let ready = false;
    while (Date.now() < deadline && !exited && !options.signal?.aborted) {
      if (await heartbeat(url)) { ready = true; break; }
      await sleep(100);
    }
    if (ready) {
      // Safety net: never leave a server behind when this process exits without stop().
      const killOnExit = () => { if (!exited) child.kill('SIGKILL'); };
      process.once('exit', killOnExit);
      void exitPromise.then(() => process.removeListener('exit', killOnExit));
      return {
        url,
        pid: child.pid!,
        exited: exitPromise.then(() => ({ code: exited?.code ?? null, signal: exited?.sig ?? null })),
        stop: async () => {
          options.signal?.removeEventListener('abort', onAbort);
          await stop();
        },
      };
    }
    await stop();
    options.signal?.removeEventListener('abort', onAbort);
    if (options.signal?.aborted) throw new AppError('unavailable', 'Starting Chroma was cancelled.', { cause: options.signal.reason });
    const why = tail(stderr) || tail(stdout) || 'no output';
    const portClash = /address already in use|AddrInUse/i.test(stderr);
    if (portClash && !(options.port && options.port > 0) && attempt < 3) continue;
    throw new AppError('unavailable', exited
      ? `The Chroma server exited while starting (code ${(exited as { code: number | null }).code}): ${why}`
      : `The Chroma server did not answer its heartbeat at ${url} within ${startTimeout} ms: ${why}`);
  }
}
