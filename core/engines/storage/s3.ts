import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { withCheckedLength } from './checked-length';
import { mimeForKey } from '../../formats/mime';
import { assertValidKey, assertValidRange, MAX_KEY_LENGTH } from './key-check';
import type { GetOptions, GetResult, ListOptions, ListPage, ObjectStore, PutOptions } from './types';

export interface S3StoreOptions {
  /** e.g. http://127.0.0.1:9000 for MinIO/s3rver/Swift; omitted for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (bucket in the path); needed by most S3-compatible servers. */
  forcePathStyle?: boolean;
  /** Folder inside the bucket that holds this store's keys, e.g. "cms". */
  prefix?: string;
  /** Create the bucket (once, before the first call) when it does not exist. */
  createBucket?: boolean;
  /** Attempts per request, default 3 (the SDK's). */
  maxAttempts?: number;
}

const PART_SIZE = 5 * 1024 * 1024; // S3's minimum part size
const PARTS_IN_FLIGHT = 2;
// lib-storage keeps each part in flight plus the one being filled and the previous one's
// remainder: a streamed put holds about PART_SIZE * (PARTS_IN_FLIGHT + 2) = 20 MiB.

/** Objects in an S3 bucket (AWS or any S3-compatible server), streamed both ways. */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const { bucket } = options;
  const prefix = normalizePrefix(options.prefix);
  const where = `S3 at ${options.endpoint ?? `AWS ${options.region}`}, bucket ${bucket}${prefix ? `, prefix ${prefix}` : ''}`;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // S3-compatible servers reject or mangle the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts,
    requestHandler: { connectionTimeout: 5000 },
  });

  /** Translates anything the SDK throws into the product's errors. */
  const fail = (e: unknown, key?: string): never => {
    if (e instanceof AppError || (e as Error)?.name === 'AbortError') throw e;
    const name = (e as Error)?.name;
    if (key !== undefined && (name === 'NoSuchKey' || name === 'NotFound')) {
      throw new AppError('not_found', `No stored file "${key}"`, { cause: e });
    }
    if (name === 'InvalidRange') throw new AppError('validation', `The range is outside "${key}"`, { cause: e });
    throw new AppError('unavailable', `Object storage (${where}) failed: ${describe(e)}`, { cause: e });
  };

  let bucketReady: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    if (!options.createBucket) return Promise.resolve();
    bucketReady ??= ensureBucket().catch((e) => {
      bucketReady = null; // try again on the next call
      throw e;
    });
    return bucketReady;
  };
  async function ensureBucket() {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return;
    } catch (e) {
      if ((e as Error).name !== 'NotFound' && (e as Error).name !== 'NoSuchBucket') fail(e);
    }
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (e) {
      if ((e as Error).name !== 'BucketAlreadyOwnedByYou') fail(e);
    }
  }

  const fullKey = (key: string) => {
    assertValidKey(key);
    const full = prefix + key;
    if (Buffer.byteLength(full) > MAX_KEY_LENGTH) {
      throw new AppError('validation', `Invalid object key: with the store prefix it is longer than ${MAX_KEY_LENGTH} bytes`);
    }
    return full;
  };

  async function head(key: string): Promise<StoredObject | null> {
    const Key = fullKey(key);
    await ready();
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return { key, size: r.ContentLength ?? 0, lastModified: iso(r.LastModified), storageClass: r.StorageClass ?? 'STANDARD' };
    } catch (e) {
      if ((e as Error).name === 'NotFound' || (e as Error).name === 'NoSuchKey') return null;
      return fail(e, key);
    }
  }

  return {
    kind: 's3',
    description: where,

    async put(key: string, body: Readable | Buffer, opts?: PutOptions) {
      const Key = fullKey(key);
      const checked = withCheckedLength(body, opts?.size);
      opts?.signal?.throwIfAborted();
      await ready();
      const source = Buffer.isBuffer(checked) || checked instanceof Readable ? checked : Readable.from(checked);
      let sourceError: unknown;
      if (!Buffer.isBuffer(source)) source.once('error', (e) => (sourceError ??= e));
      const upload = new Upload({
        client,
        queueSize: PARTS_IN_FLIGHT,
        partSize: Math.max(PART_SIZE, Math.ceil((opts?.size ?? 0) / 10_000)),
        params: {
          Bucket: bucket,
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
        fail(e);
      } finally {
        opts?.signal?.removeEventListener('abort', onAbort);
      }
      const stored = await head(key);
      if (!stored) throw new AppError('unavailable', `Object storage (${where}) failed: "${key}" is missing right after upload`);
      return stored;
    },

    async get(key: string, opts?: GetOptions): Promise<GetResult> {
      const Key = fullKey(key);
      assertValidRange(opts);
      await ready();
      const range =
        opts?.start !== undefined || opts?.end !== undefined ? `bytes=${opts?.start ?? 0}-${opts?.end ?? ''}` : undefined;
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range: range }), {
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
        return fail(e, key);
      }
    },

    head,

    async delete(key: string) {
      const Key = fullKey(key);
      await ready();
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (e) {
        if ((e as Error).name === 'NoSuchKey' || (e as Error).name === 'NotFound') return;
        fail(e);
      }
    },

    async list(opts?: ListOptions): Promise<ListPage> {
      await ready();
      const limit = Math.max(1, Math.min(Math.floor(opts?.limit ?? 1000), 1000));
      try {
        const r = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix + (opts?.prefix ?? '') || undefined,
            ContinuationToken: opts?.cursor || undefined,
            MaxKeys: limit,
          }),
        );
        const objects: StoredObject[] = (r.Contents ?? []).map((o) => ({
          key: (o.Key ?? '').slice(prefix.length),
          size: o.Size ?? 0,
          lastModified: iso(o.LastModified),
          storageClass: o.StorageClass ?? 'STANDARD',
        }));
        return { objects, nextCursor: r.IsTruncated && r.NextContinuationToken ? r.NextContinuationToken : null };
      } catch (e) {
        return fail(e);
      }
    },

    async health() {
      try {
        await ready();
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return { ok: true, detail: where };
      } catch (e) {
        const name = (e as Error).name;
        if (name === 'NotFound' || name === 'NoSuchBucket') return { ok: false, detail: `${where}: the bucket does not exist` };
        return { ok: false, detail: e instanceof AppError ? e.message : `${where}: ${describe(e)}` };
      }
    },
  };
}

/** "cms/" from "cms", "/cms/" or "cms/"; "" for none. Validated like a key. */
function normalizePrefix(raw: string | undefined): string {
  const p = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (p === '') return '';
  assertValidKey(p);
  return `${p}/`;
}

const iso = (d: Date | undefined) => (d ?? new Date(0)).toISOString();

/** One line saying what went wrong: the S3 error code and status, or the network error. */
function describe(e: unknown): string {
  const err = e as Error & { code?: string; $metadata?: { httpStatusCode?: number }; errors?: Error[] };
  const status = err?.$metadata?.httpStatusCode;
  if (err?.name === 'NoSuchBucket') return 'the bucket does not exist';
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'ExpiredToken'].includes(err?.name)) {
    return `the credentials were rejected (${err.name}${status ? `, HTTP ${status}` : ''}): ${err.message}`;
  }
  if (status) return `${err.name} (HTTP ${status})${err.message && err.message !== err.name ? `: ${err.message}` : ''}`;
  // Network errors: connect ECONNREFUSED, ENOTFOUND, timeouts; AggregateError hides the reason in `errors`.
  const inner = err?.errors?.[0];
  const message = err?.message || inner?.message || String(e);
  const code = err?.code ?? (inner as { code?: string } | undefined)?.code;
  return `cannot reach the server${code && !message.includes(code) ? ` (${code})` : ''}: ${message}`;
}
