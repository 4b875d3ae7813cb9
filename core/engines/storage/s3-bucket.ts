import {
  CreateBucketCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { AppError } from '../../foundation/errors';
import type { StoredObject } from '../../foundation/types';
import { assertValidKey, MAX_KEY_LENGTH } from './key-check';

/**
 * The S3 store's bucket: the client, keys under the store's prefix, the
 * bucket made on first use when asked, and the SDK's errors as the product's.
 */

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

export function openS3Bucket(options: S3StoreOptions) {
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
  /** Resolves once the bucket exists (made on the first call when `createBucket`). */
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

  /** The object key in the bucket of a store key. */
  const fullKey = (key: string) => {
    assertValidKey(key);
    const full = prefix + key;
    if (Buffer.byteLength(full) > MAX_KEY_LENGTH) {
      throw new AppError('validation', `Invalid object key: with the store prefix it is longer than ${MAX_KEY_LENGTH} bytes`);
    }
    return full;
  };

  return { client, bucket, prefix, where, fail, ready, fullKey };
}

export type S3Bucket = ReturnType<typeof openS3Bucket>;

/** What is stored under `key`, or null. */
export async function headObject(b: S3Bucket, key: string): Promise<StoredObject | null> {
  const Key = b.fullKey(key);
  await b.ready();
  try {
    const r = await b.client.send(new HeadObjectCommand({ Bucket: b.bucket, Key }));
    return { key, size: r.ContentLength ?? 0, lastModified: iso(r.LastModified), storageClass: r.StorageClass ?? 'STANDARD' };
  } catch (e) {
    if ((e as Error).name === 'NotFound' || (e as Error).name === 'NoSuchKey') return null;
    return b.fail(e, key);
  }
}

/** "cms/" from "cms", "/cms/" or "cms/"; "" for none. Validated like a key. */
function normalizePrefix(raw: string | undefined): string {
  const p = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (p === '') return '';
  assertValidKey(p);
  return `${p}/`;
}

export const iso = (d: Date | undefined) => (d ?? new Date(0)).toISOString();

/** One line saying what went wrong: the S3 error code and status, or the network error. */
export function describe(e: unknown): string {
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
