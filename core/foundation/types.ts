/**
 * The shapes of spec section 3, defined once: their TypeBox definitions are
 * in ./schemas (the JSON Schemas of the routes and of the OpenAPI document),
 * their TypeScript types are exported here under the spec's names. Server,
 * CLI and web import these (web with `import type`). Fields beyond the spec
 * (progress, step, error, file keys, sha256, translation) are what the
 * pipeline records.
 */
import type { Static } from 'typebox';
import type * as S from './schemas/index';
export { ITEM_STATUSES, RUNNING_STATUSES, LIST_PAGE_MAX, TRANSLATION_LANGUAGES, VIDEO_SUBCATEGORIES, REVIEW_STATES, AUDIENCES, ROLES, AUDIT_ACTIONS } from './schemas/values';
export type { ItemStatus, TranslationLanguage, VideoSubcategory, ReviewState, Audience, Role, AuditAction } from './schemas/values';
import type { ItemStatus, TranslationLanguage, VideoSubcategory, ReviewState, Audience, Role, AuditAction } from './schemas/values';

/** A page of a list, as asked (schema: core/foundation/schemas PageQuery). A product list without a limit is every row; a list route's is LIST_PAGE_MAX rows. */
export type Page = Static<typeof S.PageQuery>;

/** One translation provider and what it serves (GET /api/translation-offers). */
export type TranslationProviderInfo = Static<typeof S.TranslationProviderInfo>;

/** Which provider serves which language pair; only these pairs are offered. */
export type TranslationOffers = Static<typeof S.TranslationOffers>;

export type ContentType = Static<typeof S.ContentType>;
export type DisplayContentType = ContentType | 'image' | 'bot-content' | string;

/** Translation request state kept on an item; the translation worker picks `requested`. */
export type TranslationState = Static<typeof S.TranslationState>;
export type TranslationInfo = Static<typeof S.TranslationInfo>;

export type MessageParams = Static<typeof S.MessageParams>;
/** A text as a code (core/foundation/messages.ts) with parameters, for wording in the reader's language. */
export type Coded = Static<typeof S.Coded>;

/** Why an item is not public, or 'public' (core/features/governance/visibility.ts decides). */
export type Visibility = Static<typeof S.Visibility>;

/** The review, audience and expiry of an item (documents, presentations, videos, content rows). */
export type Governed = Static<typeof S.Governed>;

/** One version of an item's file (core/features/governance/versions.ts). */
export type ItemVersion = Static<typeof S.ItemVersion>;
/** Where a synced item came from (`cms sync`): its path relative to the folder, and the file as last seen. */
export type SyncSource = Static<typeof S.SyncSource>;
/** Versions, sync and drafts: fields an ingested item may carry. */
export type Versioned = Static<typeof S.Versioned>;

/** Fields every ingested item carries for the pipeline. */
export type Processing = Static<typeof S.Processing>;

export type Document = Static<typeof S.Document>;

export type Presentation = Static<typeof S.Presentation>;

export type Video = Static<typeof S.Video>;

export type SubtitleMode = Static<typeof S.SubtitleMode>;
export type VideoOptions = Static<typeof S.VideoOptions>;

/** GET /api/videos/{id}/transcript: the transcript state, its cues, and the video's translated versions. */
export type VideoTranscriptView = Static<typeof S.VideoTranscriptView>;

/** A translated version of a video (from its translation record). */
export type VideoVersion = Static<typeof S.VideoVersion>;
export type VideoFile = Static<typeof S.VideoFile>;

export type VideoTranscriptState = Static<typeof S.VideoTranscriptState>;
export type VideoTranscript = Static<typeof S.VideoTranscript>;

/** The generic content list row (GET /api/content). */
export type ContentItem = Static<typeof S.ContentItem>;

/** Which items a review list shows. */
export const REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'expired', 'staff', 'archived', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export type Category = Static<typeof S.Category>;

export type BotImage = Static<typeof S.BotImage>;

export type PresentationImage = Static<typeof S.PresentationImage>;

export type StoredObject = Static<typeof S.StoredObject>;

export type StorageStats = Static<typeof S.StorageStats>;

export type DashboardMetrics = Static<typeof S.DashboardMetrics>;

/** Public chat message as the server returns it (spec section 3). */
export type PublicChatMessage = Static<typeof S.PublicChatMessage>;

export type MediaOutput = Static<typeof S.MediaOutput>;

/** Reply of POST /api/bot/chat. */
export type ChatBotReply = Static<typeof S.ChatBotReply>;

export type Citation = Static<typeof S.Citation>;
export type RelatedPassage = Static<typeof S.RelatedPassage>;
export type ViewerData = Static<typeof S.ViewerData>;
/** Website sources (core/features/sync/site-runs.ts). */
export type SiteRunInput = Static<typeof S.SiteRunInput>;
export type SiteRun = Static<typeof S.SiteRun>;
export type SiteSummary = Static<typeof S.SiteSummary>;
export type SiteRunProgress = Static<typeof S.SiteRunProgress>;
export type ViewerBox = Static<typeof S.ViewerBox>;

/** Reply of POST /api/bot/rag-query. */
export type RetrievalReply = Static<typeof S.RetrievalReply>;

/** Where one translation of an item is (one record per item and target language). */
export type TranslationRecordState = Static<typeof S.TranslationRecordState>;
export type TranslationRecord = Static<typeof S.TranslationRecord>;

/** Kinds of work on an item: ingest now; translation (one per target language) and video transcription next. */
export type JobKind = Static<typeof S.JobKind>;
export type JobState = Static<typeof S.JobState>;
/** Where a job is: a code (for wording in any language), its parameters, and the English text. */
export type JobStep = Static<typeof S.JobStep>;
/** Why a job failed: the AppError code and its human message, and the reason as a code with parameters (core/foundation/messages.ts). */
export type JobError = Static<typeof S.JobError>;
export type Job = Static<typeof S.Job>;

export type HealthReport = Static<typeof S.HealthReport>;

/** Error body of every failed API call. */
export type ApiErrorBody = Static<typeof S.ApiErrorBody>;

/** One turn of the document-search conversation, remembered per referenceId. */
export type RagTurn = Static<typeof S.RagTurn>;

/** A visitor's request to be contacted by a person, left in the public assistant (/chat or the widget). */
export type HandoffRequest = Static<typeof S.HandoffRequest>;

/** What the visitor sends: a name, an e-mail address or a phone number (at least one), and consent. */
export type HandoffInput = Static<typeof S.HandoffInput>;

/** The stored shapes of governance: audit entries, users, API tokens (catalog collections). */
export type AuditEntry = Static<typeof S.AuditEntry>;

export interface StoredUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
  createdBy: string;
  disabled: boolean;
}

export interface StoredApiToken {
  id: number;
  name: string;
  role: Role;
  /** sha256 of the token; the token itself is shown once. */
  tokenHash: string;
  /** The first characters, to recognise it in a list. */
  prefix: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
