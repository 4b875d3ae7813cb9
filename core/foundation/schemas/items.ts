import { Type } from 'typebox';
import { AUDIENCES, ITEM_STATUSES, REVIEW_STATES, VIDEO_SUBCATEGORIES } from './values';
import { Bool, Coded, DateTime, Int, IntOrNull, Nullable, Num, Opt, Str, StrOrNull } from './common';

/**
 * The content shapes of spec section 3 (documents, presentations, videos,
 * list rows, images, storage), defined once: core/foundation/types.ts exports their
 * TypeScript types (Static<>), the routes and the OpenAPI document use them
 * as JSON Schemas. Objects stay open to additive fields.
 */

const ContentTypeEnum = Type.Enum(['document', 'presentation', 'video'] as const);
export const ContentType = ContentTypeEnum;
export const Visibility = Type.Enum(['public', 'pending', 'rejected', 'staff', 'expired', 'processing', 'archived'] as const,
  { description: 'Whether anonymous callers see it now, or why not' });

/** Translation request state kept on an item; the translation worker picks `requested`. */
export const TranslationState = Type.Enum(['none', 'requested', 'in_progress', 'completed', 'failed', 'not_configured'] as const);
export const TranslationInfo = Type.Object({ state: TranslationState, targetLanguage: StrOrNull(), fileKey: StrOrNull(), error: StrOrNull() });

/** The review, audience and expiry of an item (core/features/governance; docs/governance.md). */
const governed = {
  /** Absent on old records: treated as pending. */
  review: Opt(Type.Enum(REVIEW_STATES)),
  approvedDate: Opt(StrOrNull()),
  /** Who approved it (a user name, or "auto" for AUTO_APPROVE). */
  approvedBy: Opt(StrOrNull()),
  /** Why it was rejected. */
  reviewNote: Opt(StrOrNull()),
  reviewedAt: Opt(StrOrNull()),
  reviewedBy: Opt(StrOrNull()),
  /** Absent: public. */
  audience: Opt(Type.Enum(AUDIENCES)),
  /** ISO date-time after which the item leaves public answers and downloads. */
  validUntil: Opt(Nullable(Str({ description: 'A date (2027-01-31, to the end of that day UTC) or date-time' }))),
  /** When the passing of validUntil was recorded in the audit log (core/features/governance/expiry.ts). */
  expiryRecordedAt: Opt(StrOrNull()),
  /** Set when the item was archived (its file left the synced folder): never public, listed as archived. */
  archivedAt: Opt(StrOrNull()),
};
export const Governed = Type.Object(governed);

/** One version of an item's file (core/features/governance/versions.ts). */
export const ItemVersion = Type.Object({
  /** 1, 2, 3... in the order the versions arrived. */
  n: Int(),
  fileName: Str(),
  fileType: Str(),
  fileSize: Int(),
  sha256: StrOrNull(),
  createdAt: Str(),
  createdBy: Str(),
  /** live: what is served now; pending: processing or waiting for review; superseded: an earlier live version; rejected; failed (its processing failed). */
  state: Type.Enum(['live', 'pending', 'superseded', 'rejected', 'failed'] as const),
  /** When it went live, and who approved it. */
  liveAt: Opt(StrOrNull()),
  approvedBy: Opt(StrOrNull()),
  note: Opt(StrOrNull()),
  /** A restore: the version whose file this is. */
  restoredFrom: Opt(IntOrNull()),
});

/** Where a synced item came from (`cms sync`): its path relative to the folder, and the file as last seen. */
export const SyncSource = Type.Object({
  /** The synced folder as the sync named it (its absolute path on the machine that ran it). */
  root: Str(),
  path: Str(), sha256: Str(), size: Int(), mtimeMs: Num(),
  /** A page of a synced website (`cms sync <URL>`): the validators its server sent, asked back on the next run (conditional GET). */
  etag: Opt(Str()), lastModified: Opt(Str()),
});

/** Versions, sync and drafts: fields an ingested item may carry. */
const versioned = {
  /** Every version of the file, oldest first; absent until the first replacement. */
  versions: Opt(Type.Array(ItemVersion)),
  /** The new version being processed or waiting for review (its hidden draft record's id). */
  pendingVersion: Opt(Nullable(Type.Object({ n: Int(), draftId: IntOrNull(), approved: Bool() }))),
  /** On a draft record only: the item this is a new version of. A draft is never listed and never public by itself. */
  versionOf: Opt(IntOrNull()),
  syncSource: Opt(Nullable(SyncSource)),
};
export const Versioned = Type.Object(versioned);

/** Fields every ingested item carries for the pipeline. */
const processing = {
  ...governed,
  ...versioned,
  status: Type.Enum(ITEM_STATUSES),
  /** 0..100 */
  progress: Num({ minimum: 0, maximum: 100 }),
  /** Human label of the current step, e.g. "Extracting page 12 of 200". */
  step: StrOrNull(),
  /** The step as a code with parameters (absent on records written before codes). */
  stepCode: Opt(Nullable(Coded)),
  /** Why it failed, when status is `failed`. */
  error: StrOrNull(),
  /** The failure reason as a code with parameters. */
  errorCode: Opt(Nullable(Coded)),
  /** A note on a completed item, e.g. that nothing in it is searchable (pictures only). */
  notice: Opt(StrOrNull()),
  /** The notice as a code with parameters (core/foundation/messages.ts), for every console's language. */
  noticeCode: Opt(Nullable(Coded)),
  sha256: StrOrNull(),
  fileName: Str(),
  fileType: Str(),
  fileSize: Int(),
  /** ObjectStore key of the original upload. */
  fileKey: Str(),
  translation: TranslationInfo,
  updatedAt: DateTime(),
};
export const Processing = Type.Object(processing);

export const Document = Type.Object({
  ...processing,
  id: Int(),
  title: Str(),
  description: Str(),
  sourceLanguage: StrOrNull(),
  languageto: StrOrNull(),
  needsTranslation: Bool(),
  categoryId: IntOrNull(),
  approvedDate: StrOrNull(),
  createdAt: DateTime(),
  pageCount: IntOrNull(),
  chunkCount: Int(),
  imageCount: Int(),
});

export const Presentation = Type.Object({
  ...processing,
  id: Int(),
  label: Str(),
  description: Str(),
  slideCount: IntOrNull(),
  sourceLanguage: StrOrNull(),
  languageto: StrOrNull(),
  categoryId: IntOrNull(),
  createdAt: DateTime(),
  chunkCount: Int(),
  imageCount: Int(),
});

export const SubtitleMode = Type.Enum(['soft', 'burned'] as const);
export const VideoOptions = Type.Object({
  /** Soft (a subtitle track, default) or burned into the picture. */
  subtitles: SubtitleMode,
  /** A dubbed sound track (espeak-ng voice) in the target language; the original sound is kept. */
  dub: Bool(),
});

export const VideoTranscriptState = Type.Enum(['pending', 'running', 'completed', 'none', 'failed'] as const);
export const VideoTranscript = Type.Object({
  state: VideoTranscriptState,
  /** Why there is none (no speech, silence, no transcriber for the language) or the low-confidence label. */
  note: StrOrNull(),
  /** The note as a code with parameters, when core knows one (the low-confidence label). */
  noteCode: Opt(Nullable(Coded)),
  error: StrOrNull(),
  /** Product language of the speech, e.g. 'english'. */
  language: StrOrNull(),
  /** 'pocketsphinx' or 'openai-compatible:MODEL'. */
  provider: StrOrNull(),
  /** 'low' for offline pocketsphinx: shown and quoted as low confidence. */
  quality: Nullable(Type.Enum(['low', 'normal'] as const)),
  segmentCount: Int(),
  chunkCount: Int(),
  /** Public path of the WebVTT file. */
  vttPath: StrOrNull(),
  /** "About 40 seconds of processing for this video (1 minute long)." */
  estimate: StrOrNull(),
  /** The estimate in seconds (each console words it in its language). */
  estimateSec: Opt(Nullable(Num())),
  updatedAt: Str(),
  /** Which part of the job failed ('transcribe', 'frames', 'index'): a retry redoes that part, reusing a kept transcript. */
  failedStep: Opt(Nullable(Type.Enum(['transcribe', 'frames', 'index'] as const))),
  /** 'detected' when the endpoint was not told the language and named it itself. */
  languageSource: Opt(Nullable(Type.Enum(['upload', 'detected', 'requested'] as const))),
  /** True when the times are spread over the sound (the endpoint gave text without times). */
  approximate: Opt(Bool()),
  /** Seconds of speech found by speech detection (null before it ran). */
  speechSec: Opt(Nullable(Num())),
  /** Version of the transcript: 1 for the first transcription, more after each edit or new transcription. */
  version: Opt(Int()),
  /** 'transcribed' or 'edited' (the console's transcript editor). */
  origin: Opt(Type.Enum(['transcribed', 'edited'] as const)),
});

export const Video = Type.Object({
  ...processing,
  id: Int(),
  label: Str(),
  subcategory: Type.Enum(VIDEO_SUBCATEGORIES),
  duration: Nullable(Num()),
  description: Str(),
  sourceLanguage: StrOrNull(),
  languageto: StrOrNull(),
  needsTranslation: Bool(),
  hasSpeech: Bool(),
  createdAt: DateTime(),
  /** Public path of the original, e.g. /uploads/videos/original_files/12_demo.mp4 */
  originalFilePath: Str(),
  translatedFilePath: StrOrNull(),
  thumbnailKey: StrOrNull(),
  /** Speech to text of the video (written by its `transcribe` job); absent on records made before it existed. */
  transcript: Opt(Nullable(VideoTranscript)),
  /** How translations of this video are made unless a request says otherwise. */
  videoOptions: Opt(VideoOptions),
});

const Cue = Type.Object({ id: Str(), start: Num(), end: Num(), text: Str() });

/** One translated MP4 of a video in a language: soft and burned subtitles each have their own, made from the same transcript version. */
export const VideoFile = Type.Object({
  subtitles: SubtitleMode,
  dub: Bool(),
  fileKey: Str(),
  /** Public download path. */
  filePath: Str(),
  /** The transcript version it was made from (an older one is dropped when the transcript changes). */
  transcriptVersion: Int(),
});

/** A translated version of a video (from its translation record). */
export const VideoVersion = Type.Object({
  /** The translation record's id. */
  id: Int(),
  targetLanguage: Str(),
  state: Type.Enum(['queued', 'running', 'completed', 'failed'] as const),
  error: StrOrNull(),
  /** The translated MP4 (soft subtitles inside; burned and dubbed when asked). */
  filePath: StrOrNull(),
  fileName: StrOrNull(),
  /** The translated WebVTT. */
  subtitlesPath: StrOrNull(),
  /** The translated subtitles as SubRip (SRT). */
  subtitlesSrtPath: Opt(StrOrNull()),
  options: VideoOptions,
  /** Every translated MP4 of this language: soft and burned subtitles side by side once both were asked for. */
  files: Opt(Type.Array(VideoFile)),
}, { description: 'A translated version of the video' });

/** GET /api/videos/{id}/transcript: the transcript state, its cues, and the video's translated versions. */
export const VideoTranscriptView = Type.Object({
  transcript: Nullable(VideoTranscript),
  cues: Type.Array(Cue),
  /** Public path of the original-language WebVTT (null without a transcript). */
  vttPath: StrOrNull(),
  /** The same cues as SubRip (SRT). */
  srtPath: Opt(StrOrNull()),
  /** The transcript as first transcribed, when it was edited since (the editor's "original"). */
  original: Opt(Nullable(Type.Array(Cue, { description: 'The cues as first transcribed, once the transcript was edited' }))),
  versions: Type.Array(VideoVersion),
  /** Why the latest transcription failed, shown beside the last good transcript (whose cues and WebVTT stay). */
  error: Opt(StrOrNull()),
});

/** The generic content list row (GET /api/content). */
export const ContentItem = Type.Object({
  ...governed,
  id: Int(),
  /** document, presentation, video, image, bot-content, ... */
  type: Str(),
  title: Str(),
  status: Str(),
  fileName: Str(),
  fileType: Str(),
  fileSize: Int(),
  uploadDate: Str(),
  approvedDate: StrOrNull(),
  needsTranslation: Bool(),
  description: Str(),
  progress: Opt(Num()),
  step: Opt(StrOrNull()),
  stepCode: Opt(Nullable(Coded)),
  error: Opt(StrOrNull()),
  errorCode: Opt(Nullable(Coded)),
  category: Opt(StrOrNull()),
  tags: Opt(Type.Array(Str())),
  /** Whether anonymous callers see it now, or why not (core/features/governance/visibility.ts). */
  visibility: Opt(Visibility),
  /** A new version of the file waiting for processing or review (the live one is served meanwhile). */
  pendingVersion: Opt(Nullable(Type.Object({ n: Int(), fileName: Str(), status: Str() }))),
  /** How many versions the file has had (absent: one). */
  versionCount: Opt(Int()),
});

export const Category = Type.Object({ id: Int(), name: Str(), description: Str(), createdDate: Str(), isActive: Bool() });

export const BotImage = Type.Object({
  id: Int(),
  /** Public URL of the image bytes. */
  image: Str(),
  imageKey: Str(),
  documentId: IntOrNull(),
  documentTitle: StrOrNull(),
  /** Page of the source document the image came from. */
  page: IntOrNull(),
  description: Str(),
  tags: Type.Array(Str()),
  createdAt: DateTime(),
  /** Repeated across pages (a header logo): stored once, never a source image of an answer. */
  decorative: Opt(Bool()),
});

export const PresentationImage = Type.Object({
  id: Int(),
  /** Public path of the image bytes. */
  image: Str(),
  imageKey: Str(),
  presentationId: IntOrNull(),
  presentationTitle: StrOrNull(),
  /** Slide number (1-based) for slide renders and embedded images. */
  slide: IntOrNull(),
  kind: Type.Enum(['slide', 'embedded'] as const),
  tags: Type.Array(Str()),
  description: Str(),
  uploadedAt: DateTime(),
  /** Repeated across slides (a logo, a background): stored once, never a source image of an answer. */
  decorative: Opt(Bool()),
});

export const StoredObject = Type.Object({
  key: Str(),
  size: Int(),
  lastModified: Str(),
  storageClass: Str(),
  /** The name a download is saved under when it differs from the key's last part (a translation: "<title> (<language>).<ext>"). */
  downloadName: Opt(Str()),
});

export const StorageStats = Type.Object({ totalFiles: Int(), totalSize: Int(), folderCounts: Type.Record(Str(), Int()) });

export const DashboardMetrics = Type.Object({
  totalDocuments: Int(),
  totalVideos: Int(),
  totalPresentations: Int(),
  pendingApprovals: Int(),
  botResponses: Int(),
  totalImages: Int(),
  botImages: Int(),
  presentationImages: Int(),
});

/** A replaced or restored version: the item (as it is served now) and the new version. */
export const VersionResult = Type.Object({ type: ContentType, item: Type.Object({}), version: ItemVersion });
/** An item's id in a path. */
export const IdParams = Type.Object({ id: Int({ minimum: 1 }) });
