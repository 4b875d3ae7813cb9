import type { Readable } from 'node:stream';
import type { StoredObject } from '../../foundation/types';

export interface PutOptions {
  /** Default: from the key's extension (core/formats/mime.ts). */
  contentType?: string;
  /** Known length in bytes, when the body is a stream (S3 needs it for a single PUT). */
  size?: number;
  signal?: AbortSignal;
}

export interface GetOptions {
  /** First byte, inclusive (HTTP range). */
  start?: number;
  /** Last byte, inclusive (HTTP range). */
  end?: number;
  signal?: AbortSignal;
}

export interface GetResult {
  body: Readable;
  /** Total size of the object, not of the range. */
  size: number;
  contentType: string;
  lastModified: string;
}

export interface ListOptions {
  prefix?: string;
  /** Opaque cursor from a previous page. */
  cursor?: string | null;
  /** Page size, default 1000. */
  limit?: number;
}

export interface ListPage {
  objects: StoredObject[];
  nextCursor: string | null;
}

/**
 * Where every file of the product lives: originals, extracted images,
 * translations, thumbnails. Keys are `folder/name` and are validated by
 * `assertValidKey` before any implementation sees them.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Human description for health output, e.g. "local disk at ./data/objects". */
  readonly description: string;
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<StoredObject>;
  /** Throws AppError('not_found') when missing. */
  get(key: string, options?: GetOptions): Promise<GetResult>;
  /** null when missing. */
  head(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  list(options?: ListOptions): Promise<ListPage>;
  health(): Promise<{ ok: boolean; detail: string }>;
}
