import type { FastifyReply, FastifyRequest } from 'fastify';

export interface BodyDeadlines {
  /** Every body that is not a file upload (questions, sign-in, settings). */
  bodyTimeoutMs: number;
  /** File uploads (multipart): base plus the announced size at the slowest accepted rate. */
  uploadBaseMs: number;
  uploadMinBytesPerSec: number;
  /** Size assumed for an upload that announces none (chunked). */
  maxBytes: number;
}

/** How long the body of this request may take to arrive. */
export function bodyDeadlineMs(d: BodyDeadlines, headers: { 'content-type'?: string; 'content-length'?: string }): number {
  if (!/^multipart\//i.test(headers['content-type'] ?? '')) return d.bodyTimeoutMs;
  const announced = Number(headers['content-length']);
  const size = Number.isFinite(announced) && announced > 0 ? Math.min(announced, d.maxBytes) : d.maxBytes;
  return d.uploadBaseMs + Math.ceil((size / d.uploadMinBytesPerSec) * 1000);
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * onRequest hook: the whole body must arrive within its deadline (short for
 * everything but file uploads, proportional to the size for uploads), or the
 * request is answered 408 and its connection closed. A client sending a byte
 * now and then holds a connection for seconds, not for ever.
 */
export function bodyDeadline(d: BodyDeadlines) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasBody(request)) return;
    const raw = request.raw;
    const ms = bodyDeadlineMs(d, request.headers as { 'content-type'?: string; 'content-length'?: string });
    const timer = setTimeout(() => {
      if (raw.readableEnded) return;
      const body = JSON.stringify({ error: 'timeout', message: `The request body did not arrive within ${Math.round(ms / 1000)} s.` });
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable) {
        socket.end(`HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      }
      socket.destroySoon?.();
      setTimeout(() => socket.destroy(), 1000).unref();
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
    reply.raw.once('finish', done);
  };
}
