import { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { mimeForKey } from '../../formats/mime';
import { withCheckedLength } from './checked-length';
import { headObject, type S3Bucket } from './s3-bucket';
import type { PutOptions } from './types';

const PART_SIZE = 5 * 1024 * 1024; // S3's minimum part size
const PARTS_IN_FLIGHT = 2;
// lib-storage keeps each part in flight plus the one being filled and the previous one's
// remainder: a streamed put holds about PART_SIZE * (PARTS_IN_FLIGHT + 2) = 20 MiB.

/** Stores `body` under `key` (in parts when large), stopped by the signal; returns what is stored. */
export async function uploadObject(b: S3Bucket, key: string, body: Readable | Buffer, opts?: PutOptions): Promise<StoredObject> {
  const Key = b.fullKey(key);
  const checked = withCheckedLength(body, opts?.size);
  opts?.signal?.throwIfAborted();
  await b.ready();
  const source = Buffer.isBuffer(checked) || checked instanceof Readable ? checked : Readable.from(checked);
  let sourceError: unknown;
  if (!Buffer.isBuffer(source)) source.once('error', (e) => (sourceError ??= e));
  const upload = new Upload({
    client: b.client,
    queueSize: PARTS_IN_FLIGHT,
    partSize: Math.max(PART_SIZE, Math.ceil((opts?.size ?? 0) / 10_000)),
    params: {
      Bucket: b.bucket,
      Key,
      Body: source,
      ContentType: opts?.contentType ?? mimeForKey(key),
    },
  });
  const onAbort = () => {
    void upload.abort();
    if (!Buffer.isBuffer(source)) source.destroy();
  };
  opts?.signal?.throwIfAborted(); // aborted while the bucket was checked
  opts?.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await upload.done();
  } catch (e) {
    if (opts?.signal?.aborted) throw opts.signal.reason ?? e;
    if (sourceError) throw sourceError; // the caller's stream broke (or had the wrong length), not the storage
    b.fail(e);
  } finally {
    opts?.signal?.removeEventListener('abort', onAbort);
  }
  const stored = await headObject(b, key);
  if (!stored) throw new AppError('unavailable', `Object storage (${b.where}) failed: "${key}" is missing right after upload`);
  return stored;
}
