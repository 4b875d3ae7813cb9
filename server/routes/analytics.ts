import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import type { Product } from '../../core/product/index';
import { ANALYTICS, FEEDBACK } from '../api/chat';
import { CsvOrJsonl, docs, typed } from './schemas';
import { serveApi } from './serve-api';

/** Question analytics: visitors rate answers (public); the admin reads the figures and exports conversations. */

interface AnalyticsServices {
  product: Pick<Product, 'rate' | 'questionStats' | 'exportConversations'>;
}

export async function feedbackRoutes(fastify: FastifyInstance, { services }: { services: AnalyticsServices }) {
  await serveApi(fastify, services.product, FEEDBACK);
}

const doc = docs('analytics');

export default async function analyticsRoutes(fastify: FastifyInstance, { services }: { services: AnalyticsServices }) {
  const app = typed(fastify);
  await serveApi(fastify, services.product, ANALYTICS);
  app.get('/api/analytics/export', {
    schema: {
      ...doc('Export conversations (questions, answers, ratings) of a date range as CSV or JSON lines', { 200: CsvOrJsonl }),
      querystring: T.Object({
        from: T.Optional(T.String({ maxLength: 40, description: 'ISO date or a period like 30d (default: everything)' })),
        to: T.Optional(T.String({ maxLength: 40, description: 'ISO date, exclusive (default: now)' })),
        format: T.Optional(T.Enum(['csv', 'jsonl'] as const, { default: 'csv' })),
      }),
    },
  }, async (request, reply) => {
    const file = await services.product.exportConversations({ from: request.query.from, to: request.query.to, format: request.query.format ?? 'csv' });
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
}
