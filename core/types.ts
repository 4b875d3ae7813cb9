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

export const ITEM_STATUSES = [
  'pending', 'processing', 'extracting', 'analyzing', 'converting',
  'completed', 'failed', 'rejected', 'approved',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Statuses that mean "work is under way" (spinner in the UI). */
export const RUNNING_STATUSES: readonly ItemStatus[] = ['pending', 'processing', 'extracting', 'analyzing', 'converting'];

/**
 * The most rows one answer of a list route carries (and how many it carries when no limit is asked): clients
 * page past it (a whole list by `afterId`, the last id of the page before).
 */
export const LIST_PAGE_MAX = 1000;

/** A page of a list, as asked (schema: core/schemas PageQuery). A product list without a limit is every row; a list route's is LIST_PAGE_MAX rows. */
export type Page = Static<typeof S.PageQuery>;

export const TRANSLATION_LANGUAGES = [
  'english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'chinese',
  'japanese', 'korean', 'arabic', 'hebrew', 'russian', 'dutch', 'polish',
  'swedish', 'norwegian', 'danish',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** One translation provider and what it serves (GET /api/translation-offers). */
export type TranslationProviderInfo = Static<typeof S.TranslationProviderInfo>;

/** Which provider serves which language pair; only these pairs are offered. */
export type TranslationOffers = Static<typeof S.TranslationOffers>;

export const VIDEO_SUBCATEGORIES = ['broadcast', 'podcast', 'learning_resources'] as const;
export type VideoSubcategory = (typeof VIDEO_SUBCATEGORIES)[number];

export type ContentType = Static<typeof S.ContentType>;
export type DisplayContentType = ContentType | 'image' | 'bot-content' | string;

/** Translation request state kept on an item; the translation worker picks `requested`. */
export type TranslationState = Static<typeof S.TranslationState>;
export type TranslationInfo = Static<typeof S.TranslationInfo>;

export type MessageParams = Static<typeof S.MessageParams>;
/** A text as a code (core/messages.ts) with parameters, for wording in the reader's language. */
export type Coded = Static<typeof S.Coded>;

/** Review of an item before it may reach the public (core/governance). Absent on records made before review existed: pending. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** Who may see an item: anyone (once approved and not expired) or signed-in staff only. */
export const AUDIENCES = ['public', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Why an item is not public, or 'public' (core/governance/visibility.ts decides). */
export type Visibility = Static<typeof S.Visibility>;

/** The review, audience and expiry of an item (documents, presentations, videos, content rows). */
export type Governed = Static<typeof S.Governed>;

/** One version of an item's file (core/governance/versions.ts). */
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
/** Website sources (core/sync/site-runs.ts). */
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
/** Why a job failed: the AppError code and its human message, and the reason as a code with parameters (core/messages.ts). */
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
