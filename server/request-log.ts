import { LogController, type FastifyRequest } from 'fastify';

/**
 * Requests that are not logged unless LOG_LEVEL is debug (or trace): health
 * checks and metrics scrapes, and what the console and the CLI poll while
 * they wait (job and translation states, the item lists, a conversation's
 * new messages, a video's transcript). Any other request gets its two lines
 * ("incoming request", "request completed"). There is no server-sent-events
 * progress route: the only stream (POST /api/bot/rag-query/stream) is an
 * answer, which is logged.
 */
export const QUIET_ROUTES: ReadonlySet<string> = new Set([
  // Health checks and scrapes
  '/api/health', '/api/health/details', '/api/metrics',
  // Job and translation states (cms status --follow, cms translate, the console's progress)
  '/api/jobs', '/api/translations', '/api/translations/:id', '/api/presentation-translations', '/api/video-translations',
  // The lists the console refreshes and cms import follows items by
  '/api/documents', '/api/presentations', '/api/videos', '/api/content', '/api/review', '/api/categories',
  '/api/bot-images', '/api/presentation-images', '/api/dashboard/metrics', '/api/object-storage/files', '/api/object-storage/stats',
  '/api/analytics/stats', '/api/audit', '/api/handoff-requests', '/api/videos/:id/transcript',
  // A conversation's new messages (the chat page and the widget)
  '/api/bot/messages',
]);

export const isQuietRequest = (request: Pick<FastifyRequest, 'method' | 'routeOptions'>) =>
  (request.method === 'GET' || request.method === 'HEAD') && QUIET_ROUTES.has(request.routeOptions?.url ?? '');

/** Fastify's request logging with the quiet routes left out, unless `level` is debug or trace. */
export function requestLogController(level: string): LogController {
  const verbose = level === 'debug' || level === 'trace';
  return new LogController({ disableRequestLogging: verbose ? false : (req: FastifyRequest) => isQuietRequest(req) });
}
