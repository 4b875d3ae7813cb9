import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, httpStatusFor, toAppError } from '../core/foundation/errors';
import type { ApiErrorBody } from '../core/foundation/types';
import { refusal } from '../core/product/index';

/** Fastify's own error codes that are the caller's fault, as product errors. */
function fromFastify(err: FastifyError, request: FastifyRequest): AppError | null {
  if (err.validation) {
    const first = err.validation[0];
    const field = (first?.instancePath || '').replace(/^\//, '') || (first?.params as { missingProperty?: string })?.missingProperty || '';
    return field
      ? refusal('validation', 'refusal.field_invalid', { field }, `Invalid ${field}: ${err.message.replace(/^(body|querystring|params)\/?\S*\s*/, '')}`)
      : refusal('validation', 'refusal.request_invalid', {}, err.message);
  }
  switch (err.code) {
    case 'FST_FILES_LIMIT':
      return refusal('validation', 'refusal.one_file');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return refusal('too_large', 'refusal.request_too_large');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refusal('validation', 'refusal.not_multipart', {}, 'This endpoint expects a multipart/form-data upload');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusal('unsupported_type', 'refusal.content_type_unsupported', { type: String(request.headers['content-type'] ?? '').split(';')[0]!.trim() });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return refusal('validation', 'refusal.json_invalid');
  }
  if (err.statusCode === 413) return refusal('too_large', 'refusal.request_too_large');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('validation', err.message);
  return null;
}

/** ENOSPC anywhere below (a spooled upload, a catalog write): 503 saying so, not a bare 500. */
function diskFull(err: FastifyError): AppError | null {
  for (let c: unknown = err, i = 0; c && i < 5; c = (c as { cause?: unknown }).cause, i++) {
    const code = (c as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      return new AppError('unavailable', "The server's disk is full: the request could not be completed. Free some space on the server, then try again.", { cause: err, details: { reason: 'disk_full', retryAfter: 60 } });
    }
  }
  return null;
}

/**
 * The one place errors become HTTP: `{ error: code, message }` with the
 * status of the code. 5xx details are logged, not sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const err = raw instanceof AppError ? raw : (fromFastify(raw, request) ?? diskFull(raw) ?? toAppError(raw));
    const status = httpStatusFor[err.code];
    if (status >= 500) request.log.error({ err: raw }, err.message);
    const body: ApiErrorBody = {
      error: err.code,
      message: status === 500 ? 'Internal server error' : err.message,
    };
    // A coded message (core/foundation/messages.ts) travels beside the English text, for clients that word it in their language.
    const coded = err.details?.message as { code?: unknown; params?: unknown } | undefined;
    if (status < 500 || err.code === 'not_configured') {
      if (coded && typeof coded.code === 'string') body.coded = { code: coded.code, params: (coded.params ?? {}) as Record<string, string | number> };
    }
    const retryAfter = err.details?.retryAfter;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    // A client that stopped sending mid-request still holds the rest: close the connection after answering.
    if (err.code === 'timeout') reply.header('connection', 'close');
    reply.status(status).send(body);
  });
}
