import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../core/foundation/config';
import { createServices, type Services } from '../core/composition/services';
import { sharedChromaEnv } from '../core/testing/shared-chroma';
import { buildApp } from './app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TestServer {
  url: string;
  dataDir: string;
  username: string;
  password: string;
  token: string;
  /** In-process servers only. */
  services?: Services;
  /** In-process servers only. */
  app?: FastifyInstance;
  /** Child-process servers only. */
  child?: ChildProcess;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment (e.g. MAX_UPLOAD_MB, ANTHROPIC_BASE_URL). */
  env?: Record<string, string>;
  /** Reuse a data folder (restart tests). */
  dataDir?: string;
  /** Run `bin/server.ts` as a child process (for kill/restart tests). */
  process?: boolean;
  /** Start the job worker (default true). */
  worker?: boolean;
  /** How long a child-process server may take to start before the test fails (default 120 s). */
  startTimeoutMs?: number;
}

/** The lines a product process writes once it is ready (the server's captures its URL). */
export const READY = { server: /ready at (http:\/\/[\d.]+:\d+)/, worker: /(Worker \S+ is taking jobs)/ } as const;

/** A product process (`bin/server.ts`, `cms worker`) run by a test: its output so far, its data folder, its ready line. */
export interface TestProcess {
  child: ChildProcess;
  /** stdout and stderr as written so far. */
  out: string;
  /** Its data folder (DATA_DIR). */
  dir: string;
  /** The ready line's match; `url` is its first group (a server's address). */
  match?: RegExpExecArray;
  url?: string;
  /** Resolves once the output matches the ready line; rejects when the process exits first or hangs past the start deadline. */
  ready: Promise<TestProcess>;
  /** Settles when the process has exited. */
  exited: Promise<void>;
}

/**
 * Runs `bin/launch <args>` (`server`, or `cms worker`: the product's entry points as users start them, from their
 * build when current) from the repo root with `env` and DATA_DIR set to `dir`. The start deadline (default 120 s)
 * is for a process that hangs, not a speed check: tsx and Chroma take over 30 s on a loaded 2-core machine.
 */
export function spawnProcess(args: string[], o: { env: NodeJS.ProcessEnv; dir: string; ready: RegExp; startTimeoutMs?: number }): TestProcess {
  // The kernel's parent-death signal: a test file killed at its deadline takes its processes with it instead of
  // leaving servers running for the rest of the suite (setpriv execs bin/launch, which execs node: the child is node itself).
  const child = spawn('setpriv', ['--pdeathsig', 'KILL', path.join(ROOT, 'bin', 'launch'), ...args],
    { cwd: ROOT, env: { ...o.env, DATA_DIR: o.dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const p = { child, out: '', dir: o.dir, exited } as TestProcess;
  p.ready = new Promise((resolve, reject) => {
    let ready = false;
    const limit = o.startTimeoutMs ?? 120_000;
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in ${limit / 1000} s:\n${p.out}`)), limit);
    timer.unref();
    const onData = (d: Buffer) => {
      p.out += d.toString();
      const m = ready ? null : o.ready.exec(p.out);
      if (!m) return;
      ready = true;
      clearTimeout(timer);
      p.match = m;
      p.url = m[1];
      resolve(p);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${args.join(' ')} exited with ${code ?? signal}:\n${p.out}`));
    });
  });
  return p;
}

/** Stops a process the way an operator does (SIGTERM; SIGKILL if it is still running 10 s later) and waits for its exit. */
export async function stopProcess(p: TestProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const kill = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(kill);
}

/**
 * The processes of one test file, each with a fresh data folder (`<prefix>-XXXX` in the temp folder):
 * `start` runs one and resolves when it is ready; `stopAll` (in `after`) stops every one, ready or not,
 * and removes the folders.
 */
export function processGroup(prefix: string) {
  const procs: TestProcess[] = [];
  return {
    procs,
    start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<TestProcess> {
      const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
      const p = spawnProcess(args, { env: { ...env, ...sharedChromaEnv(dir, env) }, dir, ready });
      procs.push(p);
      return p.ready;
    },
    async stopAll(): Promise<void> {
      for (const p of procs.splice(0)) {
        await stopProcess(p);
        rmSync(p.dir, { recursive: true, force: true });
      }
    },
  };
}

/** Starts the real server on a free loopback port with a temp data folder. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'cms-test-'));
  const password = 'test-password-1';
  const token = 'test-token-abcdef-0123456789abcdef0123';
  const env: Record<string, string> = {
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: password, CMS_TOKEN: token,
    // Tests of what the public sees upload as a one-person site would (AUTO_APPROVE); the visibility suite turns it off.
    LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '50', AUTO_APPROVE: 'true', ...options.env,
    // The run's one Chroma (scripts/test.sh) with a collection of this data folder's own, unless the test chose.
    ...sharedChromaEnv(dataDir, options.env),
  };
  const removeData = async (keep?: boolean) => {
    if (!keep && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  if (options.process) {
    const p = spawnProcess(['server'], {
      dir: dataDir, ready: READY.server, startTimeoutMs: options.startTimeoutMs,
      env: { ...process.env, ...env, ANTHROPIC_API_KEY: env.ANTHROPIC_API_KEY ?? '', LLM_PROVIDER: env.LLM_PROVIDER ?? '' },
    });
    // A server that never gets ready is not left running.
    await p.ready.catch(async (e: unknown) => {
      await stopProcess(p);
      throw e;
    });
    return {
      url: p.url!, dataDir, username: 'admin', password, token, child: p.child,
      async stop(o) {
        await stopProcess(p);
        await removeData(o?.keepData);
      },
    };
  }

  const config = loadConfig({ ...env }, ROOT);
  const services = await createServices(config, { lock: { url: null }, startWorker: options.worker ?? true });
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  services.announceUrl(url);
  return {
    url, dataDir, username: 'admin', password, token, services, app,
    async stop(o) {
      await app.close();
      await services.close();
      await removeData(o?.keepData);
    },
  };
}

/** Signs in and returns the session cookie header value. */
export async function login(server: Pick<TestServer, 'url' | 'username' | 'password'>): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: server.username, password: server.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0];
}

export type RequestInitWithJson = RequestInit & { json?: unknown };

/** A request to the test server with a session cookie; `json` goes as the JSON body. */
export function signedInRequest(server: Pick<TestServer, 'url'>, cookie: string, p: string, init: RequestInitWithJson = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(server.url + p, { ...init, headers, body });
}
