import { Type } from 'typebox';
import { AUDIT_ACTIONS, ROLES } from './values';
import { Bool, DateTime, Int, IntOrNull, Nullable, Num, Opt, Str, StrOrNull } from './common';
import { TranslationRecord } from './answers';
import { ContentType } from './items';

/**
 * The shapes of the console's other screens (accounts, audit, analytics,
 * widget, glossary, search, uploads), defined once like ./items.ts: the
 * modules that own them export `Static<>` of these.
 */

export const Role = Type.Enum(ROLES);

export const AuditEntry = Type.Object({
  id: Int(),
  at: DateTime(),
  action: Type.Enum(AUDIT_ACTIONS),
  /** Who: a user name, a token's name, "cli", "system". */
  actor: Str(),
  role: Nullable(Role),
  via: Type.Enum(['session', 'token', 'cli', 'system', 'anonymous'] as const),
  /** What: "document 12", "POST /api/documents", a user name. */
  target: Str(),
  itemType: StrOrNull(),
  itemId: IntOrNull(),
  title: StrOrNull(),
  before: Nullable(Type.Record(Str(), Type.Unknown())),
  after: Nullable(Type.Record(Str(), Type.Unknown())),
  note: StrOrNull(),
});

export const UserView = Type.Object({ id: Int(), username: Str(), name: Str(), role: Role, createdAt: DateTime(), createdBy: Str(), disabled: Bool() });
export const TokenView = Type.Object({
  id: Int(), name: Str(), role: Role,
  /** The first characters, to recognise it in a list. */
  prefix: Str(),
  createdAt: DateTime(), createdBy: Str(), lastUsedAt: StrOrNull(), revokedAt: StrOrNull(),
});
export const CreatedToken = Type.Object({ token: Str(), record: TokenView });

/** The signed-in user as the console shows it (the spec's username, name, title, and the role). */
export const SignedInUser = Type.Object({ username: Str(), name: Str(), title: Str(), role: Role });

export const Rating = Type.Object({ value: Type.Enum(['up', 'down'] as const), comment: StrOrNull(), at: DateTime() });
export const FeedbackReply = Type.Object({ answerId: Str(), rating: Rating });

const Channel = Type.Enum(['chat', 'widget', 'rag'] as const);
export const SimilarGroup = Type.Object({
  /** The most frequent wording in the group. */
  question: Str(),
  count: Int(),
  language: Str(),
  /** Up to five other wordings. */
  examples: Type.Array(Str()),
});
/** What visitors asked over a period (the Analytics screen and `cms stats`). */
export const QuestionStats = Type.Object({
  from: DateTime(),
  to: DateTime(),
  /** Visitor messages other than greetings. */
  questions: Int(),
  conversations: Int(),
  perDay: Type.Array(Type.Object({ day: Str(), questions: Int(), notFound: Int() })),
  languages: Type.Array(Type.Object({ language: Str(), questions: Int() })),
  channels: Type.Array(Type.Object({ channel: Channel, questions: Int() })),
  /** Questions for the documents: answered from them vs "not in the documents". */
  answered: Int(),
  notFound: Int(),
  /** Unanswered questions grouped by similarity: the content that is missing. */
  topUnanswered: Type.Array(SimilarGroup),
  /** Documents cited in answers or handed out as files. */
  topSources: Type.Array(Type.Object({ itemType: Str(), itemId: Int(), title: Str(), count: Int() })),
  ratings: Type.Object({ up: Int(), down: Int(), rated: Int(), answers: Int(), upRate: Nullable(Num()) }),
  /** Latest ratings with a comment, newest first. */
  comments: Type.Array(Type.Object({ at: DateTime(), value: Type.Enum(['up', 'down'] as const), comment: Str(), question: Str(), answer: Str(), channel: Channel })),
});

/** The brand defaults the widget uses where its script tag sets nothing (public). */
export const WidgetBrand = Type.Object({ title: StrOrNull(), color: StrOrNull(), greeting: StrOrNull() });
const widgetSettings = {
  /** Origins added in the console, e.g. https://www.brand.com. */
  origins: Type.Array(Str()),
  title: StrOrNull(),
  /** #rgb or #rrggbb */
  color: StrOrNull(),
  greeting: StrOrNull(),
};
export const WidgetSettings = Type.Object(widgetSettings);
export const WidgetSettingsView = Type.Object({
  ...widgetSettings,
  /** Origins from WIDGET_ORIGINS (read-only here). */
  envOrigins: Type.Array(Str()),
});

export const GlossaryEntry = Type.Object({
  term: Str(),
  /** Fixed translations by target language; absent: the term is kept as it is. */
  translations: Opt(Type.Record(Str(), Str())),
  /** Match case-insensitively (default: exact case, as brand names are written). */
  ignoreCase: Opt(Bool()),
});
export const Glossary = Type.Object({ version: Int(), entries: Type.Array(GlossaryEntry) });
export const MemoryStored = Type.Object({ stored: Int(), glossaryVersion: Int() });

export const Chunk = Type.Object({
  /** Stable id: `${itemType}:${itemId}:${ordinal}` */
  id: Str(),
  itemType: ContentType,
  itemId: Int(),
  title: Str(),
  text: Str(),
  page: IntOrNull(),
  slide: IntOrNull(),
  heading: StrOrNull(),
  /** ISO 639-1 code detected for this chunk, e.g. 'en', 'he'. */
  language: Str(),
  /** Catalog ids of bot images / presentation images on the same page or slide. */
  imageIds: Type.Array(Int()),
  ordinal: Int(),
  /** Videos: the time range of a transcript passage (seconds), the time of the frame shown for it. */
  startSec: Opt(Num()),
  endSec: Opt(Num()),
  frameSec: Opt(Num()),
  /** Videos: the transcript is offline pocketsphinx output; say so when quoting it. */
  lowConfidence: Opt(Bool()),
  /** Set on chunks of a translation: the passage is from the translated file (the page/slide are the original's). */
  translation: Opt(Nullable(Type.Object({ language: Str(), fileKey: Str(), filePath: Str() }))),
});
export const SearchHit = Type.Object({
  chunk: Chunk,
  /** Fused score, higher is better. */
  score: Num(),
});

export const TranslationRow = Type.Object({
  /** The item's id. */
  id: Int(),
  title: Str(),
  description: Str(),
  targetLanguage: StrOrNull(),
  state: Str(),
  error: StrOrNull(),
  fileKey: StrOrNull(),
  /** The translation record (presentations and documents; absent for video rows). */
  translation: Opt(TranslationRecord),
});

export const UploadResult = Type.Object({ kind: Type.Enum(['document', 'presentation', 'video', 'image'] as const), item: Type.Object({}) });
