import { Type } from 'typebox';
import { TRANSLATION_LANGUAGES } from './values';
import { Bool, Coded, CodedPart, DateTime, Int, IntOrNull, MessageParams, Nullable, Num, Opt, Str, StrOrNull } from './common';
import { ContentType, VideoFile, VideoOptions } from './items';

/**
 * The shapes of the assistants (spec section 3 and 7: chat messages, replies,
 * citations, hand-offs), of jobs, translations and health, defined once like
 * ./items.ts.
 */

/** Public chat message as the server returns it (spec section 3). */
export const PublicChatMessage = Type.Object({
  id: Str(),
  referenceId: Str(),
  role: Type.Enum(['user', 'bot'] as const),
  message: Str(),
  /** For media replies: JSON string of MediaOutput. */
  output: Nullable(Str({ description: 'For media replies: the MediaOutput as a JSON string' })),
  file: StrOrNull(),
  contentType: Nullable(Type.Enum(['presentation', 'video', 'document', 'other'] as const)),
  dateTime: DateTime(),
  userLanguage: Str(),
});

const mediaOutput = {
  title: Str(), isTranslated: Bool(), isOriginal: Bool(), downloadable: Bool(), filePath: Str(),
  /** A cited video moment: the frame taken at the cited cue (its public URL). */
  frame: Opt(Str({ description: 'A cited video moment: the frame taken at the cited cue' })),
};
export const MediaOutput = Type.Object(mediaOutput);

export const Citation = Type.Object({
  itemType: ContentType,
  itemId: Int(),
  title: Str(),
  page: IntOrNull(),
  slide: IntOrNull(),
  /** Videos: the cited time range (seconds) and a link to the video at its start (`#t=12`). */
  startSec: Opt(Num()),
  endSec: Opt(Num()),
  url: Opt(Str()),
  /** Videos: quoted from an offline low-confidence transcript. */
  lowConfidence: Opt(Bool()),
  /** When the passage is from a translation: its language and the translated file's download path. */
  translation: Opt(Nullable(Type.Object({ language: Str(), filePath: Str() }))),
  /** The viewer at the cited page, slide or time with the quoted words lit (`/view/document/12?page=3&q=...`). */
  viewerUrl: Opt(Str()),
  /** Signed-in answers only: why the source is not public (pending, rejected, staff, expired); absent when it is public. */
  visibility: Opt(Type.Enum(['pending', 'rejected', 'staff', 'expired', 'processing', 'archived'] as const,
    { description: 'Signed-in answers only: why this source is not public' })),
});

/**
 * A passage that may help when no answer is stated: where it is (the same fields as a citation, `start` in seconds
 * for a video), what it says (`excerpt`), where the question's words are in it (`marks`: [start, end) character
 * offsets into `excerpt`), and a link that opens it (a PDF at its page, a video at its time, a deck or file as is).
 */
export const RelatedPassage = Type.Object({
  itemType: ContentType,
  itemId: Int(),
  title: Str(),
  page: IntOrNull(),
  slide: IntOrNull(),
  start: Nullable(Num()),
  excerpt: Str(),
  marks: Type.Array(Type.Tuple([Int(), Int()])),
  url: Opt(Str()),
  /** The viewer at this place with the question's words lit (`/view/document/12?page=3&q=...`, core/features/content/viewer-url.ts). */
  viewerUrl: Opt(Str()),
});

/** Reply of POST /api/bot/chat. */
export const ChatBotReply = Type.Object({
  message: Str(),
  language: Str(),
  mediaItem: Nullable(Type.Object({ ...mediaOutput, contentType: Type.Enum(['presentation', 'video', 'document'] as const), id: Int() })),
  /** Id to rate this answer by (POST /api/bot/feedback); absent when analytics is off. */
  answerId: Opt(Str()),
  /** True when the assistant offers to pass the question on to a person (it could not answer, or the visitor asked for one). */
  handoff: Opt(Bool({ description: 'True when the assistant offers to pass the question on to a person' })),
  /** When it could not answer: passages that may help ("These pages may help"), as the document-search bot gives them. */
  related: Opt(Type.Array(RelatedPassage, { description: 'When no answer was found: passages that may help; not an answer' })),
  /** The answer's sources (also named in the message's "Sources:" line), each with its viewerUrl opening the passage. */
  citations: Opt(Type.Array(Citation, { description: "The answer's sources, each opening the passage in the viewer" })),
});


/** A highlight over a page image: fractions (0..1) of the page's width and height, from its top-left corner. */
export const ViewerBox = Type.Object({ x: Num(), y: Num(), w: Num(), h: Num() });

/**
 * What the source viewer shows (GET /api/view/:type/:id, core/features/content/viewer.ts): the file at a page (its image and
 * the boxes of the quoted words on it), a slide (its image), a DOCX paragraph or a video at its time (the cue), with
 * the quoted text as text (`marks`: [start, end) offsets of the quoted words in `text`).
 */
export const ViewerData = Type.Object({
  itemType: ContentType,
  itemId: Int(),
  title: Str(),
  /** The original file (download). */
  fileUrl: StrOrNull(),
  page: IntOrNull(),
  pageCount: IntOrNull(),
  slide: IntOrNull(),
  /** The page or slide picture; null when there is none (a DOCX, a video). */
  image: StrOrNull(),
  boxes: Type.Array(ViewerBox),
  text: Str(),
  marks: Type.Array(Type.Tuple([Int(), Int()])),
  /** Videos: the file, the time asked for and the cue shown (seconds). */
  video: Nullable(Type.Object({ url: Str(), time: Num(), start: Nullable(Num()), end: Nullable(Num()) })),
});

/** Reply of POST /api/bot/rag-query. */
export const RetrievalReply = Type.Object({
  answer: Str(),
  timestamp: DateTime(),
  sourceImages: Type.Array(Str()),
  detectedLanguage: Str(),
  citations: Type.Array(Citation),
  /** 'llm' when Anthropic wrote it, 'extractive' for the offline answerer. */
  mode: Type.Enum(['llm', 'extractive'] as const),
  /** True when the documents do not contain the answer. */
  notFound: Bool(),
  /** With notFound: up to 3 passages that may help ("These pages may help"), visibly not an answer; citations stay empty. */
  related: Opt(Type.Array(RelatedPassage, { description: 'With notFound: up to 3 passages that may help; not an answer' })),
  /** Id to rate this answer by (POST /api/bot/feedback); absent when analytics is off. */
  answerId: Opt(Str()),
  /** Model answers: set when the model's answer named a figure, model number, price, URL or phone number not in the cited passages and was replaced by the extractive answer. */
  grounding: Opt(Type.Object({ replaced: Type.Literal(true), missing: Type.Array(Str()) },
    { description: 'Set when a model answer named a figure not in its passages and was replaced by the extractive answer' })),
});

/** One turn of the document-search conversation, remembered per referenceId. */
export const RagTurn = Type.Object({
  id: Int(),
  referenceId: Str(),
  role: Type.Enum(['user', 'bot'] as const),
  content: Str(),
  timestamp: Str(),
  detectedLanguage: StrOrNull(),
  sourceImages: Type.Array(Str()),
});

const channel = Type.Enum(['chat', 'widget'] as const);

/** A visitor's request to be contacted by a person, left in the public assistant (/chat or the widget). */
export const HandoffRequest = Type.Object({
  id: Int(),
  /** The public conversation it came from (its messages are attached). */
  referenceId: Str(),
  channel,
  name: Str(),
  email: StrOrNull(),
  phone: StrOrNull(),
  /** What the visitor asked (their last question, or what they wrote in the form). */
  question: Str(),
  language: Str(),
  /** The visitor agreed to be contacted and to have the conversation kept with the request. */
  consent: Type.Literal(true),
  /** The conversation as it was when the request was left, oldest first. */
  conversation: Type.Array(Type.Object({ role: Type.Enum(['user', 'bot'] as const), text: Str(), at: Str() })),
  status: Type.Enum(['open', 'handled'] as const),
  createdAt: Str(),
  handledAt: StrOrNull(),
  /** Delivery to HANDOFF_WEBHOOK_URL: 'off' when none is configured. */
  webhook: Type.Object({ state: Type.Enum(['off', 'pending', 'sent', 'failed'] as const), attempts: Int(), error: StrOrNull() }),
});

/** What the visitor sends: a name, an e-mail address or a phone number (at least one), and consent. */
export const HandoffInput = Type.Object({
  referenceId: Str(),
  name: Str(),
  email: Opt(StrOrNull()),
  phone: Opt(StrOrNull()),
  question: Opt(StrOrNull()),
  consent: Bool(),
  channel: Opt(channel),
  language: Opt(StrOrNull()),
});

const Language = Type.Enum(TRANSLATION_LANGUAGES);
export const TranslationRecordState = Type.Enum(['queued', 'running', 'completed', 'failed'] as const);

/** Where one translation of an item is (one record per item and target language). */
export const TranslationRecord = Type.Object({
  id: Int(),
  itemType: ContentType,
  itemId: Int(),
  targetLanguage: Language,
  /** Product language of the original, once known. */
  sourceLanguage: Nullable(Language),
  state: TranslationRecordState,
  /** Segments translated (from memory or a provider) out of all segments. */
  progress: Type.Object({ done: Int(), total: Int() }),
  /** 'anthropic' or 'apertium' once chosen. */
  provider: StrOrNull(),
  model: StrOrNull(),
  /** 'machine' marks lower-quality rule-based translation (Apertium). */
  quality: Nullable(Type.Enum(['llm', 'machine'] as const)),
  /** Characters sent to the provider (memory hits are free). */
  characters: Int(),
  requests: Int(),
  memoryHits: Int(),
  /** ObjectStore key of the translated file, once completed. */
  fileKey: StrOrNull(),
  fileName: StrOrNull(),
  fileSize: IntOrNull(),
  /** Public download path of the translated file. */
  filePath: StrOrNull(),
  error: StrOrNull(),
  /** The error as a code with parameters (core/foundation/messages.ts), when core knows one: each console words it in its language. */
  errorCode: Opt(Nullable(Coded)),
  /** Pages or slides that could not be laid out as the original, and why (`code`: the reason as a code, when known). */
  warnings: Type.Array(Type.Object({ unit: IntOrNull(), message: Str(), code: Opt(Coded) })),
  jobId: IntOrNull(),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  startedAt: StrOrNull(),
  finishedAt: StrOrNull(),
  /** Videos: how the translated video is made (soft or burned subtitles, dubbed or not). */
  options: Opt(Nullable(VideoOptions)),
  /** Videos: public path of the translated WebVTT. */
  subtitlesPath: Opt(StrOrNull()),
  /** Videos: the translated MP4 of each kind of subtitles made (soft and burned can both exist); `fileKey` is the latest. */
  videoFiles: Opt(Type.Array(VideoFile)),
});

/** One translation provider and what it serves (GET /api/translation-offers). */
export const TranslationProviderInfo = Type.Object({
  /** 'anthropic', 'openai' or 'apertium'. */
  id: Str(),
  quality: Type.Enum(['llm', 'machine'] as const),
  available: Bool(),
  /** How many language pairs it serves (a pair served by a preferred provider counts for that one). */
  pairs: Int(),
  /** Why it is not available (English), null when it is. */
  reason: StrOrNull(),
});

/** Which provider serves which language pair; only these pairs are offered. */
export const TranslationOffers = Type.Object({
  providers: Type.Array(TranslationProviderInfo),
  pairs: Type.Array(Type.Object({ source: Language, target: Language, provider: Str(), quality: Type.Enum(['llm', 'machine'] as const), model: Str() })),
  /** How to add a model when none is configured (a coded message), else null. */
  hint: Nullable(Type.Object({ code: Str(), params: MessageParams, text: Str() })),
}, { description: 'The translation providers offered and the language pairs each serves' });

/** Kinds of work on an item: ingest now; translation (one per target language) and video transcription next. */
export const JobKind = Type.Enum(['ingest', 'translate', 'transcribe'] as const);
export const JobState = Type.Enum(['queued', 'running', 'done', 'failed'] as const);
/** Where a job is: a code (for wording in any language), its parameters, and the English text. */
export const JobStep = Type.Object({ code: Str(), params: MessageParams, text: Str(), parts: Opt(Type.Array(CodedPart)) });
/** Why a job failed: the AppError code and its human message, and the reason as a code with parameters (core/foundation/messages.ts). */
export const JobError = Type.Object({ code: Str(), message: Str(), reason: Opt(Coded) });
export const Job = Type.Object({
  id: Int(),
  kind: JobKind,
  itemType: ContentType,
  itemId: Int(),
  /** What the job was asked to do, e.g. { targetLanguage, options } for `translate`. */
  params: Type.Record(Str(), Type.Unknown()),
  state: JobState,
  /** 0..100 */
  progress: Num(),
  step: Nullable(JobStep),
  attempts: Int(),
  error: Nullable(JobError),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  startedAt: StrOrNull(),
  finishedAt: StrOrNull(),
});

const okDetail = () => Type.Object({ ok: Bool(), detail: Str() });
export const HealthReport = Type.Object({
  status: Type.Enum(['ok', 'degraded'] as const),
  version: Str(),
  node: Str(),
  services: Type.Object({
    catalog: okDetail(),
    storage: Type.Object({ ok: Bool(), kind: Type.Enum(['local', 's3'] as const), detail: Str() }),
    search: okDetail(),
    /** Free space of the data folder against MIN_FREE_MB. */
    disk: Opt(okDetail()),
    llm: Type.Object({ configured: Bool(), model: StrOrNull() }),
    /** How extraction tools are confined (core/foundation/tools/sandbox.ts). */
    tools: Opt(Type.Object({ network: Type.Enum(['none', 'host'] as const), diesWithParent: Bool(), memoryCeilingMb: Nullable(Num()) })),
  }),
});
