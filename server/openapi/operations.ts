import { UPLOADS_FOLDERS } from '../../core/product/index';
import * as S from './schemas';

/**
 * What the OpenAPI document says about each route, keyed "METHOD url" as
 * Fastify registers it: a summary, a tag, who may call it, the request parts
 * a route does not declare in its own schema (multipart forms, optional query
 * strings), and every response. A route's own schema wins where it has one.
 */

type Schema = Record<string, unknown>;
/** A response: a JSON schema, or one of the non-JSON kinds. */
export type ResponseDoc = Schema | 'empty' | 'binary' | 'html' | 'javascript' | 'event-stream' | 'csv-or-jsonl' | 'text';

export interface OperationDoc {
  summary: string;
  tag: string;
  /** Callable without signing in (default: admin, cookie or bearer token). */
  public?: boolean;
  /** Multipart upload form. */
  form?: Schema;
  querystring?: Schema;
  responses: Record<number, ResponseDoc>;
}

const list = S.arrayOf;
const query = (properties: Record<string, Schema>) => ({ type: 'object', properties });
const q = { type: 'string' };

const item = (tag: string, name: string, schema: Schema, form: Schema, extra: Record<string, OperationDoc> = {}, listQuery?: Schema): Record<string, OperationDoc> => ({
  [`GET /api/${tag}`]: { summary: `List ${tag}`, tag, responses: { 200: list(schema) }, ...(listQuery ? { querystring: listQuery } : {}) },
  [`POST /api/${tag}`]: { summary: `Upload a ${name} (multipart; ingestion runs as a job)`, tag, form, responses: { 201: schema } },
  [`DELETE /api/${tag}/:id`]: { summary: `Delete a ${name} with its files, images and index entries`, tag, responses: { 204: 'empty' } },
  [`POST /api/${tag}/:id/retry`]: { summary: `Retry a failed ${name}`, tag, responses: { 200: schema } },
  ...extra,
});

const ITEM_VERSION = {
  type: 'object',
  properties: {
    n: { type: 'integer' }, fileName: q, fileType: q, fileSize: { type: 'integer' }, sha256: { type: ['string', 'null'] }, createdAt: q, createdBy: q,
    state: { type: 'string', enum: ['live', 'pending', 'superseded', 'rejected', 'failed'] }, liveAt: { type: ['string', 'null'] },
    approvedBy: { type: ['string', 'null'] }, note: { type: ['string', 'null'] }, restoredFrom: { type: ['integer', 'null'] },
  },
};
const VERSION_RESULT = { type: 'object', properties: { type: q, item: { type: 'object', additionalProperties: true }, version: ITEM_VERSION } };
const VERSION_FORM = { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, approve: { type: 'boolean' } } };

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': {
    summary: 'Whether the server is up (details need sign-in)', tag: 'system', public: true,
    responses: { 200: S.obj({ status: { type: 'string', enum: ['ok', 'degraded'] } }) },
  },
  'GET /api/metrics': {
    summary: 'Prometheus metrics (text format): jobs, answer latency, providers, rate limits, index size, process; admins or METRICS_TOKEN as bearer', tag: 'system',
    public: true, responses: { 200: 'text' },
  },
  'GET /api/health/details': { summary: 'Health of the server and its backing services', tag: 'system', responses: { 200: S.HealthReport } },
  'POST /api/auth/login': { summary: 'Sign in (sets the httpOnly cms_session cookie)', tag: 'auth', public: true, responses: { 200: S.AdminUser } },
  'POST /api/auth/logout': { summary: 'Sign out', tag: 'auth', public: true, responses: { 204: 'empty' } },
  'GET /api/auth/me': { summary: 'The signed-in user', tag: 'auth', public: true, responses: { 200: S.AdminUser } },

  'POST /api/bot/session': { summary: 'A new conversation id for the public chat', tag: 'chat', public: true, responses: { 201: S.obj({ referenceId: { type: 'string' } }) } },
  'POST /api/bot/clear-session': { summary: 'Forget a public chat conversation', tag: 'chat', public: true, responses: { 204: 'empty' } },
  'POST /api/bot/chat': { summary: 'Send a message to the public assistant', tag: 'chat', public: true, responses: { 200: S.ChatBotReply } },
  'GET /api/bot/messages': { summary: 'Messages of a conversation newer than `since`', tag: 'chat', public: true, responses: { 200: list(S.PublicChatMessage) } },
  'POST /api/bot/rag-query': { summary: 'Ask the document-search assistant', tag: 'chat', public: true, responses: { 200: S.RetrievalReply } },
  'POST /api/bot/rag-query/stream': {
    summary: 'Ask the document-search assistant, streamed as server-sent events (token, done, error)', tag: 'chat', public: true,
    responses: { 200: 'event-stream' },
  },
  'POST /api/bot/handoff': {
    summary: 'Ask to be contacted by a person: name, e-mail or phone, consent; the conversation is attached', tag: 'chat', public: true,
    responses: { 201: S.obj({ id: { type: 'integer' }, createdAt: { type: 'string' } }) },
  },
  'GET /api/handoff-requests': { summary: 'Visitors\' requests to be contacted (newest first; ?status=open|handled)', tag: 'chat', responses: { 200: list(S.HandoffRequest) } },
  'GET /api/handoff-requests/:id': { summary: 'One request with its contact details and conversation', tag: 'chat', responses: { 200: S.HandoffRequest } },
  'GET /api/handoff-requests/:id/export': { summary: 'One request as a JSON file (its contact details and conversation)', tag: 'chat', responses: { 200: S.HandoffRequest } },
  'POST /api/handoff-requests/:id/handled': { summary: 'Mark a request handled (or open again with {"handled": false})', tag: 'chat', responses: { 200: S.HandoffRequest } },
  'DELETE /api/handoff-requests/:id': { summary: 'Delete a request and the contact details in it', tag: 'chat', responses: { 204: 'empty' } },
  'POST /api/bot/feedback': { summary: 'Rate an answer (thumbs up/down, optional comment)', tag: 'chat', public: true, responses: { 200: S.FeedbackReply } },
  'GET /api/analytics/stats': { summary: 'Question analytics for a period', tag: 'analytics', responses: { 200: S.QuestionStats } },
  'GET /api/analytics/export': {
    summary: 'Export conversations (questions, answers, ratings) of a date range as CSV or JSON lines', tag: 'analytics',
    responses: { 200: 'csv-or-jsonl' },
  },
  'OPTIONS /api/bot/*': { summary: 'CORS preflight for the allowed widget origins (WIDGET_ORIGINS)', tag: 'widget', public: true, responses: { 204: 'empty' } },

  'GET /api/widget/config': { summary: 'The brand\'s widget title, colour and greeting (defaults for the script tag)', tag: 'widget', public: true, responses: { 200: S.WidgetConfig } },
  'GET /api/widget/settings': { summary: 'Widget settings: allowed sites and brand defaults', tag: 'widget', responses: { 200: S.WidgetSettings } },
  'PATCH /api/widget/settings': { summary: 'Change the widget settings', tag: 'widget', responses: { 200: S.WidgetSettings } },
  'GET /widget.js': { summary: 'The embeddable chat widget (one script tag on an allowed site)', tag: 'widget', public: true, responses: { 200: 'javascript' } },
  'GET /widget-frame.js': { summary: 'Script of the widget\'s chat panel', tag: 'widget', public: true, responses: { 200: 'javascript' } },
  'GET /widget/frame': { summary: 'The widget\'s chat panel page (framed by allowed origins only)', tag: 'widget', public: true, responses: { 200: 'html' } },

  'GET /api/files/*': { summary: 'Download a public file by key (HTTP ranges)', tag: 'files', public: true, responses: { 200: 'binary', 206: 'binary' } },
  ...Object.fromEntries(UPLOADS_FOLDERS.map((f) => [
    `GET /uploads/${f}/*`, { summary: `Download from ${f} (HTTP ranges)`, tag: 'files', public: true, responses: { 200: 'binary', 206: 'binary' } } as OperationDoc,
  ])),

  ...item('documents', 'document', S.Document, S.uploadForm.document, {
    'PATCH /api/documents/:id': { summary: 'Edit a document\'s title, description or language', tag: 'documents', responses: { 200: S.Document } },
  }),
  ...item('presentations', 'presentation', S.Presentation, S.uploadForm.presentation, {
    'GET /api/presentations/:id/download': { summary: 'Download the original presentation', tag: 'presentations', responses: { 200: 'binary', 206: 'binary' } },
  }),
  ...item('videos', 'video', S.Video, S.uploadForm.video, {
    'GET /api/videos/:id/play': { summary: 'Play a video (inline, HTTP ranges)', tag: 'videos', responses: { 200: 'binary', 206: 'binary' } },
    'GET /api/videos/:id/download': { summary: 'Download a video', tag: 'videos', responses: { 200: 'binary', 206: 'binary' } },
  }, query({ subcategory: { type: 'string', enum: ['broadcast', 'podcast', 'learning_resources'] } })),

  'GET /api/videos/:id/transcript': { summary: 'A video\'s timed transcript, its WebVTT and its translated versions', tag: 'videos', responses: { 200: S.VideoTranscriptView } },
  'PUT /api/videos/:id/transcript': { summary: 'Save edited cues as a new version of the transcript (re-indexed, translated subtitles made again; the original is kept)', tag: 'videos', responses: { 200: S.VideoTranscriptView } },
  'POST /api/videos/:id/transcribe': { summary: 'Transcribe a video again, optionally in another spoken language (language) or with a chosen provider (endpoint|offline)', tag: 'videos', responses: { 202: S.Video } },
  ...Object.fromEntries((['documents', 'presentations', 'videos'] as const).flatMap((path) => [
    [`POST /api/${path}/:id/translations`, { summary: `Request a translation of a ${path.slice(0, -1)} into a language (a job)`, tag: 'translations', responses: { 202: S.TranslationRecord } }],
    [`GET /api/${path}/:id/translations`, { summary: `Translations of a ${path.slice(0, -1)}`, tag: 'translations', responses: { 200: list(S.TranslationRecord) } }],
  ] as Array<[string, OperationDoc]>)),
  'GET /api/translations': { summary: 'Translation records, optionally of one item', tag: 'translations', responses: { 200: list(S.TranslationRecord) } },
  'GET /api/translations/:id': { summary: 'One translation record', tag: 'translations', responses: { 200: S.TranslationRecord } },
  'POST /api/translations/:id/retry': { summary: 'Retry a failed translation', tag: 'translations', responses: { 200: S.TranslationRecord } },
  'DELETE /api/translations/:id': { summary: 'Delete a translation and its file', tag: 'translations', responses: { 204: 'empty' } },
  'GET /api/translation-offers': { summary: 'Translation providers offered and the language pairs each serves', tag: 'translations', responses: { 200: S.TranslationOffers } },
  'GET /api/glossary': { summary: 'The translation glossary', tag: 'translations', responses: { 200: S.Glossary } },
  'POST /api/glossary/terms': { summary: 'Add or replace a glossary term', tag: 'translations', responses: { 200: S.Glossary } },
  'DELETE /api/glossary/terms/:term': { summary: 'Remove a glossary term', tag: 'translations', responses: { 200: S.Glossary } },
  'POST /api/translation-memory': { summary: 'Save known translations of segments into the translation memory (used by the next translation of that text)', tag: 'translations', responses: { 200: S.MemoryStored } },

  'GET /api/categories': { summary: 'List categories', tag: 'categories', responses: { 200: list(S.Category) } },
  'POST /api/categories': { summary: 'Create a category', tag: 'categories', responses: { 201: S.Category } },
  'PATCH /api/categories/:id': { summary: 'Edit a category', tag: 'categories', responses: { 200: S.Category } },
  'DELETE /api/categories/:id': { summary: 'Delete a category', tag: 'categories', responses: { 204: 'empty' } },

  'GET /api/content': { summary: 'All content as list rows', tag: 'content', querystring: query({ type: q }), responses: { 200: list(S.ContentItem) } },
  'POST /api/content': { summary: 'Create a content record without a file', tag: 'content', responses: { 201: S.ContentItem } },
  'POST /api/content/upload': { summary: 'Upload a file of any accepted type; its content decides what it becomes', tag: 'content', form: S.uploadForm.any, responses: { 201: S.UploadResult } },
  'DELETE /api/content/:id': { summary: 'Delete a content item of any kind', tag: 'content', responses: { 204: 'empty' } },
  'GET /api/bot-images': { summary: 'Images found in documents', tag: 'images', responses: { 200: list(S.BotImage) } },
  'DELETE /api/bot-images/:id': { summary: 'Delete a document image', tag: 'images', responses: { 204: 'empty' } },
  'GET /api/presentation-images': { summary: 'Slide renders and images of presentations', tag: 'images', responses: { 200: list(S.PresentationImage) } },
  'DELETE /api/presentation-images/:id': { summary: 'Delete a presentation image', tag: 'images', responses: { 204: 'empty' } },
  'GET /api/presentation-translations': { summary: 'Presentations with a translation request', tag: 'translations', responses: { 200: list(S.TranslationRow) } },
  'GET /api/video-translations': { summary: 'Videos with a translation request', tag: 'translations', responses: { 200: list(S.TranslationRow) } },
  'GET /api/dashboard/metrics': { summary: 'Dashboard counters', tag: 'content', responses: { 200: S.DashboardMetrics } },
  'DELETE /api/delete-all-data': {
    summary: 'Delete every record, file and index entry', tag: 'content',
    responses: { 200: S.obj({ deleted: S.obj({ records: { type: 'integer' }, objects: { type: 'integer' }, chunks: { type: 'integer' } }) }) },
  },

  'GET /api/object-storage/files': { summary: 'Stored objects (file manager)', tag: 'storage', querystring: query({ prefix: q }), responses: { 200: list(S.StoredObject) } },
  'GET /api/object-storage/stats': { summary: 'Object counts and sizes per folder', tag: 'storage', responses: { 200: S.StorageStats } },
  'DELETE /api/object-storage/files/*': { summary: 'Delete a stored object by key', tag: 'storage', responses: { 204: 'empty' } },
  'GET /api/object-storage/download/*': { summary: 'Download a stored object by key', tag: 'storage', responses: { 200: 'binary', 206: 'binary' } },

  'GET /api/jobs': { summary: 'Jobs, optionally of one state', tag: 'system', querystring: query({ state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] } }), responses: { 200: list(S.Job) } },
  'POST /api/jobs/:id/retry': { summary: 'Retry the item of a failed job', tag: 'system', responses: { 200: S.Job } },
  'POST /api/retry/:id': {
    summary: 'Queue an item again, by its id or by the id of one of its jobs', tag: 'system',
    responses: { 200: S.obj({ type: { type: 'string', enum: ['document', 'presentation', 'video'] }, item: { type: 'object' } }) },
  },
  'POST /api/jobs/retry-failed': { summary: 'Retry every failed item', tag: 'system', responses: { 200: S.obj({ retried: { type: 'integer' } }) } },
  'POST /api/reindex': { summary: 'Rebuild the search index from stored text', tag: 'system', responses: { 200: S.obj({ items: { type: 'integer' }, chunks: { type: 'integer' } }) } },
  'GET /api/search': { summary: 'Hybrid search over the indexed chunks', tag: 'system', responses: { 200: list(S.SearchHit) } },

  'GET /api/review': {
    summary: 'Items by review state: pending (default), approved, rejected, expired, staff, all', tag: 'review',
    querystring: query({ filter: { type: 'string', enum: ['pending', 'approved', 'rejected', 'expired', 'staff', 'all'] } }), responses: { 200: list(S.ContentItem) },
  },
  'POST /api/review/approve': { summary: 'Approve items by id (reviewer or admin): public unless staff-only or expired', tag: 'review', responses: { 200: list(S.ContentItem) } },
  'POST /api/review/reject': { summary: 'Reject items by id with an optional note (reviewer or admin): never public', tag: 'review', responses: { 200: list(S.ContentItem) } },
  'POST /api/review/access': { summary: 'Set the audience (public, staff) and/or validUntil of items by id', tag: 'review', responses: { 200: list(S.ContentItem) } },
  'POST /api/items/:id/approve': { summary: 'Approve one item', tag: 'review', responses: { 200: S.ContentItem } },
  'POST /api/items/:id/reject': { summary: 'Reject one item (optional note)', tag: 'review', responses: { 200: S.ContentItem } },
  'POST /api/items/:id/replace': {
    summary: 'Replace the file of a item (any kind) with a new version (multipart: file, approve?): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)',
    tag: 'versions', form: VERSION_FORM, responses: { 200: VERSION_RESULT },
  },
  'GET /api/items/:id/versions': { summary: 'The versions of a item (any kind)\'s file, oldest first', tag: 'versions', responses: { 200: list(ITEM_VERSION) } },
  'POST /api/items/:id/versions/:n/restore': {
    summary: 'Bring back version n\'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers/admins)', tag: 'versions', responses: { 200: VERSION_RESULT },
  },
  'POST /api/documents/:id/replace': {
    summary: 'Replace the file of a document with a new version (multipart: file, approve?): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)',
    tag: 'versions', form: VERSION_FORM, responses: { 200: VERSION_RESULT },
  },
  'GET /api/documents/:id/versions': { summary: 'The versions of a document\'s file, oldest first', tag: 'versions', responses: { 200: list(ITEM_VERSION) } },
  'POST /api/documents/:id/versions/:n/restore': {
    summary: 'Bring back version n\'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers/admins)', tag: 'versions', responses: { 200: VERSION_RESULT },
  },
  'POST /api/presentations/:id/replace': {
    summary: 'Replace the file of a presentation with a new version (multipart: file, approve?): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)',
    tag: 'versions', form: VERSION_FORM, responses: { 200: VERSION_RESULT },
  },
  'GET /api/presentations/:id/versions': { summary: 'The versions of a presentation\'s file, oldest first', tag: 'versions', responses: { 200: list(ITEM_VERSION) } },
  'POST /api/presentations/:id/versions/:n/restore': {
    summary: 'Bring back version n\'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers/admins)', tag: 'versions', responses: { 200: VERSION_RESULT },
  },
  'POST /api/videos/:id/replace': {
    summary: 'Replace the file of a video with a new version (multipart: file, approve?): same id and URLs; the approved version stays public until the new one is processed and approved (admin, editor)',
    tag: 'versions', form: VERSION_FORM, responses: { 200: VERSION_RESULT },
  },
  'GET /api/videos/:id/versions': { summary: 'The versions of a video\'s file, oldest first', tag: 'versions', responses: { 200: list(ITEM_VERSION) } },
  'POST /api/videos/:id/versions/:n/restore': {
    summary: 'Bring back version n\'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers/admins)', tag: 'versions', responses: { 200: VERSION_RESULT },
  },
  'PATCH /api/items/:id/access': { summary: 'Audience and/or validUntil of one item', tag: 'review', responses: { 200: S.ContentItem } },
  'GET /api/audit': {
    summary: 'The audit log, newest first (admin): JSON, or a CSV / JSON-lines file with format', tag: 'review',
    querystring: query({ since: { type: 'string', description: '7d, 24h, 30m or a date' }, format: { type: 'string', enum: ['json', 'csv', 'jsonl'] }, limit: { type: 'integer' } }),
    responses: { 200: list(S.AuditEntry) },
  },
  'GET /api/users': { summary: 'Named users (admin)', tag: 'users', responses: { 200: list(S.UserView) } },
  'POST /api/users': { summary: 'Add a user with a role and a password of 12+ characters (admin)', tag: 'users', responses: { 201: S.UserView } },
  'PATCH /api/users/:id': { summary: 'Change a user\'s role, password, name, or disable them (their sessions end)', tag: 'users', responses: { 200: S.UserView } },
  'DELETE /api/users/:id': { summary: 'Remove a user', tag: 'users', responses: { 204: 'empty' } },
  'GET /api/tokens': { summary: 'Named API tokens (never their secret)', tag: 'users', responses: { 200: list(S.TokenView) } },
  'POST /api/tokens': { summary: 'Create a named API token with a role: the token is in this answer only', tag: 'users', responses: { 201: S.obj({ token: q, record: S.TokenView }) } },
  'DELETE /api/tokens/:id': { summary: 'Revoke a token', tag: 'users', responses: { 200: S.TokenView } },
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', tag: 'system', public: true, responses: { 200: { type: 'object' } } },
  'GET /api/docs': { summary: 'API reference page', tag: 'system', public: true, responses: { 200: 'html' } },
  'GET /api/docs/reference.js': { summary: 'Script of the API reference page', tag: 'system', public: true, responses: { 200: 'javascript' } },
};
