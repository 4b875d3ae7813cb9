/**
 * JSON Schemas of the API's bodies (the shapes of core/types.ts), for the
 * OpenAPI document. Objects list their fields and which are always present;
 * they stay open to additive fields.
 */

type Schema = Record<string, unknown>;

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

export const obj = (properties: Record<string, Schema>, optional: string[] = [], description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

export const ApiError = obj({ error: { type: 'string', description: 'Error code (validation, not_found, rate_limited, ...)' }, message: str }, [], 'Every failed call');

const translation = obj({ state: { type: 'string', enum: ['none', 'requested', 'in_progress', 'completed', 'failed', 'not_configured'] }, targetLanguage: strOrNull, fileKey: strOrNull, error: strOrNull });
const processing = {
  status: { type: 'string', enum: ['pending', 'processing', 'extracting', 'analyzing', 'converting', 'completed', 'failed', 'rejected', 'approved'] },
  progress: { type: 'number', minimum: 0, maximum: 100 }, step: strOrNull, error: strOrNull, sha256: strOrNull,
  fileName: str, fileType: str, fileSize: int, fileKey: str, translation, updatedAt: dateTime,
};

export const Document = obj({
  id: int, title: str, description: str, sourceLanguage: strOrNull, languageto: strOrNull, needsTranslation: bool, categoryId: intOrNull,
  approvedDate: strOrNull, createdAt: dateTime, pageCount: intOrNull, chunkCount: int, imageCount: int, ...processing,
}, ['sha256']);
export const Presentation = obj({
  id: int, label: str, description: str, slideCount: intOrNull, sourceLanguage: strOrNull, languageto: strOrNull, categoryId: intOrNull,
  createdAt: dateTime, chunkCount: int, imageCount: int, ...processing,
}, ['sha256']);
export const Video = obj({
  id: int, label: str, subcategory: { type: 'string', enum: ['broadcast', 'podcast', 'learning_resources'] }, duration: { type: ['number', 'null'] },
  description: str, sourceLanguage: strOrNull, languageto: strOrNull, needsTranslation: bool, hasSpeech: bool, createdAt: dateTime,
  originalFilePath: str, translatedFilePath: strOrNull, thumbnailKey: strOrNull, ...processing,
}, ['sha256']);
/** Review, audience and expiry of an item (core/governance; docs/governance.md). */
const governed = {
  review: { type: 'string', enum: ['pending', 'approved', 'rejected'] }, approvedBy: strOrNull, reviewNote: strOrNull, reviewedAt: strOrNull, reviewedBy: strOrNull,
  audience: { type: 'string', enum: ['public', 'staff'] }, validUntil: { ...strOrNull, description: 'A date (2027-01-31, to the end of that day UTC) or date-time' },
};
const visibility = { type: 'string', enum: ['public', 'pending', 'rejected', 'staff', 'expired', 'processing'], description: 'Whether anonymous callers see it now, or why not' };
const GOVERNED_KEYS = [...Object.keys(governed)];
export const ContentItem = obj({
  id: int, type: str, title: str, status: str, fileName: str, fileType: str, fileSize: int, uploadDate: str, approvedDate: strOrNull,
  needsTranslation: bool, description: str, progress: num, step: strOrNull, error: strOrNull, category: strOrNull, tags: arrayOf(str), ...governed, visibility,
}, ['progress', 'step', 'error', 'category', 'tags', ...GOVERNED_KEYS, 'visibility']);
export const AuditEntry = obj({
  id: int, at: dateTime, action: str, actor: str, role: { type: ['string', 'null'], enum: ['admin', 'editor', 'reviewer', null] },
  via: { type: 'string', enum: ['session', 'token', 'cli', 'system', 'anonymous'] }, target: str, itemType: strOrNull, itemId: intOrNull, title: strOrNull,
  before: { type: ['object', 'null'] }, after: { type: ['object', 'null'] }, note: strOrNull,
});
const roleEnum = { type: 'string', enum: ['admin', 'editor', 'reviewer'] };
export const UserView = obj({ id: int, username: str, name: str, role: roleEnum, createdAt: dateTime, createdBy: str, disabled: bool });
export const TokenView = obj({ id: int, name: str, role: roleEnum, prefix: str, createdAt: dateTime, createdBy: str, lastUsedAt: strOrNull, revokedAt: strOrNull });
export const Category = obj({ id: int, name: str, description: str, createdDate: str, isActive: bool });
export const BotImage = obj({
  id: int, image: str, imageKey: str, documentId: intOrNull, documentTitle: strOrNull, page: intOrNull, description: str, tags: arrayOf(str), createdAt: dateTime,
});
export const PresentationImage = obj({
  id: int, image: str, imageKey: str, presentationId: intOrNull, presentationTitle: strOrNull, slide: intOrNull,
  kind: { type: 'string', enum: ['slide', 'embedded'] }, tags: arrayOf(str), description: str, uploadedAt: dateTime,
});
export const TranslationRow = obj({ id: int, title: str, description: str, targetLanguage: strOrNull, state: str, error: strOrNull, fileKey: strOrNull });
export const StoredObject = obj({ key: str, size: int, lastModified: str, storageClass: str });
export const StorageStats = obj({ totalFiles: int, totalSize: int, folderCounts: { type: 'object', additionalProperties: int } });
export const DashboardMetrics = obj(Object.fromEntries(
  ['totalDocuments', 'totalVideos', 'totalPresentations', 'pendingApprovals', 'botResponses', 'totalImages', 'botImages', 'presentationImages'].map((k) => [k, int]),
));
const mediaOutput = { title: str, isTranslated: bool, isOriginal: bool, downloadable: bool, filePath: str };
export const ChatBotReply = obj({
  message: str, language: str,
  mediaItem: { oneOf: [{ type: 'null' }, obj({ ...mediaOutput, contentType: { type: 'string', enum: ['presentation', 'video', 'document'] }, id: int })] },
  handoff: { type: 'boolean', description: 'True when the assistant offers to pass the question on to a person' },
}, ['handoff']);
export const HandoffRequest = obj({
  id: int, referenceId: str, channel: { type: 'string', enum: ['chat', 'widget'] }, name: str, email: strOrNull, phone: strOrNull, question: str, language: str,
  consent: bool, conversation: arrayOf(obj({ role: { type: 'string', enum: ['user', 'bot'] }, text: str, at: str })),
  status: { type: 'string', enum: ['open', 'handled'] }, createdAt: str, handledAt: strOrNull,
  webhook: obj({ state: { type: 'string', enum: ['off', 'pending', 'sent', 'failed'] }, attempts: int, error: strOrNull }),
});
export const PublicChatMessage = obj({
  id: str, referenceId: str, role: { type: 'string', enum: ['user', 'bot'] }, message: str,
  output: { ...strOrNull, description: 'For media replies: the MediaOutput as a JSON string' }, file: strOrNull,
  contentType: { type: ['string', 'null'], enum: ['presentation', 'video', 'document', 'other', null] }, dateTime, userLanguage: str,
});
export const Citation = obj({
  itemType: { type: 'string', enum: ['document', 'presentation', 'video'] }, itemId: int, title: str, page: intOrNull, slide: intOrNull,
  visibility: { type: 'string', enum: ['pending', 'rejected', 'staff', 'expired', 'processing'], description: 'Signed-in answers only: why this source is not public' },
}, ['visibility']);
export const RetrievalReply = obj({
  answer: str, timestamp: dateTime, sourceImages: arrayOf(str), detectedLanguage: str, citations: arrayOf(Citation),
  mode: { type: 'string', enum: ['llm', 'extractive'] }, notFound: bool,
  grounding: obj({ replaced: bool, missing: arrayOf(str) }, [], 'Set when a model answer named a figure not in its passages and was replaced by the extractive answer'),
}, ['grounding']);
export const Job = obj({
  id: int, kind: str, itemType: { type: 'string', enum: ['document', 'presentation', 'video'] }, itemId: int,
  state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] }, attempts: int, error: { description: 'Why it failed (text or a structured error)' },
  createdAt: dateTime, updatedAt: dateTime, startedAt: strOrNull, finishedAt: strOrNull,
}, ['error']);
export const SearchHit = obj({
  chunk: obj({ id: str, itemType: str, itemId: int, title: str, text: str, page: intOrNull, slide: intOrNull, heading: strOrNull, language: str, imageIds: arrayOf(int), ordinal: int }),
  score: num,
});
const okDetail = obj({ ok: bool, detail: str });
export const HealthReport = obj({
  status: { type: 'string', enum: ['ok', 'degraded'] }, version: str, node: str,
  services: obj({
    catalog: okDetail, storage: obj({ ok: bool, kind: { type: 'string', enum: ['local', 's3'] }, detail: str }), search: okDetail,
    llm: obj({ configured: bool, model: strOrNull }),
  }),
});
export const AdminUser = obj({ username: str, name: str, title: str, role: { type: 'string', enum: ['admin', 'editor', 'reviewer'] } });
export const UploadResult = obj({ kind: { type: 'string', enum: ['document', 'presentation', 'video', 'image'] }, item: { type: 'object' } });

/** Multipart upload fields (request bodies of the upload routes). */
const file = { type: 'string', format: 'binary', description: 'The file' };
/** Every upload also takes approve (true: approved on upload), audience (public|staff) and validUntil (a date). */
const form = (fields: string[]) => {
  const all = [...fields, 'approve', 'audience', 'validUntil'];
  return obj({ file, ...Object.fromEntries(all.map((f) => [f, str])) }, all);
};
export const uploadForm = {
  document: form(['title', 'description', 'status', 'needsTranslation', 'targetLanguage', 'categoryId', 'force']),
  presentation: form(['title', 'description', 'languageto', 'categoryId', 'force']),
  video: form(['label', 'description', 'subcategory', 'needsTranslation', 'targetLanguage', 'hasSpeech', 'force']),
  any: form(['title', 'description', 'categoryId', 'needsTranslation', 'targetLanguage', 'hasSpeech', 'tags', 'force']),
};

const ratingValue = { type: 'string', enum: ['up', 'down'] };
export const Rating = obj({ value: ratingValue, comment: strOrNull, at: dateTime });
export const FeedbackReply = obj({ answerId: str, rating: Rating });
export const QuestionStats = obj({
  from: dateTime, to: dateTime, questions: int, conversations: int,
  perDay: arrayOf(obj({ day: str, questions: int, notFound: int })),
  languages: arrayOf(obj({ language: str, questions: int })),
  channels: arrayOf(obj({ channel: { type: 'string', enum: ['chat', 'widget', 'rag'] }, questions: int })),
  answered: int, notFound: int,
  topUnanswered: arrayOf(obj({ question: str, count: int, language: str, examples: arrayOf(str) })),
  topSources: arrayOf(obj({ itemType: str, itemId: int, title: str, count: int })),
  ratings: obj({ up: int, down: int, rated: int, answers: int, upRate: { type: ['number', 'null'] } }),
  comments: arrayOf(obj({ at: dateTime, value: ratingValue, comment: str, question: str, answer: str, channel: str })),
});
export const WidgetConfig = obj({ title: strOrNull, color: strOrNull, greeting: strOrNull });
export const WidgetSettings = obj({ origins: arrayOf(str), title: strOrNull, color: strOrNull, greeting: strOrNull, envOrigins: arrayOf(str) });
export const TranslationRecord = obj({
  id: int, itemType: { type: 'string', enum: ['document', 'presentation'] }, itemId: int, targetLanguage: str, sourceLanguage: strOrNull,
  state: str, progress: obj({ done: int, total: int }), provider: strOrNull, model: strOrNull, quality: { type: ['string', 'null'], enum: ['llm', 'machine', null] },
  characters: int, requests: int, memoryHits: int, fileKey: strOrNull, fileName: strOrNull, fileSize: intOrNull, filePath: strOrNull, error: strOrNull,
  warnings: arrayOf(obj({ unit: intOrNull, message: str })), jobId: intOrNull, createdAt: dateTime, updatedAt: dateTime,
});
const glossaryEntry = obj({ term: str, translations: { type: 'object', additionalProperties: str }, ignoreCase: bool }, ['translations', 'ignoreCase']);
export const Glossary = obj({ version: int, entries: arrayOf(glossaryEntry) });
export const MemoryStored = obj({ stored: int, glossaryVersion: int });
export const TranslationOffers = obj({
  providers: arrayOf({ type: 'object', description: 'A configured provider and what it serves' }),
  pairs: arrayOf(obj({ source: str, target: str, provider: str, quality: { type: 'string', enum: ['llm', 'machine'] }, model: str })),
  hint: { type: ['object', 'null'], description: 'How to add a model when none is configured (a coded message), else null' },
}, [], 'The translation providers offered and the language pairs each serves');
export const CueList = obj({ cues: arrayOf(obj({ id: str, start: num, end: num, text: str }, ['id'])) }, [], 'Edited cues: start and end in seconds, text on one line (wrapped into two lines of 42 characters when shown)');
export const VideoTranscriptView = obj({
  transcript: { type: ['object', 'null'] },
  cues: arrayOf(obj({ id: str, start: num, end: num, text: str })),
  vttPath: strOrNull,
  srtPath: strOrNull,
  original: { type: ['array', 'null'], description: 'The cues as first transcribed, once the transcript was edited' },
  versions: arrayOf(obj({ id: int, targetLanguage: str, state: str, error: strOrNull }, [], 'A translated version of the video')),
});
