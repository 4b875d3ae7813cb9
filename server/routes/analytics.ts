import type { FastifyInstance } from 'fastify';
import { toCsv, toJsonl } from '../../core/analytics/export';
import { parseSince, questionStats } from '../../core/analytics/stats';
import type { QuestionLog } from '../../core/analytics/types';
import { AppError } from '../../core/errors';

/** Question analytics: visitors rate answers (public); the admin reads the figures and exports conversations. */

interface AnalyticsServices {
  questions: QuestionLog;
}

const referenceId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;
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
  }, async (request) => {
    const { referenceId: ref, answerId, rating, comment } = request.body;
    const a = services.questions.rate({ answerId, referenceId: ref, value: rating, comment });
    return { answerId: a.id, rating: a.rating };
  });
}

function dateParam(value: string | undefined, name: string, now: Date): Date | null {
  if (!value) return null;
  const d = parseSince(value, now);
  if (Number.isNaN(d.getTime())) throw new AppError('validation', `${name} must be an ISO date or a period like 7d, 24h (got "${value}")`);
  return d;
}

export default async function analyticsRoutes(app: FastifyInstance, { services }: { services: AnalyticsServices }) {
  app.get<{ Querystring: { since?: string } }>('/api/analytics/stats', {
    schema: { querystring: { type: 'object', properties: { since: { type: 'string', maxLength: 40, description: '7d, 24h or an ISO date (default 7d)' } } } },
  }, async (request) => {
    const now = new Date();
    const from = dateParam(request.query.since || '7d', 'since', now)!;
    return questionStats(services.questions.list({ from, to: now }), { from, to: now });
  });

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
    const now = new Date();
    const from = dateParam(request.query.from, 'from', now);
    const to = dateParam(request.query.to, 'to', now);
    const rows = services.questions.list({ from, to });
    const csv = (request.query.format ?? 'csv') === 'csv';
    const name = `conversations-${(from ?? new Date(0)).toISOString().slice(0, 10)}-${(to ?? now).toISOString().slice(0, 10)}.${csv ? 'csv' : 'jsonl'}`;
    return reply
      .header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv ? toCsv(rows) : toJsonl(rows));
  });
}
