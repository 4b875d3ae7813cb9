import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { refusal, type Edge, type IncomingFile } from '../core/product/index';
import { AppError } from '../core/foundation/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp from UPLOAD_IDLE_TIMEOUT_S. */
    uploadIdleTimeoutMs?: number;
  }
}

export interface MultipartUpload {
  fields: Record<string, string>;
  file: IncomingFile;
}

export interface ReceiveOptions {
  maxBytes: number;
  /** core's upload spool (the services give it to the edge). */
  spool: Edge['spool'];
  tmpDir?: string;
  /** A client that sends nothing for this long is answered 408 and its partial file removed. Default 30 s. */
  idleTimeoutMs?: number;
}

/**
 * Reads a multipart request: text fields plus exactly one file, streamed to
 * a temp file (memory stays flat). Over the limit: AppError('too_large').
 * A request that stops arriving (a client gone silent mid-upload) ends
 * after the idle timeout with AppError('timeout'), its temp file removed.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw refusal('validation', 'refusal.not_multipart');
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  const { toTempFile: spoolToTempFile, discard } = options.spool;
  const idleMs = options.idleTimeoutMs ?? request.server.uploadIdleTimeoutMs ?? 30_000;
  const idle = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(refusal('timeout', 'refusal.upload_stalled', { seconds: Math.round(idleMs / 1000) })), idleMs);
  };
  const raw = request.raw;
  raw.on('data', arm);
  arm();
  const timedOut = new Promise<never>((_, reject) => idle.signal.addEventListener('abort', () => reject(idle.signal.reason), { once: true }));
  timedOut.catch(() => {});
  const read = async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw refusal('validation', 'refusal.one_file');
        }
        file = await spoolToTempFile(part.file, {
          tmpDir: options.tmpDir ?? path.join(os.tmpdir(), 'cms-uploads'),
          fileName: part.filename || 'upload',
          mimeType: part.mimetype,
          maxBytes: options.maxBytes,
          isTruncated: () => part.file.truncated,
          signal: idle.signal,
        });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  };
  const reading = read();
  try {
    await Promise.race([reading, timedOut]);
  } catch (e) {
    if (idle.signal.aborted) {
      // A spool under way sees the abort and removes its file: give it a moment, then answer (the error
      // handler closes the connection, which ends the parser still waiting for the rest).
      await Promise.race([reading.catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
      const done = file as IncomingFile | null;
      if (done) await discard(done);
      throw idle.signal.reason;
    }
    if (file) await discard(file);
    throw e;
  } finally {
    clearTimeout(timer);
    raw.off('data', arm);
  }
  if (!file) throw refusal('validation', 'refusal.file_missing');
  return { fields, file };
}

export const asBool = (v: string | undefined) => v === 'true' || v === '1' || v === 'on';
export const asOptionalInt = (v: string | undefined, field: string) => {
  if (v === undefined || v === '' || v === 'null') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('validation', `${field} must be a positive whole number`);
  return n;
};
