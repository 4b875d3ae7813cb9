import type { FastifyInstance } from 'fastify';
import { CONVERSATION_ID_PATTERN, type Product } from '../../core/product/index';

/** Question analytics: visitors rate answers (public); the admin reads the figures and exports conversations. */

interface AnalyticsServices {
  product: Pick<Product, 'rate' | 'questionStats' | 'exportConversations'>;
}

const referenceId = { type: 'string', pattern: CONVERSATION_ID_PATTERN } as const;
type FeedbackBody = { referenceId: string; answerId: string; rating: 'up' | 'down'; comment?: string | null };

export async function feedbackRoutes(app: FastifyInstance, { services }: { services: AnalyticsServices }) {
  app.post<{ Body: FeedbackBody }>('/api/bot/feedback', {
    schema: {
      body: {
        type: 'object', required: ['referenceId', 'answerId', 'rating'], additionalProperties: false,
        properties: {
          referenceId, answerId: { type: 'string', minLength: 1, maxLength: 64 }, rating: { type: 'string', enum: ['up', 'down'] },
          comment: { type: ['string', 'null'], maxLength: 1000 },
        },
      },
    },
  }, (request) => services.product.rate(request.body));
}

export default async function analyticsRoutes(app: FastifyInstance, { services }: { services: AnalyticsServices }) {
  app.get<{ Querystring: { since?: string } }>('/api/analytics/stats', {
    schema: { querystring: { type: 'object', properties: { since: { type: 'string', maxLength: 40, description: '7d, 24h or an ISO date (default 7d)' } } } },
  }, (request) => services.product.questionStats(request.query.since));

  app.get<{ Querystring: { from?: string; to?: string; format?: 'csv' | 'jsonl' } }>('/api/analytics/export', {
    schema: {
      querystring: {
        type: 'object',
        properties: {
          from: { type: 'string', maxLength: 40, description: 'ISO date or a period like 30d (default: everything)' },
          to: { type: 'string', maxLength: 40, description: 'ISO date, exclusive (default: now)' },
          format: { type: 'string', enum: ['csv', 'jsonl'], default: 'csv' },
        },
      },
    },
  }, async (request, reply) => {
    const file = await services.product.exportConversations({ from: request.query.from, to: request.query.to, format: request.query.format ?? 'csv' });
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
}
