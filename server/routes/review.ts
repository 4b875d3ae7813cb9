import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Edge } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { actorOf } from '../auth';
import { REVIEW } from '../api/review';
import { docs, IdParams, JsonFile, typed } from './schemas';
import { serveApi } from './serve-api';

/** Review, audience and expiry (docs/API.md "Review"): thin; the rules are in core/features/governance. */

const doc = docs('review');
const AuditQuery = T.Object({
  since: T.Optional(T.String({ maxLength: 40, description: '7d, 24h, 30m or a date' })),
  format: T.Optional(T.Enum(['json', 'csv', 'jsonl'] as const)),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: 100000 })),
});

export default async function reviewRoutes(fastify: FastifyInstance, { services }: { services: Edge }) {
  const { product } = services;
  const app = typed(fastify);
  await serveApi(fastify, product, REVIEW);

  // One item: /api/items/:id/approve | reject | access (the same use cases).
  app.post('/api/items/:id/approve', { schema: { ...doc('Approve one item', { 200: S.ContentItem }), params: IdParams } }, async (request) =>
    (await product.approve([request.params.id], { actor: actorOf(request) }))[0]);
  app.post('/api/items/:id/reject', {
    schema: { ...doc('Reject one item (optional note)', { 200: S.ContentItem }), params: IdParams, body: S.RejectOneBody },
  }, async (request) => (await product.reject([request.params.id], { note: request.body?.note, actor: actorOf(request) }))[0]);
  app.patch('/api/items/:id/access', {
    schema: { ...doc('Audience and/or validUntil of one item', { 200: S.ContentItem }), params: IdParams, body: S.AccessPatch },
  }, async (request) => (await product.setAccess([request.params.id], request.body, { actor: actorOf(request) }))[0]);

  app.get('/api/audit', {
    schema: { ...doc('The audit log, newest first (admin): JSON, or a CSV / JSON-lines file with format', { 200: JsonFile(T.Array(S.AuditEntry), { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } }) }), querystring: AuditQuery },
  }, async (request, reply) => {
    const { since, format, limit } = request.query;
    if (!format || format === 'json') return product.auditLog({ since, limit });
    const file = await product.exportAudit({ since, format });
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
}
