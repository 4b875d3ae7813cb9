import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';

/** A file received from a user, spooled to local disk, with its hash. */
export interface IncomingFile {
  path: string;
  fileName: string;
  /** The client's claim; the real type is sniffed from the content. */
  mimeType: string;
  size: number;
  sha256: string;
  /** Whether the caller owns the file and it is removed after use (uploads: yes; CLI imports: no). */
  temporary: boolean;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * Streams an upload to a temp file while hashing it, so memory stays flat
 * whatever the size. Over `maxBytes` it stops and throws AppError('too_large').
 */
export async function spoolToTempFile(
  source: Readable,
  options: { tmpDir: string; fileName: string; mimeType: string; maxBytes: number; signal?: AbortSignal; isTruncated?: () => boolean },
): Promise<IncomingFile> {
  await mkdir(options.tmpDir, { recursive: true });
  const file = path.join(options.tmpDir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > options.maxBytes) {
        cb(refusal('too_large', 'refusal.file_too_large', { file: options.fileName, limit: mb(options.maxBytes) }));
        return;
      }
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(file), { signal: options.signal });
    if (options.isTruncated?.()) {
      throw refusal('too_large', 'refusal.file_too_large', { file: options.fileName, limit: mb(options.maxBytes) });
    }
  } catch (e) {
    await rm(file, { force: true });
    // Drain the rest of the request so the client gets the answer.
    source.resume();
    throw e;
  }
  if (size === 0) {
    await rm(file, { force: true });
    throw refusal('validation', 'refusal.file_empty', { file: options.fileName });
  }
  return { path: file, fileName: options.fileName, mimeType: options.mimeType, size, sha256: hash.digest('hex'), temporary: true };
}

/** Describes a file already on disk (CLI import) without copying it. */
export async function describeLocalFile(filePath: string): Promise<IncomingFile> {
  const st = await stat(filePath).catch(() => null);
  if (!st || !st.isFile()) throw new AppError('not_found', `No such file: ${filePath}`);
  if (st.size === 0) throw refusal('validation', 'refusal.file_empty', { file: path.basename(filePath) });
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return { path: filePath, fileName: path.basename(filePath), mimeType: '', size: st.size, sha256: hash.digest('hex'), temporary: false };
}

export async function discard(file: IncomingFile) {
  if (file.temporary) await rm(file.path, { force: true });
}
