import type { FastifyInstance } from 'fastify';
import type { AccessPatch, Edge } from '../../core/product/index';
import { REVIEW_FILTERS, type ReviewFilter } from '../../core/types';
import { actorOf } from '../auth';
import { idParams, type IdParams } from './schemas';

/** Review, audience and expiry (docs/API.md "Review"): thin; the rules are in core/governance. */

const ids = { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } as const;
const note = { type: ['string', 'null'], maxLength: 2000 } as const;
const access = {
  audience: { type: 'string', enum: ['public', 'staff'] },
  validUntil: { type: ['string', 'null'], maxLength: 40 },
  archived: { type: 'boolean' },
} as const;

type Bulk = { ids: number[]; note?: string | null };

export default async function reviewRoutes(app: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  app.get<{ Querystring: { filter?: ReviewFilter } }>('/api/review', {
    schema: { querystring: { type: 'object', properties: { filter: { type: 'string', enum: [...REVIEW_FILTERS] } } } },
  }, (request) => product.reviewQueue(request.query.filter));

  app.post<{ Body: Bulk }>('/api/review/approve', {
    schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids } } },
  }, (request) => product.approve(request.body.ids, { actor: actorOf(request) }));
  app.post<{ Body: Bulk }>('/api/review/reject', {
    schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids, note } } },
  }, (request) => product.reject(request.body.ids, { note: request.body.note, actor: actorOf(request) }));
  app.post<{ Body: AccessPatch & { ids: number[] } }>('/api/review/access', {
    schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids, ...access } } },
  }, (request) => product.setAccess(request.body.ids, { audience: request.body.audience, validUntil: request.body.validUntil, archived: request.body.archived }, { actor: actorOf(request) }));

  // One item: /api/items/:id/approve | reject | access (the same use cases).
  app.post<{ Params: IdParams }>('/api/items/:id/approve', { schema: { params: idParams } }, async (request) =>
    (await product.approve([request.params.id], { actor: actorOf(request) }))[0]);
  app.post<{ Params: IdParams; Body: { note?: string | null } | undefined }>('/api/items/:id/reject', {
    schema: { params: idParams, body: { type: ['object', 'null'], additionalProperties: false, properties: { note } } },
  }, async (request) => (await product.reject([request.params.id], { note: request.body?.note, actor: actorOf(request) }))[0]);
  app.patch<{ Params: IdParams; Body: AccessPatch }>('/api/items/:id/access', {
    schema: { params: idParams, body: { type: 'object', additionalProperties: false, properties: access } },
  }, async (request) => (await product.setAccess([request.params.id], request.body, { actor: actorOf(request) }))[0]);

  app.get<{ Querystring: { since?: string; format?: 'csv' | 'jsonl' | 'json'; limit?: number } }>('/api/audit', {
    schema: {
      querystring: {
        type: 'object',
        properties: { since: { type: 'string', maxLength: 40 }, format: { type: 'string', enum: ['json', 'csv', 'jsonl'] }, limit: { type: 'integer', minimum: 1, maximum: 100000 } },
      },
    },
  }, async (request, reply) => {
    const { since, format, limit } = request.query;
    if (!format || format === 'json') return product.auditLog({ since, limit });
    const file = await product.exportAudit({ since, format });
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
}
