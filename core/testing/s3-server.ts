import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  region: string;
  /** A bucket that exists from the start. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/**
 * s3rver runs in a child Node process because its paged listing encrypts
 * continuation tokens with DES, which OpenSSL 3 only offers with
 * `--openssl-legacy-provider`; that flag cannot be turned on in a running
 * process. The child gets the flag, the test process does not, so the code
 * under test is proven without it, and the client's memory is measured alone.
 */
const CHILD = `
const [s3rverPath, directory, bucket] = process.argv.slice(1);
const S3rver = require(s3rverPath);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(
  (addr) => process.send({ port: addr.port }),
  (e) => { console.error(e && e.stack || e); process.exit(1); },
);
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

/** Starts s3rver (access key S3RVER/S3RVER, signatures not checked) on a free loopback port. */
export async function startS3Server(options: { dir?: string; bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'test-bucket';
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 's3rver-')));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, s3rverPath, dir, bucket], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 15 s: ${stderr}`)), 15_000);
    child.once('message', (m: { port: number }) => {
      clearTimeout(timer);
      resolve(m.port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code} before it was ready: ${stderr}`));
    });
  }).catch(async (e) => {
    child.kill('SIGKILL');
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw e;
  });
  // A test that forgets stop() must not keep the test process alive; the
  // child exits on its own when the IPC channel closes.
  child.unref();
  child.channel?.unref();

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      if (ownDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
