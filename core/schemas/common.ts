import { Type, type TSchema } from 'typebox';

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

/** A text as a code (core/messages.ts) with parameters, for wording in the reader's language. */
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
  /** The message as a code with parameters (core/messages.ts), when the error carries one. */
  coded: Type.Optional(Coded),
}, { description: 'Every failed call' });
