import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import { REVIEW_FILTERS, type ContentType } from '../../core/foundation/types';
import { IdParams } from '../routes/schemas';
import { actor, body, fields, fixed, orDefault, param, query, routes, type ApiRoute } from './declare';

/** Review, audience and expiry (docs/API.md "Review"), and versions of an item's file: the rules are in core/features/governance. */

const tag = 'review';
const Items = T.Array(S.ContentItem);

export const REVIEW = routes(
  {
    tag, call: 'reviewQueue', method: 'GET', url: '/api/review', summary: 'Items by review state: pending (default), approved, rejected, expired, staff, all',
    args: [query('filter')], query: T.Object({ filter: T.Optional(T.Enum(REVIEW_FILTERS)) }), response: Items,
  },
  {
    tag, call: 'approve', method: 'POST', url: '/api/review/approve', summary: 'Approve items by id (reviewer or admin): public unless staff-only or expired',
    args: [body('ids'), fields({ actor })], body: S.ApproveBody, response: Items,
  },
  {
    tag, call: 'reject', method: 'POST', url: '/api/review/reject', summary: 'Reject items by id with an optional note (reviewer or admin): never public',
    args: [body('ids'), fields({ note: body('note'), actor })], body: S.RejectBody, response: Items,
  },
  {
    tag, call: 'setAccess', method: 'POST', url: '/api/review/access', summary: 'Set the audience (public, staff) and/or validUntil of items by id',
    args: [body('ids'), fields({ audience: body('audience'), validUntil: body('validUntil'), archived: body('archived') }), fields({ actor })], body: S.AccessBody, response: Items,
  },
  // JSON here; with format=csv|jsonl the same route answers a file (server/routes/review.ts).
  { call: 'auditLog', method: 'GET', url: '/api/audit', args: [fields({ since: query('since'), limit: query('limit') })], byHand: true },
  { call: 'exportAudit', method: 'GET', url: '/api/audit', args: [fields({ since: query('since'), format: query('format') })], transport: 'download', byHand: true },
);

/** The items whose file has versions: one kind's routes, and any kind's. */
export const VERSIONED: Array<{ base: string; type?: ContentType; name: string }> = [
  { base: '/api/documents', type: 'document', name: 'a document' }, { base: '/api/presentations', type: 'presentation', name: 'a presentation' },
  { base: '/api/videos', type: 'video', name: 'a video' }, { base: '/api/items', name: 'an item (any kind)' },
];
const VersionParams = T.Object({ id: T.Integer({ minimum: 1 }), n: T.Integer({ minimum: 1 }) });
const RestoreBody = T.Union([T.Object({ approve: T.Optional(T.Boolean()) }, { additionalProperties: false }), T.Null()]);
/** The item as it is now (its record), and the new version. */
export const VersionResult = T.Object({ type: S.ContentType, item: T.Union([S.Document, S.Presentation, S.Video]), version: S.ItemVersion });

export const VERSIONS = routes(...VERSIONED.flatMap(({ base, type, name }): ApiRoute[] => [
  // Multipart: registered by server/routes/versions.ts.
  { call: 'replace', method: 'POST', url: `${base}/:id/replace`, args: [param('id'), fields({ type: fixed(type) })], transport: 'multipart', byHand: true },
  {
    tag: 'versions', call: 'versions', method: 'GET', url: `${base}/:id/versions`, summary: `The versions of ${name}'s file, oldest first`,
    args: [param('id'), fixed(type)], params: IdParams, response: T.Array(S.ItemVersion),
  },
  {
    tag: 'versions', call: 'restoreVersion', method: 'POST', url: `${base}/:id/versions/:n/restore`,
    summary: `Bring back version n of ${name}'s file as a new version (processed and reviewed like a replacement; approve: true for reviewers and admins)`,
    args: [param('id'), param('n'), fields({ type: fixed(type), approve: orDefault(body('approve'), false), actor })], params: VersionParams, body: RestoreBody, response: VersionResult,
  },
]));
