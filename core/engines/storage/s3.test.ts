import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../foundation/errors';
import { startS3Server, type S3TestServer } from '../../testing/s3-server';
import { INVALID_KEYS, runObjectStoreContract } from '../../testing/object-store-contract';
import { createS3Store, type S3StoreOptions } from './s3';

let server: S3TestServer;
before(async () => {
  server = await startS3Server();
});
after(async () => {
  await server?.stop();
});

let n = 0;
const options = (extra: Partial<S3StoreOptions> = {}): S3StoreOptions => ({
  endpoint: server.endpoint,
  region: server.region,
  bucket: server.bucket,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
  ...extra,
});
const isAppError = (code: string, ...inMessage: string[]) => (e: unknown) => {
  assert.ok(e instanceof AppError, `expected AppError(${code}), got ${String(e)}`);
  assert.equal(e.code, code, e.message);
  for (const s of inMessage) assert.ok(e.message.includes(s), `"${s}" in: ${e.message}`);
  return true;
};

/** A loopback port with nothing listening. */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

// Each test gets its own bucket, created by the store itself.
runObjectStoreContract('S3 (s3rver)', async () => ({
  store: createS3Store(options({ bucket: `contract-${++n}`, createBucket: true })),
  cleanup: async () => {},
}));

// The same contract through a key prefix inside a shared bucket.
runObjectStoreContract(
  'S3 (s3rver) with a key prefix',
  async () => ({ store: createS3Store(options({ prefix: `tenants/t${++n}` })), cleanup: async () => {} }),
  { largeBytes: 0 },
);

describe('S3 store specifics', () => {
  it('a prefix keeps stores in one bucket apart and is part of the stored key', async () => {
    const a = createS3Store(options({ bucket: 'prefix-test', createBucket: true, prefix: 'a' }));
    const b = createS3Store(options({ bucket: 'prefix-test', prefix: '/b/' }));
    const whole = createS3Store(options({ bucket: 'prefix-test' }));
    await a.put('docs/x.txt', Buffer.from('from a'));
    await b.put('docs/x.txt', Buffer.from('from b'));
    assert.deepEqual((await a.list()).objects.map((o) => o.key), ['docs/x.txt']);
    assert.equal((await a.head('docs/x.txt'))?.size, 6);
    assert.deepEqual((await whole.list()).objects.map((o) => o.key), ['a/docs/x.txt', 'b/docs/x.txt']);
    await a.delete('docs/x.txt');
    assert.deepEqual((await whole.list()).objects.map((o) => o.key), ['b/docs/x.txt']);
    assert.throws(() => createS3Store(options({ prefix: '../up' })), isAppError('validation'));
  });

  it('a store whose endpoint is down fails with unavailable naming the endpoint and bucket, and refuses bad keys first', async () => {
    const endpoint = `http://127.0.0.1:${await deadPort()}`;
    const store = createS3Store(options({ endpoint, bucket: 'some-bucket', maxAttempts: 1 }));
    const why = [`S3 at ${endpoint}`, 'bucket some-bucket', 'ECONNREFUSED'];
    await assert.rejects(store.put('a/b.txt', Buffer.from('x')), isAppError('unavailable', ...why));
    await assert.rejects(store.get('a/b.txt'), isAppError('unavailable', ...why));
    await assert.rejects(store.head('a/b.txt'), isAppError('unavailable', ...why));
    await assert.rejects(store.list(), isAppError('unavailable', ...why));
    await assert.rejects(store.delete('a/b.txt'), isAppError('unavailable', ...why));
    const health = await store.health();
    assert.equal(health.ok, false);
    assert.match(health.detail, /ECONNREFUSED/);
    for (const key of INVALID_KEYS) await assert.rejects(store.put(key, Buffer.from('x')), isAppError('validation'));
    const creating = createS3Store(options({ endpoint, createBucket: true, maxAttempts: 1 }));
    await assert.rejects(creating.list(), isAppError('unavailable', 'ECONNREFUSED'));
  });

  it('a missing bucket fails with unavailable saying the bucket does not exist', async () => {
    const store = createS3Store(options({ bucket: 'no-such-bucket' }));
    const why = ['bucket no-such-bucket', 'the bucket does not exist'];
    await assert.rejects(store.put('a/b.txt', Buffer.from('x')), isAppError('unavailable', ...why));
    await assert.rejects(store.get('a/b.txt'), isAppError('unavailable', ...why));
    await assert.rejects(store.list(), isAppError('unavailable', ...why));
    const health = await store.health();
    assert.equal(health.ok, false);
    assert.match(health.detail, /bucket does not exist/);
  });

  it('rejected credentials fail with unavailable saying so', async () => {
    const store = createS3Store(options({ accessKeyId: 'NOT-A-KEY' }));
    await assert.rejects(store.list(), isAppError('unavailable', 'credentials were rejected', 'InvalidAccessKeyId'));
    assert.equal((await store.health()).ok, false);
  });

  it('health reports ok with the endpoint and bucket', async () => {
    const health = await createS3Store(options()).health();
    assert.deepEqual(health, { ok: true, detail: `S3 at ${server.endpoint}, bucket ${server.bucket}` });
  });
});
