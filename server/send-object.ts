import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/foundation/errors';
import type { Product } from '../core/product/index';

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number, end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Streams a stored object with HTTP range support (so browsers can seek videos). */
export async function sendObject(
  product: Pick<Product, 'statFile' | 'readFile'>,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { disposition?: 'inline' | 'attachment'; fileName?: string; public?: boolean } = {},
) {
  const head = await product.statFile(key, { public: options.public, clientAddress: request.ip });
  if (!head) throw new AppError('not_found', `No stored file "${key}"`);
  const range = parseRange(request.headers.range, head.size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${head.size}`);
    throw new AppError('bad_range', `The requested range is outside the file (${head.size} bytes)`);
  }
  const obj = await product.readFile(key, { ...(range ?? {}), public: options.public });
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', obj.contentType)
    .header('last-modified', new Date(obj.lastModified).toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('content-disposition', contentDisposition(options.disposition ?? 'inline', options.fileName ?? head.downloadName ?? key.split('/').pop()!));
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`).header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', head.size);
  }
  return reply.send(obj.body);
}
