import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import { Empty, IdParams, KeyParams } from '../routes/schemas';
import { fields, fixed, inField, orDefault, param, query, routes } from './declare';

/** Jobs, retries, search, reindex, health and metrics for operators; stored files by key (the file manager). */

const tag = 'system';
const SearchQuery = T.Object({
  q: T.String({ minLength: 1, maxLength: 2000 }),
  k: T.Optional(T.Integer({ minimum: 1, maximum: 100 })),
  type: T.Optional(S.ContentType),
});
const JobsQuery = T.Object({ state: T.Optional(T.String({ description: 'queued, running, done or failed' })) });

export const SYSTEM = routes(
  { tag, call: 'jobs', method: 'GET', url: '/api/jobs', summary: 'Jobs, optionally of one state', args: [query('state', { blankIsNone: true })], query: JobsQuery, response: T.Array(S.Job) },
  { tag, call: 'retryJob', method: 'POST', url: '/api/jobs/:id/retry', summary: 'Retry the item of a failed job', args: [param('id')], params: IdParams, response: S.Job },
  { tag, call: 'retryFailed', method: 'POST', url: '/api/jobs/retry-failed', summary: 'Retry every failed item', args: [], response: T.Object({ retried: T.Integer() }), reshape: inField('retried') },
  // An item's id, or one of its jobs' ids: core decides which.
  {
    tag, call: 'retry', method: 'POST', url: '/api/retry/:id', summary: 'Queue an item again, by its id or by the id of one of its jobs',
    args: [param('id'), fixed(undefined)], params: IdParams, response: T.Object({ type: S.ContentType, item: T.Object({}) }),
  },
  // The server reports no progress for a reindex.
  { tag, call: 'reindex', method: 'POST', url: '/api/reindex', summary: 'Rebuild the search index from stored text', args: [], response: T.Object({ items: T.Integer(), chunks: T.Integer() }) },
  { tag, call: 'health', method: 'GET', url: '/api/health/details', summary: 'Health of the server and its backing services', args: [], response: S.HealthReport },
  {
    tag, call: 'search', method: 'GET', url: '/api/search', summary: 'Hybrid search over the indexed chunks',
    args: [query('q'), fields({ k: orDefault(query('k'), 10), type: query('type') })], query: SearchQuery, response: T.Array(S.SearchHit),
  },
  // Prometheus text; a scraper's METRICS_TOKEN is read from the request (server/routes/system.ts).
  { call: 'metrics', method: 'GET', url: '/api/metrics', args: [], transport: 'download', byHand: true },
);

const storage = { tag: 'storage' } as const;
export const STORAGE = routes(
  {
    ...storage, call: 'files', method: 'GET', url: '/api/object-storage/files', summary: 'Stored objects (file manager)',
    args: [query('prefix', { blankIsNone: true })], query: T.Object({ prefix: T.Optional(T.String()) }), response: T.Array(S.StoredObject),
  },
  { ...storage, call: 'fileStats', method: 'GET', url: '/api/object-storage/stats', summary: 'Object counts and sizes per folder', args: [], response: S.StorageStats },
  {
    ...storage, call: 'removeFile', method: 'DELETE', url: '/api/object-storage/files/*', summary: 'Delete a stored object by key',
    args: [param('*')], params: KeyParams, status: 204, response: Empty,
  },
  // Bytes with HTTP ranges (server/send-object.ts): public files are what the chat hands out.
  { call: 'readFile', method: 'GET', url: '/api/files/*', args: [param('*'), fields({ public: fixed(true) })], transport: 'file', byHand: true },
  { call: 'readFile', method: 'GET', url: '/api/object-storage/download/*', args: [param('*')], transport: 'file', byHand: true },
  { call: 'statFile', method: 'GET', url: '/api/files/*', args: [param('*'), fields({ public: fixed(true) })], transport: 'file', byHand: true },
  { call: 'statFile', method: 'GET', url: '/api/object-storage/download/*', args: [param('*')], transport: 'file', byHand: true },
);
