import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

export interface MultipartFile {
  path: string;
  fileName: string;
  size: number;
  contentType?: string;
}

export interface MultipartBody {
  stream: Readable;
  /** Exact byte length, so the request carries Content-Length. */
  length: number;
  contentType: string;
}

/** Quotes a name the way browsers do in multipart headers (RFC 7578, WHATWG). */
const quote = (s: string) => s.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

/**
 * A multipart/form-data body that streams the file from disk (memory stays
 * flat for any size) and reports the file bytes sent. Text fields come
 * first, the file last.
 */
export function multipartBody(
  fields: Record<string, string | undefined>,
  file: MultipartFile,
  onProgress?: (sent: number, total: number) => void,
): MultipartBody {
  const boundary = `----cms-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
  }
  const head = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.fileName)}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

  async function* generate() {
    yield head;
    let sent = 0;
    onProgress?.(0, file.size);
    for await (const chunk of createReadStream(file.path, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length;
      yield chunk as Buffer;
      onProgress?.(sent, file.size);
    }
    if (sent !== file.size) throw new Error(`${file.fileName} changed size while it was being sent (${sent} of ${file.size} bytes)`);
    yield tail;
  }

  return {
    stream: Readable.from(generate(), { objectMode: false }),
    length: head.length + file.size + tail.length,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
