import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { discard, spoolToTempFile, type IncomingFile } from '../core/product/index';
import { AppError } from '../core/errors';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: IncomingFile;
}

/**
 * Reads a multipart request: text fields plus exactly one file, streamed to
 * a temp file (memory stays flat). Over the limit: AppError('too_large').
 */
export async function receiveUpload(request: FastifyRequest, options: { maxBytes: number; tmpDir?: string }): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new AppError('validation', 'This endpoint expects a multipart/form-data upload with a file');
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new AppError('validation', 'Send one file per upload');
        }
        file = await spoolToTempFile(part.file, {
          tmpDir: options.tmpDir ?? path.join(os.tmpdir(), 'cms-uploads'),
          fileName: part.filename || 'upload',
          mimeType: part.mimetype,
          maxBytes: options.maxBytes,
          isTruncated: () => part.file.truncated,
        });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (e) {
    if (file) await discard(file);
    throw e;
  }
  if (!file) throw new AppError('validation', 'Please select a file');
  return { fields, file };
}

export const asBool = (v: string | undefined) => v === 'true' || v === '1' || v === 'on';
export const asOptionalInt = (v: string | undefined, field: string) => {
  if (v === undefined || v === '' || v === 'null') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('validation', `${field} must be a positive whole number`);
  return n;
};
