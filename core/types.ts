/**
 * The shapes of spec section 3, defined once. Server, CLI and web import
 * these (web with `import type`). Fields beyond the spec (progress, step,
 * error, file keys, sha256, translation) are what the pipeline records.
 */

export const ITEM_STATUSES = [
  'pending', 'processing', 'extracting', 'analyzing', 'converting',
  'completed', 'failed', 'rejected', 'approved',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Statuses that mean "work is under way" (spinner in the UI). */
export const RUNNING_STATUSES: readonly ItemStatus[] = ['pending', 'processing', 'extracting', 'analyzing', 'converting'];

export const TRANSLATION_LANGUAGES = [
  'english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'chinese',
  'japanese', 'korean', 'arabic', 'hebrew', 'russian', 'dutch', 'polish',
  'swedish', 'norwegian', 'danish',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** One translation provider and what it serves (GET /api/translation-offers). */
export interface TranslationProviderInfo {
  /** 'anthropic', 'openai' or 'apertium'. */
  id: string;
  quality: 'llm' | 'machine';
  available: boolean;
  /** How many language pairs it serves (a pair served by a preferred provider counts for that one). */
  pairs: number;
  /** Why it is not available (English), null when it is. */
  reason: string | null;
}

/** Which provider serves which language pair; only these pairs are offered. */
export interface TranslationOffers {
  providers: TranslationProviderInfo[];
  pairs: Array<{ source: TranslationLanguage; target: TranslationLanguage; provider: string; quality: 'llm' | 'machine'; model: string }>;
  /** How to add a model when none is configured (a coded message), else null. */
  hint: { code: string; params: Record<string, string | number>; text: string } | null;
}

export const VIDEO_SUBCATEGORIES = ['broadcast', 'podcast', 'learning_resources'] as const;
export type VideoSubcategory = (typeof VIDEO_SUBCATEGORIES)[number];

export type ContentType = 'document' | 'presentation' | 'video';
export type DisplayContentType = ContentType | 'image' | 'bot-content' | string;

/** Translation request state kept on an item; the translation worker picks `requested`. */
export type TranslationState = 'none' | 'requested' | 'in_progress' | 'completed' | 'failed' | 'not_configured';
export interface TranslationInfo {
  state: TranslationState;
  targetLanguage: string | null;
  fileKey: string | null;
  error: string | null;
}

export type MessageParams = Record<string, string | number>;
/** A text as a code (core/messages.ts) with parameters, for wording in the reader's language. */
export interface Coded {
  code: string;
  params: MessageParams;
}

/** Review of an item before it may reach the public (core/governance). Absent on records made before review existed: pending. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** Who may see an item: anyone (once approved and not expired) or signed-in staff only. */
export const AUDIENCES = ['public', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Why an item is not public, or 'public' (core/governance/visibility.ts decides). */
export type Visibility = 'public' | 'pending' | 'rejected' | 'staff' | 'expired' | 'processing' | 'archived';

/** The review, audience and expiry of an item (documents, presentations, videos, content rows). */
export interface Governed {
  /** Absent on old records: treated as pending. */
  review?: ReviewState;
  approvedDate?: string | null;
  /** Who approved it (a user name, or "auto" for AUTO_APPROVE). */
  approvedBy?: string | null;
  /** Why it was rejected. */
  reviewNote?: string | null;
  reviewedAt?: string | null;
  reviewedBy?: string | null;
  /** Absent: public. */
  audience?: Audience;
  /** ISO date-time after which the item leaves public answers and downloads. */
  validUntil?: string | null;
  /** When the passing of validUntil was recorded in the audit log (core/governance/expiry.ts). */
  expiryRecordedAt?: string | null;
  /** Set when the item was archived (its file left the synced folder): never public, listed as archived. */
  archivedAt?: string | null;
}

/** One version of an item's file (core/governance/versions.ts). */
export interface ItemVersion {
  /** 1, 2, 3... in the order the versions arrived. */
  n: number;
  fileName: string;
  fileType: string;
  fileSize: number;
  sha256: string | null;
  createdAt: string;
  createdBy: string;
  /** live: what is served now; pending: processing or waiting for review; superseded: an earlier live version; rejected; failed (its processing failed). */
  state: 'live' | 'pending' | 'superseded' | 'rejected' | 'failed';
  /** When it went live, and who approved it. */
  liveAt?: string | null;
  approvedBy?: string | null;
  note?: string | null;
  /** A restore: the version whose file this is. */
  restoredFrom?: number | null;
}

/** Where a synced item came from (`cms sync`): its path relative to the folder, and the file as last seen. */
export interface SyncSource {
  path: string;
  sha256: string;
  size: number;
  mtimeMs: number;
}

/** Versions, sync and drafts: fields an ingested item may carry. */
export interface Versioned {
  /** Every version of the file, oldest first; absent until the first replacement. */
  versions?: ItemVersion[];
  /** The new version being processed or waiting for review (its hidden draft record's id). */
  pendingVersion?: { n: number; draftId: number | null; approved: boolean } | null;
  /** On a draft record only: the item this is a new version of. A draft is never listed and never public by itself. */
  versionOf?: number | null;
  syncSource?: SyncSource | null;
}

/** Fields every ingested item carries for the pipeline. */
export interface Processing extends Governed, Versioned {
  status: ItemStatus;
  /** 0..100 */
  progress: number;
  /** Human label of the current step, e.g. "Extracting page 12 of 200". */
  step: string | null;
  /** The step as a code with parameters (absent on records written before codes). */
  stepCode?: Coded | null;
  /** Why it failed, when status is `failed`. */
  error: string | null;
  /** The failure reason as a code with parameters. */
  errorCode?: Coded | null;
  /** A note on a completed item, e.g. that nothing in it is searchable (pictures only). */
  notice?: string | null;
  sha256: string | null;
  fileName: string;
  fileType: string;
  fileSize: number;
  /** ObjectStore key of the original upload. */
  fileKey: string;
  translation: TranslationInfo;
  updatedAt: string;
}

export interface Document extends Processing {
  id: number;
  title: string;
  description: string;
  sourceLanguage: string | null;
  languageto: string | null;
  needsTranslation: boolean;
  categoryId: number | null;
  approvedDate: string | null;
  createdAt: string;
  pageCount: number | null;
  chunkCount: number;
  imageCount: number;
}

export interface Presentation extends Processing {
  id: number;
  label: string;
  description: string;
  slideCount: number | null;
  sourceLanguage: string | null;
  languageto: string | null;
  categoryId: number | null;
  createdAt: string;
  chunkCount: number;
  imageCount: number;
}

export interface Video extends Processing {
  id: number;
  label: string;
  subcategory: VideoSubcategory;
  duration: number | null;
  description: string;
  sourceLanguage: string | null;
  languageto: string | null;
  needsTranslation: boolean;
  hasSpeech: boolean;
  createdAt: string;
  /** Public path of the original, e.g. /uploads/videos/original_files/12_demo.mp4 */
  originalFilePath: string;
  translatedFilePath: string | null;
  thumbnailKey: string | null;
  /** Speech to text of the video (written by its `transcribe` job); absent on records made before it existed. */
  transcript?: VideoTranscript | null;
  /** How translations of this video are made unless a request says otherwise. */
  videoOptions?: VideoOptions;
}

export type SubtitleMode = 'soft' | 'burned';
export interface VideoOptions {
  /** Soft (a subtitle track, default) or burned into the picture. */
  subtitles: SubtitleMode;
  /** A dubbed sound track (espeak-ng voice) in the target language; the original sound is kept. */
  dub: boolean;
}

/** GET /api/videos/{id}/transcript: the transcript state, its cues, and the video's translated versions. */
export interface VideoTranscriptView {
  transcript: VideoTranscript | null;
  cues: Array<{ id: string; start: number; end: number; text: string }>;
  /** Public path of the original-language WebVTT (null without a transcript). */
  vttPath: string | null;
  /** The same cues as SubRip (SRT). */
  srtPath?: string | null;
  /** The transcript as first transcribed, when it was edited since (the editor's "original"). */
  original?: Array<{ id: string; start: number; end: number; text: string }> | null;
  versions: VideoVersion[];
}

/** A translated version of a video (from its translation record). */
export interface VideoVersion {
  /** The translation record's id. */
  id: number;
  targetLanguage: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  error: string | null;
  /** The translated MP4 (soft subtitles inside; burned and dubbed when asked). */
  filePath: string | null;
  fileName: string | null;
  /** The translated WebVTT. */
  subtitlesPath: string | null;
  /** The translated subtitles as SubRip (SRT). */
  subtitlesSrtPath?: string | null;
  options: VideoOptions;
}

export type VideoTranscriptState = 'pending' | 'running' | 'completed' | 'none' | 'failed';
export interface VideoTranscript {
  state: VideoTranscriptState;
  /** Why there is none (no speech, silence, no transcriber for the language) or the low-confidence label. */
  note: string | null;
  /** The note as a code with parameters, when core knows one (the low-confidence label). */
  noteCode?: Coded | null;
  error: string | null;
  /** Product language of the speech, e.g. 'english'. */
  language: string | null;
  /** 'pocketsphinx' or 'openai-compatible:MODEL'. */
  provider: string | null;
  /** 'low' for offline pocketsphinx: shown and quoted as low confidence. */
  quality: 'low' | 'normal' | null;
  segmentCount: number;
  chunkCount: number;
  /** Public path of the WebVTT file. */
  vttPath: string | null;
  /** "About 40 seconds of processing for this video (1 minute long)." */
  estimate: string | null;
  updatedAt: string;
  /** Which part of the job failed ('transcribe', 'frames', 'index'): a retry redoes that part, reusing a kept transcript. */
  failedStep?: 'transcribe' | 'frames' | 'index' | null;
  /** 'detected' when the endpoint was not told the language and named it itself. */
  languageSource?: 'upload' | 'detected' | 'requested' | null;
  /** True when the times are spread over the sound (the endpoint gave text without times). */
  approximate?: boolean;
  /** Seconds of speech found by speech detection (null before it ran). */
  speechSec?: number | null;
  /** Version of the transcript: 1 for the first transcription, more after each edit or new transcription. */
  version?: number;
  /** 'transcribed' or 'edited' (the console's transcript editor). */
  origin?: 'transcribed' | 'edited';
}

/** The generic content list row (GET /api/content). */
export interface ContentItem extends Governed {
  id: number;
  type: DisplayContentType;
  title: string;
  status: ItemStatus | string;
  fileName: string;
  fileType: string;
  fileSize: number;
  uploadDate: string;
  approvedDate: string | null;
  needsTranslation: boolean;
  description: string;
  progress?: number;
  step?: string | null;
  stepCode?: Coded | null;
  error?: string | null;
  errorCode?: Coded | null;
  category?: string | null;
  tags?: string[];
  /** Whether anonymous callers see it now, or why not (core/governance/visibility.ts). */
  visibility?: Visibility;
  /** A new version of the file waiting for processing or review (the live one is served meanwhile). */
  pendingVersion?: { n: number; fileName: string; status: string } | null;
  /** How many versions the file has had (absent: one). */
  versionCount?: number;
}

/** Which items a review list shows. */
export const REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'expired', 'staff', 'archived', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface Category {
  id: number;
  name: string;
  description: string;
  createdDate: string;
  isActive: boolean;
}

export interface BotImage {
  id: number;
  /** Public URL of the image bytes. */
  image: string;
  imageKey: string;
  documentId: number | null;
  documentTitle: string | null;
  /** Page of the source document the image came from. */
  page: number | null;
  description: string;
  tags: string[];
  createdAt: string;
  /** Repeated across pages (a header logo): stored once, never a source image of an answer. */
  decorative?: boolean;
}

export interface PresentationImage {
  id: number;
  /** Public path of the image bytes. */
  image: string;
  imageKey: string;
  presentationId: number | null;
  presentationTitle: string | null;
  /** Slide number (1-based) for slide renders and embedded images. */
  slide: number | null;
  kind: 'slide' | 'embedded';
  tags: string[];
  description: string;
  uploadedAt: string;
  /** Repeated across slides (a logo, a background): stored once, never a source image of an answer. */
  decorative?: boolean;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: string;
  storageClass: string;
  /** The name a download is saved under when it differs from the key's last part (a translation: "<title> (<language>).<ext>"). */
  downloadName?: string;
}

export interface StorageStats {
  totalFiles: number;
  totalSize: number;
  folderCounts: Record<string, number>;
}

export interface DashboardMetrics {
  totalDocuments: number;
  totalVideos: number;
  totalPresentations: number;
  pendingApprovals: number;
  botResponses: number;
  totalImages: number;
  botImages: number;
  presentationImages: number;
}

/** Public chat message as the server returns it (spec section 3). */
export interface PublicChatMessage {
  id: string;
  referenceId: string;
  /** 'user' or 'bot' */
  role: 'user' | 'bot';
  message: string;
  /** For media replies: JSON string of MediaOutput. */
  output: string | null;
  file: string | null;
  contentType: 'presentation' | 'video' | 'document' | 'other' | null;
  dateTime: string;
  userLanguage: string;
}

export interface MediaOutput {
  title: string;
  isTranslated: boolean;
  isOriginal: boolean;
  downloadable: boolean;
  filePath: string;
}

/** Reply of POST /api/bot/chat. */
export interface ChatBotReply {
  message: string;
  language: string;
  mediaItem: (MediaOutput & { contentType: 'presentation' | 'video' | 'document'; id: number }) | null;
  /** Id to rate this answer by (POST /api/bot/feedback); absent when analytics is off. */
  answerId?: string;
  /** True when the assistant offers to pass the question on to a person (it could not answer, or the visitor asked for one). */
  handoff?: boolean;
}

export interface Citation {
  itemType: ContentType;
  itemId: number;
  title: string;
  page: number | null;
  slide: number | null;
  /** Videos: the cited time range (seconds) and a link to the video at its start (`#t=12`). */
  startSec?: number;
  endSec?: number;
  url?: string;
  /** Videos: quoted from an offline low-confidence transcript. */
  lowConfidence?: boolean;
  /** When the passage is from a translation: its language and the translated file's download path. */
  translation?: { language: string; filePath: string } | null;
  /** Signed-in answers only: why the source is not public (pending, rejected, staff, expired); absent when it is public. */
  visibility?: Exclude<Visibility, 'public'>;
}

/** Reply of POST /api/bot/rag-query. */
export interface RetrievalReply {
  answer: string;
  timestamp: string;
  sourceImages: string[];
  detectedLanguage: string;
  citations: Citation[];
  /** 'llm' when Anthropic wrote it, 'extractive' for the offline answerer. */
  mode: 'llm' | 'extractive';
  /** True when the documents do not contain the answer. */
  notFound: boolean;
  /** Id to rate this answer by (POST /api/bot/feedback); absent when analytics is off. */
  answerId?: string;
  /** Model answers: set when the model's answer named a figure, model number, price, URL or phone number not in the cited passages and was replaced by the extractive answer. */
  grounding?: { replaced: true; missing: string[] };
}

/** Where one translation of an item is (one record per item and target language). */
export type TranslationRecordState = 'queued' | 'running' | 'completed' | 'failed';
export interface TranslationRecord {
  id: number;
  itemType: 'document' | 'presentation' | 'video';
  itemId: number;
  targetLanguage: TranslationLanguage;
  /** Product language of the original, once known. */
  sourceLanguage: TranslationLanguage | null;
  state: TranslationRecordState;
  /** Segments translated (from memory or a provider) out of all segments. */
  progress: { done: number; total: number };
  /** 'anthropic' or 'apertium' once chosen. */
  provider: string | null;
  model: string | null;
  /** 'machine' marks lower-quality rule-based translation (Apertium). */
  quality: 'llm' | 'machine' | null;
  /** Characters sent to the provider (memory hits are free). */
  characters: number;
  requests: number;
  memoryHits: number;
  /** ObjectStore key of the translated file, once completed. */
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  /** Public download path of the translated file. */
  filePath: string | null;
  error: string | null;
  /** The error as a code with parameters (core/messages.ts), when core knows one: each console words it in its language. */
  errorCode?: Coded | null;
  /** Pages or slides that could not be laid out as the original, and why (`code`: the reason as a code, when known). */
  warnings: Array<{ unit: number | null; message: string; code?: Coded }>;
  jobId: number | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Videos: how the translated video is made (soft or burned subtitles, dubbed or not). */
  options?: VideoOptions | null;
  /** Videos: public path of the translated WebVTT. */
  subtitlesPath?: string | null;
}

/** Kinds of work on an item: ingest now; translation (one per target language) and video transcription next. */
export type JobKind = 'ingest' | 'translate' | 'transcribe';
export type JobState = 'queued' | 'running' | 'done' | 'failed';
/** Where a job is: a code (for wording in any language), its parameters, and the English text. */
export interface JobStep {
  code: string;
  params: Record<string, string | number>;
  text: string;
}
/** Why a job failed: the AppError code and its human message, and the reason as a code with parameters (core/messages.ts). */
export interface JobError {
  code: string;
  message: string;
  reason?: Coded;
}
export interface Job {
  id: number;
  kind: JobKind;
  itemType: ContentType;
  itemId: number;
  /** What the job was asked to do, e.g. { targetLanguage, options } for `translate`. */
  params: Record<string, unknown>;
  state: JobState;
  /** 0..100 */
  progress: number;
  step: JobStep | null;
  attempts: number;
  error: JobError | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  version: string;
  node: string;
  services: {
    catalog: { ok: boolean; detail: string };
    storage: { ok: boolean; kind: 'local' | 's3'; detail: string };
    search: { ok: boolean; detail: string };
    /** Free space of the data folder against MIN_FREE_MB. */
    disk?: { ok: boolean; detail: string };
    llm: { configured: boolean; model: string | null };
    /** How extraction tools are confined (core/tools/sandbox.ts). */
    tools?: { network: 'none' | 'host'; diesWithParent: boolean; memoryCeilingMb: number | null };
  };
}

/** Error body of every failed API call. */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** The message as a code with parameters (core/messages.ts), when the error carries one. */
  coded?: Coded;
}

/** One turn of the document-search conversation, remembered per referenceId. */
export interface RagTurn {
  id: number;
  referenceId: string;
  role: 'user' | 'bot';
  content: string;
  timestamp: string;
  detectedLanguage: string | null;
  sourceImages: string[];
}

/** A visitor's request to be contacted by a person, left in the public assistant (/chat or the widget). */
export interface HandoffRequest {
  id: number;
  /** The public conversation it came from (its messages are attached). */
  referenceId: string;
  channel: 'chat' | 'widget';
  name: string;
  email: string | null;
  phone: string | null;
  /** What the visitor asked (their last question, or what they wrote in the form). */
  question: string;
  language: string;
  /** The visitor agreed to be contacted and to have the conversation kept with the request. */
  consent: true;
  /** The conversation as it was when the request was left, oldest first. */
  conversation: Array<{ role: 'user' | 'bot'; text: string; at: string }>;
  status: 'open' | 'handled';
  createdAt: string;
  handledAt: string | null;
  /** Delivery to HANDOFF_WEBHOOK_URL: 'off' when none is configured. */
  webhook: { state: 'off' | 'pending' | 'sent' | 'failed'; attempts: number; error: string | null };
}

/** What the visitor sends: a name, an e-mail address or a phone number (at least one), and consent. */
export interface HandoffInput {
  referenceId: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  question?: string | null;
  consent: boolean;
  channel?: 'chat' | 'widget';
  language?: string | null;
}
