import type { FastifyInstance } from 'fastify';
import { Type as T } from 'typebox';
import { CONVERSATION_ID_PATTERN, type Product } from '../../core/product/index';
import * as S from '../../core/schemas/index';
import { CsvOrJsonl, docs, typed } from './schemas';

/** Question analytics: visitors rate answers (public); the admin reads the figures and exports conversations. */

interface AnalyticsServices {
  product: Pick<Product, 'rate' | 'questionStats' | 'exportConversations'>;
}

const FeedbackBody = T.Object({
  referenceId: T.String({ pattern: CONVERSATION_ID_PATTERN }),
  answerId: T.String({ minLength: 1, maxLength: 64 }),
  rating: T.Enum(['up', 'down'] as const),
  comment: T.Optional(S.Nullable(T.String({ maxLength: 1000 }))),
}, { additionalProperties: false });

export async function feedbackRoutes(fastify: FastifyInstance, { services }: { services: AnalyticsServices }) {
  typed(fastify).post('/api/bot/feedback', {
    schema: { ...docs('chat')('Rate an answer (thumbs up/down, optional comment)', { 200: S.FeedbackReply }), body: FeedbackBody },
  }, (request) => services.product.rate(request.body));
}

const doc = docs('analytics');

export default async function analyticsRoutes(fastify: FastifyInstance, { services }: { services: AnalyticsServices }) {
  const app = typed(fastify);
  app.get('/api/analytics/stats', {
    schema: {
      ...doc('Question analytics for a period', { 200: S.QuestionStats }),
      querystring: T.Object({ since: T.Optional(T.String({ maxLength: 40, description: '7d, 24h or an ISO date (default 7d)' })) }),
    },
  }, (request) => services.product.questionStats(request.query.since));

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
