import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../core/config';
import { createServices, type Services } from '../core/services';
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
  /** How long a child-process server may take to start before the test fails (default 30 s). */
  startTimeoutMs?: number;
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
  };
  const removeData = async (keep?: boolean) => {
    if (!keep && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  if (options.process) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin/server.ts')], {
      cwd: ROOT, env: { ...process.env, ...env, ANTHROPIC_API_KEY: env.ANTHROPIC_API_KEY ?? '', LLM_PROVIDER: env.LLM_PROVIDER ?? '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /ready at (http:\/\/[\d.]+:\d+)/.exec(out);
        if (m) resolve(m[1]);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
      // A deadline for a server that hangs, not a speed check: starting (tsx, Chroma) takes over 30 s on a loaded 2-core machine.
      const limit = options.startTimeoutMs ?? 120_000;
      setTimeout(() => reject(new Error(`server did not start in ${limit / 1000} s:\n${out}`)), limit).unref();
    });
    return {
      url, dataDir, username: 'admin', password, token, child,
      async stop(o) {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
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
