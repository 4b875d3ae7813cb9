import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import type { ContentType } from '../../core/foundation/types';
import { Empty, IdParams } from '../routes/schemas';
import { body, fields, fixed, inField, orDefault, param, query, routes, type ApiRoute, type Reshape } from './declare';

/** Documents, presentations, videos and content of any kind: lists, uploads, edits, removal, retries, transcripts. */

const KINDS = [['documents', 'document'], ['presentations', 'presentation'], ['videos', 'video']] as const;
/** A retry of a typed item answers the item alone. */
const itemOnly = (type: ContentType): Reshape => ({
  toBody: (r) => (r as { item: unknown }).item,
  fromBody: (item) => ({ type, item }),
});
const RECORD = { document: S.Document, presentation: S.Presentation, video: S.Video } as const;

/** The list routes (rows + X-Total-Count) are registered by their route files (sendPage). */
const LISTS = [...KINDS, ['content', 'content'], ['bot-images', 'bot-images'], ['presentation-images', 'presentation-images']] as const;
export const LIST_CALLS = routes(
  ...LISTS.map(([path, list]): ApiRoute => ({ call: 'listPage', method: 'GET', url: `/api/${path}`, args: [fixed(list), query()], transport: 'page', byHand: true })),
  // The whole list, page after page, from the same routes.
  ...KINDS.map(([path, type]): ApiRoute => ({ call: 'items', method: 'GET', url: `/api/${path}`, args: [fixed(type), query()], transport: 'pages', byHand: true })),
  { call: 'content', method: 'GET', url: '/api/content', args: [query('type'), query()], transport: 'pages', byHand: true },
  { call: 'images', method: 'GET', url: '/api/bot-images', args: [fixed('bot'), query()], transport: 'pages', byHand: true },
  { call: 'images', method: 'GET', url: '/api/presentation-images', args: [fixed('presentation'), query()], transport: 'pages', byHand: true },
  // Uploads are multipart (server/upload.ts streams the file); support images have no route of their own.
  ...KINDS.map(([path, type]): ApiRoute => ({ call: 'upload', method: 'POST', url: `/api/${path}`, args: [fields({ kind: fixed(type) })], transport: 'multipart', byHand: true })),
  ...(['any', 'image'] as const).map((kind): ApiRoute => ({ call: 'upload', method: 'POST', url: '/api/content/upload', args: [fields({ kind: fixed(kind) })], transport: 'multipart', byHand: true })),
);

export const DOCUMENTS = routes({
  call: 'updateDocument', method: 'PATCH', url: '/api/documents/:id', tag: 'documents', summary: 'Edit a document\'s title, description or language',
  args: [param('id'), body()], params: IdParams, body: S.DocumentPatch, response: S.Document,
});

/** Removal and retry of each kind (documents, presentations, videos: their tags). */
export const ITEMS_BY_KIND = Object.fromEntries(KINDS.map(([path, type]) => [type, routes(
  {
    call: 'remove', method: 'DELETE', url: `/api/${path}/:id`, tag: path, summary: `Delete a ${type} with its files, images and index entries`,
    args: [param('id'), fixed(type)], params: IdParams, status: 204, response: Empty,
  },
  {
    call: 'retry', method: 'POST', url: `/api/${path}/:id/retry`, tag: path, summary: `Retry a failed ${type}`,
    args: [param('id'), fixed(type)], params: IdParams, response: RECORD[type], reshape: itemOnly(type),
  },
)])) as Record<ContentType, readonly ApiRoute[]>;

export const TRANSCRIPTS = routes(
  {
    call: 'transcript', method: 'GET', url: '/api/videos/:id/transcript', tag: 'videos', summary: 'A video\'s timed transcript, its WebVTT and its translated versions',
    args: [param('id')], params: IdParams, response: S.VideoTranscriptView,
  },
  {
    call: 'transcribe', method: 'POST', url: '/api/videos/:id/transcribe', tag: 'videos',
    summary: 'Transcribe a video again, optionally in another spoken language (language) or with a chosen provider (endpoint|offline)',
    args: [param('id'), orDefault(body(), {})], params: IdParams, body: S.TranscribeInput, status: 202, response: S.Video,
  },
  {
    call: 'saveTranscript', method: 'PUT', url: '/api/videos/:id/transcript', tag: 'videos',
    summary: 'Save edited cues as a new version of the transcript (re-indexed, translated subtitles made again; the original is kept)',
    args: [param('id'), body('cues')], params: IdParams, body: S.CueList, response: S.VideoTranscriptView,
  },
);

const content = { tag: 'content' } as const;
const images = { tag: 'images' } as const;
export const CONTENT = routes(
  { ...content, call: 'createContent', method: 'POST', url: '/api/content', summary: 'Create a content record without a file', args: [orDefault(body(), {})], body: S.ContentForm, status: 201, response: S.ContentItem },
  { ...content, call: 'remove', method: 'DELETE', url: '/api/content/:id', summary: 'Delete a content item of any kind', args: [param('id'), fixed(undefined)], params: IdParams, status: 204, response: Empty },
  { ...images, call: 'removeImage', method: 'DELETE', url: '/api/bot-images/:id', summary: 'Delete a document image', args: [fixed('bot'), param('id')], params: IdParams, status: 204, response: Empty },
  {
    ...images, call: 'removeImage', method: 'DELETE', url: '/api/presentation-images/:id', summary: 'Delete a presentation image',
    args: [fixed('presentation'), param('id')], params: IdParams, status: 204, response: Empty,
  },
  ...(['presentation', 'video'] as const).map((type): ApiRoute => ({
    call: 'translationRows', method: 'GET', url: `/api/${type}-translations`, tag: 'translations', summary: `${type === 'video' ? 'Videos' : 'Presentations'} with a translation request`,
    args: [fixed(type)], response: T.Array(S.TranslationRow),
  })),
  { ...content, call: 'dashboard', method: 'GET', url: '/api/dashboard/metrics', summary: 'Dashboard counters', args: [], response: S.DashboardMetrics },
  {
    ...content, call: 'removeAll', method: 'DELETE', url: '/api/delete-all-data', summary: 'Delete every record, file and index entry', args: [],
    response: T.Object({ deleted: T.Object({ records: T.Integer(), objects: T.Integer(), chunks: T.Integer() }) }), reshape: inField('deleted'),
  },
);

export const ITEM_CALLS = [...LIST_CALLS, ...DOCUMENTS, ...Object.values(ITEMS_BY_KIND).flat(), ...TRANSCRIPTS, ...CONTENT];
