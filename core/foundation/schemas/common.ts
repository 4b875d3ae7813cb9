import { Type, type TSchema } from 'typebox';
import { LIST_PAGE_MAX } from './values';

/** Building blocks of the API shapes (TypeBox: JSON Schema and the TypeScript type from one definition). */

export const Str = Type.String;
export const Int = Type.Integer;
export const Num = Type.Number;
export const Bool = Type.Boolean;
export const DateTime = () => Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const StrOrNull = () => Nullable(Type.String());
export const IntOrNull = () => Nullable(Type.Integer());
export const Opt = Type.Optional;

/**
 * A page of a list, as asked (the list routes' query fields): `limit` rows (at most LIST_PAGE_MAX, also the
 * default, so a small catalog's list is whole), from `offset`, by id; with `afterId`, only rows with an id
 * above it (then `offset` counts from there): a whole list read page after page by the last id of the page
 * before neither skips nor repeats a row when rows are deleted between two pages.
 */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: LIST_PAGE_MAX, description: `Rows in the answer (default and most ${LIST_PAGE_MAX})` })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: 'Rows to skip, by id (default 0; counted after afterId)' })),
  afterId: Type.Optional(Type.Integer({ minimum: 0, description: 'Only rows with an id above this one (the last id of the page before), in id order' })),
});

/** A text as a code (core/foundation/messages.ts) with parameters, for wording in the reader's language. */
export const MessageParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
/** One of the messages a message is made of (a job's warnings): worded on its own. */
export const CodedPart = Type.Object({ code: Type.String(), params: MessageParams });
export const Coded = Type.Object({
  code: Type.String(), params: MessageParams,
  /** The messages that fill its `{warnings}` (a job that completed with warnings), each worded in the reader's language. */
  parts: Type.Optional(Type.Array(CodedPart)),
});

/** Error body of every failed API call. */
export const ApiErrorBody = Type.Object({
  error: Type.String({ description: 'Error code (validation, not_found, rate_limited, ...)' }),
  message: Type.String(),
  /** The message as a code with parameters (core/foundation/messages.ts), when the error carries one. */
  coded: Type.Optional(Coded),
}, { description: 'Every failed call' });
