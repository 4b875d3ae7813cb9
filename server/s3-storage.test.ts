import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fixtures } from '../core/testing/fixtures';
import { startS3Server, type S3TestServer } from '../core/testing/s3-server';
import type { Document, StoredObject } from '../core/foundation/types';
import { login, startTestServer, type TestServer } from './testing';

let s3: S3TestServer;
let server: TestServer;
let cookie: string;

before(async () => {
  s3 = await startS3Server();
  server = await startTestServer({
    env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
  });
  cookie = await login(server);
});
after(async () => {
  await server?.stop();
  await s3?.stop();
});

describe('the product on S3 storage', () => {
  it('stores uploads and derived images in the bucket, serves them with ranges, and the file manager shows the bucket', async () => {
    const health = await (await fetch(`${server.url}/api/health/details`, { headers: { cookie } })).json();
    assert.equal(health.services.storage.kind, 's3');
    assert.equal(health.services.storage.ok, true);

    const f = await fixtures.pdf();
    const form = new FormData();
    form.set('file', await openAsBlob(f.path), 'guide.pdf');
    const doc = (await (await fetch(`${server.url}/api/documents`, { method: 'POST', headers: { cookie }, body: form })).json()) as Document;
    await server.services!.queue.idle();
    const done = ((await (await fetch(`${server.url}/api/documents`, { headers: { cookie } })).json()) as Document[]).find((d) => d.id === doc.id)!;
    assert.equal(done.status, 'completed', done.error ?? '');

    const files = (await (await fetch(`${server.url}/api/object-storage/files`, { headers: { cookie } })).json()) as StoredObject[];
    assert.ok(files.some((o) => o.key === done.fileKey));
    assert.equal(files.filter((o) => o.key.startsWith(`images/documents/${doc.id}/`)).length, 2);
    const ranged = await fetch(`${server.url}/api/files/${done.fileKey}`, { headers: { range: 'bytes=1-3' } });
    assert.equal(ranged.status, 206);
    assert.equal(await ranged.text(), 'PDF');

    assert.equal((await fetch(`${server.url}/api/delete-all-data`, { method: 'DELETE', headers: { cookie } })).status, 200);
    assert.deepEqual(await (await fetch(`${server.url}/api/object-storage/files`, { headers: { cookie } })).json(), []);
  });
});
