import { Type } from 'typebox';
import { AUDIENCES } from './values';
import { Role } from './admin';
import { Nullable } from './common';

/**
 * What callers send to the product (JSON request bodies): the routes validate
 * with these, and the product's input types are `Static<>` of them.
 */

const text = (maxLength: number) => Type.String({ maxLength });
const textOrNull = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const CategoryInput = Type.Object({
  name: Type.Optional(text(1000)),
  description: Type.Optional(textOrNull(5000)),
  isActive: Type.Optional(Type.Boolean()),
});

export const DocumentPatch = Type.Object({
  title: Type.Optional(text(300)),
  description: Type.Optional(text(5000)),
  sourceLanguage: Type.Optional(textOrNull(40)),
}, { additionalProperties: false });

/** Audience and/or expiry of items. */
const access = {
  audience: Type.Optional(Type.Enum(AUDIENCES)),
  /** A date (2027-01-31) or date-time; a past one means expired at once; null clears it. */
  validUntil: Type.Optional(textOrNull(40)),
  /** Archive (true: never public, listed as archived) or bring back (false); on its own. */
  archived: Type.Optional(Type.Boolean()),
};
export const AccessPatch = Type.Object(access, { additionalProperties: false });
const ids = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 });
const note = textOrNull(2000);
export const ApproveBody = Type.Object({ ids }, { additionalProperties: false });
export const RejectBody = Type.Object({ ids, note: Type.Optional(note) }, { additionalProperties: false });
export const RejectOneBody = Nullable(Type.Object({ note: Type.Optional(note) }, { additionalProperties: false }));
export const AccessBody = Type.Object({ ids, ...access }, { additionalProperties: false });

/** "Other" content posted as JSON (spec: the upload form state). */
export const ContentForm = Type.Object({
  title: Type.Optional(text(1000)),
  description: Type.Optional(textOrNull(10000)),
  type: Type.Optional(text(40)),
  category: Type.Optional(textOrNull(200)),
  needsTranslation: Type.Optional(Type.Boolean()),
  targetLanguage: Type.Optional(textOrNull(40)),
  tags: Type.Optional(Type.Union([text(2000), Type.Array(text(100), { maxItems: 50 })])),
  language: Type.Optional(textOrNull(40)),
  hasSpeech: Type.Optional(Type.Boolean()),
  /** Approved on creation (editors may not: core's guard decides). */
  approve: Type.Optional(Type.Boolean()),
  audience: Type.Optional(Type.String({ maxLength: 40 })),
  validUntil: Type.Optional(textOrNull(40)),
});

export const UserInput = Type.Object({ username: text(80), name: Type.Optional(text(120)), role: Role, password: text(500) }, { additionalProperties: false });
export const UserPatch = Type.Object({
  role: Type.Optional(Role), password: Type.Optional(text(500)), disabled: Type.Optional(Type.Boolean()), name: Type.Optional(text(120)),
}, { additionalProperties: false });
export const TokenInput = Type.Object({ name: text(80), role: Role }, { additionalProperties: false });

export const TranslationRequest = Type.Object({
  targetLanguage: text(40),
  // Videos only: how the translated video is made.
  subtitles: Type.Optional(Type.Enum(['soft', 'burned'] as const)),
  dub: Type.Optional(Type.Boolean()),
});
export const GlossaryTerm = Type.Object({
  term: Type.String({ minLength: 1, maxLength: 200 }),
  translations: Type.Optional(Type.Record(Type.String(), text(200))),
  ignoreCase: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const TranscribeInput = Nullable(Type.Object({
  language: Type.Optional(textOrNull(40)),
  provider: Type.Optional(Nullable(Type.Enum(['endpoint', 'offline'] as const))),
}, { additionalProperties: false }));
export const CueList = Type.Object({
  cues: Type.Array(Type.Object({
    id: Type.Optional(text(40)), start: Type.Number({ minimum: 0 }), end: Type.Number({ minimum: 0 }), text: text(2000),
  }), { minItems: 1, maxItems: 20_000 }),
}, { additionalProperties: false, description: 'Edited cues: start and end in seconds, text on one line (wrapped into two lines of 42 characters when shown)' });

export const WidgetSettingsPatch = Type.Object({
  origins: Type.Optional(Type.Array(text(200), { maxItems: 50 })),
  title: Type.Optional(textOrNull(80)),
  color: Type.Optional(textOrNull(7)),
  greeting: Type.Optional(textOrNull(500)),
}, { additionalProperties: false });

/** Known translations of segments, saved into the translation memory. */
export const MemoryInput = Type.Object({
  source: text(40),
  target: text(40),
  segments: Type.Array(Type.Object({ text: text(10_000), translation: text(20_000) }, { additionalProperties: false }), { minItems: 1, maxItems: 1000 }),
}, { additionalProperties: false });
