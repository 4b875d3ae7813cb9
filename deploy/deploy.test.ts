/**
 * The deployment files in deploy/ work as written: each systemd unit's
 * ExecStart really starts the product (run here from the repo folder, standing
 * for WorkingDirectory, with the example environment adapted to this machine),
 * the example environment names only variables docs/CONFIGURATION.md documents, and the
 * nginx site passes `nginx -t` when nginx is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPLOY = path.join(ROOT, 'deploy');
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(d);
  return d;
};
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Unit = Record<string, Record<string, string[]>>;

/** A path or command line of the units (the install folder /opt/cms) as it is here: the repo, or a copy of it. */
const installed = (text: string, root = ROOT) => text.replaceAll('/opt/cms', root);

/** systemd unit syntax: [Section], Key=value (a key may repeat), # and ; comments. */
function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const s = /^\[(\w+)\]$/.exec(line);
    if (s) { section = s[1]!; unit[section] ??= {}; continue; }
    const kv = /^([A-Za-z]+)=(.*)$/.exec(line);
    assert.ok(kv && section, `not a unit line: ${line}`);
    (unit[section]![kv[1]!] ??= []).push(kv[2]!);
  }
  return unit;
}

/** KEY=value lines of an EnvironmentFile. */
function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const kv = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    assert.ok(kv, `not an env line: ${line}`);
    env[kv[1]!] = kv[2]!;
  }
  return env;
}

const readUnit = (name: string) => parseUnit(readFileSync(path.join(DEPLOY, name), 'utf8'));
const exampleEnv = parseEnv(readFileSync(path.join(DEPLOY, 'cms.env.example'), 'utf8'));

/**
 * The environment systemd gives the unit: Environment= lines, then the
 * EnvironmentFile (which overrides them), adapted to run here: a temp data
 * folder, a free port, and none of the shared services (no PostgreSQL, S3 or
 * Chroma server on this machine: the product's embedded defaults stand in).
 */
function unitEnv(unit: Unit, dataDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of unit.Service!.Environment ?? []) {
    const [k, ...v] = e.split('=');
    env[k!] = v.join('=');
  }
  Object.assign(env, exampleEnv);
  for (const k of Object.keys(env)) if (k === 'DATABASE_URL' || k === 'CHROMA_URL' || k.startsWith('S3_')) delete env[k];
  // The example's secrets are placeholders the product refuses (too short): an operator sets real ones.
  return { ...env, ADMIN_PASSWORD: 'deploy-test-password-1', CMS_TOKEN: 'deploy-test-token-0123456789abcdef0123', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info' };
}

/** Starts an ExecStart command line and resolves at the first output matching `ready`. */
function start(execStart: string, env: Record<string, string>, ready: RegExp, root = ROOT) {
  const [program, ...args] = installed(execStart, root).split(/\s+/);
  const child = spawn(program!, args, {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH!, HOME: os.tmpdir(), NODE_OPTIONS: '--openssl-legacy-provider', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ANTHROPIC_API_KEY: '', ...env },
  });
  let out = '';
  const started = new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`${execStart} exited (${code ?? signal}) before ${ready}:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return { child, started, stop, output: () => out };
}

for (const name of ['cms-server.service', 'cms-worker.service']) {
  describe(name, () => {
    const unit = readUnit(name);
    const service = unit.Service!;

    it('runs as a dedicated user from the install folder with the shared env file, restarted on failure', () => {
      assert.equal(service.User?.[0], 'cms');
      assert.equal(service.WorkingDirectory?.[0], '/opt/cms');
      assert.deepEqual(service.EnvironmentFile, ['/etc/cms/cms.env']);
      assert.equal(service.Restart?.[0], 'on-failure');
      assert.equal(unit.Install?.WantedBy?.[0], 'multi-user.target');
    });

    it('is hardened without breaking the tool sandbox (user, network, PID and mount namespaces)', () => {
      assert.equal(service.NoNewPrivileges?.[0], 'yes');
      assert.equal(service.ProtectSystem?.[0], 'strict');
      assert.ok(service.ReadWritePaths?.includes(exampleEnv.DATA_DIR!), 'the data folder must stay writable under ProtectSystem=strict');
      assert.equal(service.PrivateTmp?.[0], 'yes');
      for (const breaking of ['RestrictNamespaces', 'PrivateUsers', 'MemoryDenyWriteExecute', 'ProtectKernelTunables', 'ProtectProc', 'SystemCallFilter']) {
        assert.equal(service[breaking], undefined, `${breaking} would stop core/foundation/tools/sandbox.ts from isolating tools`);
      }
    });

    it("ExecStart runs the product's build through bin/launch (not the TypeScript through tsx), an executable in the install folder", () => {
      const [program, ...args] = service.ExecStart![0]!.split(/\s+/);
      assert.ok(path.isAbsolute(program!), 'systemd needs an absolute program path');
      assert.equal(program, '/opt/cms/bin/launch');
      accessSync(installed(program!), constants.X_OK);
      assert.deepEqual(args, name === 'cms-server.service' ? ['server'] : ['cms', 'worker']);
      assert.doesNotMatch(service.ExecStart![0]!, /tsx|\.ts\b/);
    });

    it('passes systemd-analyze verify', { skip: spawnSync('systemd-analyze', ['--version']).status !== 0 && 'systemd-analyze is not installed' }, () => {
      // Verified as installed: the install folder is this repo, the env file the example.
      const dir = tempDir('cms-unit-');
      const text = readFileSync(path.join(DEPLOY, name), 'utf8')
        .replaceAll('/opt/cms', ROOT)
        .replace('/etc/cms/cms.env', path.join(DEPLOY, 'cms.env.example'))
        .replace(/^User=.*$/m, `User=${os.userInfo().username}`)
        .replace(/^Group=.*$/m, '');
      writeFileSync(path.join(dir, name), text);
      const r = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, name)], { encoding: 'utf8' });
      // Only this unit's own lines count, not the host's other units (a container has odd ones).
      const own = (r.stderr + r.stdout).split('\n').filter((l) => l.includes(name) && !/Unit .* not found|Failed to .* dependencies/.test(l));
      assert.deepEqual(own, [], `systemd-analyze verify:\n${r.stderr}${r.stdout}`);
    });
  });
}

describe('cms.env.example', () => {
  it('names only variables of the configuration table (docs/CONFIGURATION.md)', () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'CONFIGURATION.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((x) => x[1]!)));
    const unknown = Object.keys(exampleEnv).filter((k) => !documented.has(k));
    assert.deepEqual(unknown, []);
  });

  it('does not set WORKER_CONCURRENCY (an EnvironmentFile overrides the units\' own)', () => {
    assert.equal(exampleEnv.WORKER_CONCURRENCY, undefined);
    assert.equal(exampleEnv.TRUST_PROXY, '1');
    assert.equal(exampleEnv.COOKIE_SECURE, 'true');
  });
});

describe('the units start the product', () => {
  it("cms-server.service's ExecStart serves HTTP until SIGTERM", async () => {
    const unit = readUnit('cms-server.service');
    const env = unitEnv(unit, tempDir('cms-deploy-server-'));
    assert.equal(env.WORKER_CONCURRENCY, '0');
    const p = start(unit.Service!.ExecStart![0]!, env, /ready at (http:\/\/[\d.]+:\d+)/);
    try {
      const [, url] = await p.started;
      const health = await fetch(`${url}/api/health`);
      assert.ok(health.status === 200 || health.status === 503, `health answered ${health.status}`);
      // The env file's ADMIN_PASSWORD is taken: signing in with it works.
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
      });
      assert.equal(login.status, 200, await login.text());
      assert.match(login.headers.get('set-cookie') ?? '', /Secure/i, 'COOKIE_SECURE=true makes the session cookie Secure');
    } finally {
      assert.equal(await p.stop(), 0, p.output());
    }
  });

  it("cms-worker.service's ExecStart takes jobs until SIGTERM", async () => {
    const unit = readUnit('cms-worker.service');
    const env = unitEnv(unit, tempDir('cms-deploy-worker-'));
    assert.ok(Number(env.WORKER_CONCURRENCY) >= 1, 'the worker has job slots');
    const p = start(unit.Service!.ExecStart![0]!, env, /Worker \S+ is taking jobs/);
    try {
      await p.started;
    } finally {
      assert.equal(await p.stop(), 0, p.output());
    }
  });
});

describe('cms-chroma.service', () => {
  const unit = readUnit('cms-chroma.service');
  const service = unit.Service!;
  const chromaUrl = new URL(exampleEnv.CHROMA_URL!);

  it("serves the Chroma of cms.env.example's CHROMA_URL, as the cms user, from the install's chromadb, restarted on failure", () => {
    const line = service.ExecStart![0]!;
    const [program, ...args] = line.split(/\s+/);
    assert.equal(program, '/usr/bin/node');
    assert.equal(args[0], '/opt/cms/node_modules/chromadb/dist/cli.mjs');
    accessSync(installed(args[0]!));
    assert.equal(args[args.indexOf('--host') + 1], chromaUrl.hostname);
    assert.equal(args[args.indexOf('--port') + 1], chromaUrl.port);
    assert.ok(service.ReadWritePaths?.includes(args[args.indexOf('--path') + 1]!), 'its data folder stays writable under ProtectSystem=strict');
    assert.equal(service.User?.[0], 'cms');
    assert.equal(service.Restart?.[0], 'on-failure');
    assert.equal(unit.Install?.WantedBy?.[0], 'multi-user.target');
    // The server wants it and starts after it.
    const server = readUnit('cms-server.service').Unit!;
    assert.match(server.After!.join(' '), /\bcms-chroma\.service\b/);
    assert.match(server.Wants!.join(' '), /\bcms-chroma\.service\b/);
  });

  it("its ExecStart answers Chroma's heartbeat until SIGTERM", async () => {
    const dir = tempDir('cms-deploy-chroma-');
    const probe = createServer();
    const port = await new Promise<number>((r) => probe.listen(0, '127.0.0.1', () => r((probe.address() as AddressInfo).port)));
    await new Promise<void>((r) => probe.close(() => r()));
    const line = service.ExecStart![0]!.replace(/--path \S+/, `--path ${dir}`).replace(/--port \d+/, `--port ${port}`);
    const p = start(line, {}, /./);
    try {
      // Up once its heartbeat answers (each try waits for that answer; the process exiting fails the test).
      let beat = false;
      while (!beat) {
        if (p.child.exitCode !== null) assert.fail(`Chroma exited:\n${p.output()}`);
        beat = await fetch(`http://127.0.0.1:${port}/api/v2/heartbeat`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
      }
    } finally {
      await p.stop();
    }
  });

  it('passes systemd-analyze verify', { skip: spawnSync('systemd-analyze', ['--version']).status !== 0 && 'systemd-analyze is not installed' }, () => {
    const dir = tempDir('cms-unit-');
    writeFileSync(path.join(dir, 'cms-chroma.service'), installed(readFileSync(path.join(DEPLOY, 'cms-chroma.service'), 'utf8'))
      .replace(/^User=.*$/m, `User=${os.userInfo().username}`).replace(/^Group=.*$/m, ''));
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, 'cms-chroma.service')], { encoding: 'utf8' });
    const own = (r.stderr + r.stdout).split('\n').filter((l) => l.includes('cms-chroma.service') && !/Unit .* not found|Failed to .* dependencies/.test(l));
    assert.deepEqual(own, [], `systemd-analyze verify:\n${r.stderr}${r.stdout}`);
  });
});

describe("the install's build", () => {
  it('deploy/README.md installs with scripts/setup.sh, whose build (scripts/build.sh) run in a clean copy makes the server serve /, /rag-bot and /widget.js', async () => {
    const readme = readFileSync(path.join(DEPLOY, 'README.md'), 'utf8');
    assert.match(readme, /cd \/opt\/cms && scripts\/setup\.sh/);
    assert.match(readFileSync(path.join(ROOT, 'scripts', 'setup.sh'), 'utf8'), /^bash scripts\/build\.sh$/m);
    // A clean copy of the code as a checkout has it (tracked and new files, none of the builds), with the
    // installed dependencies (npm ci's result) linked in.
    const copy = tempDir('cms-install-');
    const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
    for (const f of files) {
      if (!existsSync(path.join(ROOT, f))) continue; // deleted in the working tree
      mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      copyFileSync(path.join(ROOT, f), path.join(copy, f));
      chmodSync(path.join(copy, f), statSync(path.join(ROOT, f)).mode);
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
    for (const built of ['web/dist', 'web/widget/dist', 'bin/dist']) assert.equal(existsSync(path.join(copy, built)), false, `${built} is not in a clean checkout`);
    const build = spawnSync('bash', ['scripts/build.sh'], { cwd: copy, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    assert.equal(build.status, 0, build.stderr);
    const unit = readUnit('cms-server.service');
    const env = unitEnv(unit, tempDir('cms-deploy-install-'));
    const p = start(unit.Service!.ExecStart![0]!, env, /ready at (http:\/\/[\d.]+:\d+)/, copy);
    try {
      const [, url] = await p.started;
      for (const [route, type] of [['/', /text\/html/], ['/rag-bot', /text\/html/], ['/widget.js', /javascript/]] as const) {
        const res = await fetch(url + route);
        assert.equal(res.status, 200, `${route}: ${res.status}`);
        assert.match(res.headers.get('content-type') ?? '', type, route);
        assert.ok((await res.text()).length > 100, `${route} has a body`);
      }
    } finally {
      assert.equal(await p.stop(), 0, p.output());
    }
  });
});

describe('nginx.conf', () => {
  const conf = readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

  it('proxies HTTPS to the server, streams server-sent events unbuffered, allows MAX_UPLOAD_MB uploads', () => {
    assert.match(conf, /listen 443 ssl/);
    assert.match(conf, /ssl_certificate\s/);
    assert.match(conf, /server 127\.0\.0\.1:3000;/);
    assert.equal(exampleEnv.PORT, '3000');
    assert.match(conf, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    assert.match(conf, /location \/api\/bot\/rag-query\/stream \{[^}]*proxy_buffering off;/);
    const body = /client_max_body_size (\d+)m;/.exec(conf);
    assert.equal(body?.[1], exampleEnv.MAX_UPLOAD_MB);
    // Braces balance (a structural check that holds without nginx).
    assert.equal(conf.split('{').length, conf.split('}').length);
  });

  it('passes nginx -t', { skip: !nginx && 'nginx is not installed (scripts/setup-system.sh installs nginx-light)' }, () => {
    const dir = tempDir('cms-nginx-');
    const r0 = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=cms.example.com',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { encoding: 'utf8' });
    assert.equal(r0.status, 0, r0.stderr);
    // The site as installed, with a test certificate, included from a minimal main config.
    writeFileSync(path.join(dir, 'site.conf'), conf
      .replace('/etc/letsencrypt/live/cms.example.com/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/cms.example.com/privkey.pem', path.join(dir, 'key.pem')));
    writeFileSync(path.join(dir, 'nginx.conf'), [
      `pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log;`, 'events {}',
      `http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; include ${dir}/site.conf; }`, '',
    ].join('\n'));
    const r = spawnSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /test is successful/);
  });
});
