import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { mimeForKey } from '../../formats/mime';
import { assertValidRange } from './key-check';
import { describe, headObject, iso, openS3Bucket, type S3Bucket, type S3StoreOptions } from './s3-bucket';
import { uploadObject } from './s3-upload';
import type { GetOptions, GetResult, ListOptions, ListPage, ObjectStore, PutOptions } from './types';

export type { S3StoreOptions } from './s3-bucket';

/** Objects in an S3 bucket (AWS or any S3-compatible server), streamed both ways. */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const b = openS3Bucket(options);
  return {
    kind: 's3',
    description: b.where,
    put: async (key: string, body: Readable | Buffer, opts?: PutOptions) => uploadObject(b, key, body, opts),
    get: async (key: string, opts?: GetOptions) => getObject(b, key, opts),
    head: (key: string) => headObject(b, key),
    delete: async (key: string) => deleteObject(b, key),
    list: async (opts?: ListOptions) => listPage(b, opts),
    health: async () => health(b),
  };
}

async function getObject(b: S3Bucket, key: string, opts?: GetOptions): Promise<GetResult> {
  const Key = b.fullKey(key);
  assertValidRange(opts);
  await b.ready();
  const range =
    opts?.start !== undefined || opts?.end !== undefined ? `bytes=${opts?.start ?? 0}-${opts?.end ?? ''}` : undefined;
  try {
    const r = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key, Range: range }), {
      abortSignal: opts?.signal,
    });
    // "bytes 0-9/1234": the total is after the slash; without a range, the length is the total.
    const total = Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1] ?? r.ContentLength ?? 0);
    const body = r.Body instanceof Readable ? r.Body : Readable.from([]);
    return {
      body,
      size: total,
      contentType: r.ContentType ?? mimeForKey(key),
      lastModified: iso(r.LastModified),
    };
  } catch (e) {
    return b.fail(e, key);
  }
}

async function deleteObject(b: S3Bucket, key: string): Promise<void> {
  const Key = b.fullKey(key);
  await b.ready();
  try {
    await b.client.send(new DeleteObjectCommand({ Bucket: b.bucket, Key }));
  } catch (e) {
    if ((e as Error).name === 'NoSuchKey' || (e as Error).name === 'NotFound') return;
    b.fail(e);
  }
}

async function listPage(b: S3Bucket, opts?: ListOptions): Promise<ListPage> {
  await b.ready();
  const limit = Math.max(1, Math.min(Math.floor(opts?.limit ?? 1000), 1000));
  try {
    const r = await b.client.send(
      new ListObjectsV2Command({
        Bucket: b.bucket,
        Prefix: b.prefix + (opts?.prefix ?? '') || undefined,
        ContinuationToken: opts?.cursor || undefined,
        MaxKeys: limit,
      }),
    );
    const objects: StoredObject[] = (r.Contents ?? []).map((o) => ({
      key: (o.Key ?? '').slice(b.prefix.length),
      size: o.Size ?? 0,
      lastModified: iso(o.LastModified),
      storageClass: o.StorageClass ?? 'STANDARD',
    }));
    return { objects, nextCursor: r.IsTruncated && r.NextContinuationToken ? r.NextContinuationToken : null };
  } catch (e) {
    return b.fail(e);
  }
}

async function health(b: S3Bucket) {
  const { where } = b;
  try {
    await b.ready();
    await b.client.send(new HeadBucketCommand({ Bucket: b.bucket }));
    return { ok: true, detail: where };
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'NotFound' || name === 'NoSuchBucket') return { ok: false, detail: `${where}: the bucket does not exist` };
    return { ok: false, detail: e instanceof AppError ? e.message : `${where}: ${describe(e)}` };
  }
}
