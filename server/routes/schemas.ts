import type { FastifyInstance, FastifySchema } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';

/**
 * What every route file uses to declare itself: its request schemas (TypeBox,
 * from core/foundation/schemas: validation and the handler's types from one definition)
 * and its documentation (summary, tag, responses). The OpenAPI document is
 * built from these declarations alone (server/openapi/plugin.ts).
 */

/** The app with TypeBox typing: a route's body, params, query string and replies are typed from its schema. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** A trailing wildcard: an object key that may contain slashes. */
export const KeyParams = Type.Object({ '*': Type.String({ description: 'The rest of the path: a stored key, may contain /' }) });

/** Responses that are not JSON bodies. */
const text = { type: 'string' };
/** 204: no body (typed `undefined`, so a handler sends nothing). */
export const Empty = Type.Unsafe<undefined>({ type: 'null', description: 'No content' });
export const Binary = { description: 'The file bytes', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } as const;
export const Html = { description: 'An HTML page', content: { 'text/html': { schema: text } } } as const;
export const PlainText = { description: 'Plain text', content: { 'text/plain': { schema: text } } } as const;
export const JavaScript = { description: 'A script', content: { 'text/javascript': { schema: text } } } as const;
export const EventStream = {
  description: 'Server-sent events: `token` {text}, then `done` (the RetrievalReply) or `error` {error, message}',
  content: { 'text/event-stream': { schema: text } },
} as const;
export const CsvOrJsonl = {
  description: 'A file download: one row per visitor message and its answer',
  content: { 'text/csv': { schema: text }, 'application/x-ndjson': { schema: text } },
} as const;
/** JSON a handler sends itself (as text, or beside other media types): documented, not type-checked. */
export const JsonFile = (schema: TSchema, others: Record<string, unknown> = {}) =>
  ({ description: 'OK', content: { 'application/json': { schema }, ...others } });
/** A file download with HTTP ranges. */
export const Download = { 200: Binary, 206: Binary } as const;

/** Sends a page of a list (core's ListPage): its rows as the body (an array), the list's whole length in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}

/** Responses by status: a TypeBox schema (the handler's return type is checked against it) or one of the kinds above. */
export type Responses = Record<number, TSchema | { description?: string; type?: string; content?: object }>;

/** A multipart upload form, documented (the route reads it as a stream: core validates the fields). */
export const MULTIPART = 'x-multipart-form';

/**
 * The documentation half of a route's schema, for one tag:
 * `const doc = docs('documents'); app.get(url, { schema: { ...doc('List documents', { 200: T.Array(S.Document) }) } }, ...)`.
 */
export function docs(tag: string) {
  return <R extends Responses>(summary: string, response: R) => ({ summary, tags: [tag], response }) satisfies FastifySchema;
}

/** Multipart upload fields (request bodies of the upload routes): every upload also takes approve, audience and validUntil. */
const form = (fields: string[]) => {
  const all = [...fields, 'approve', 'audience', 'validUntil'];
  return Type.Object({
    file: Type.String({ format: 'binary', description: 'The file' }),
    ...Object.fromEntries(all.map((f) => [f, Type.Optional(Type.String())])),
  });
};
export const UploadForm = {
  document: form(['title', 'description', 'status', 'needsTranslation', 'targetLanguage', 'categoryId', 'force']),
  presentation: form(['title', 'description', 'languageto', 'categoryId', 'force']),
  video: form(['label', 'description', 'subcategory', 'needsTranslation', 'targetLanguage', 'hasSpeech', 'force']),
  any: form(['title', 'description', 'categoryId', 'needsTranslation', 'targetLanguage', 'hasSpeech', 'tags', 'force']),
};
