import { Type as T } from 'typebox';
import { CONVERSATION_ID_PATTERN } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { Empty, IdParams } from '../routes/schemas';
import { body, fields, orDefault, param, query, routes } from './declare';

/** The assistants (public), the visitors' ratings and hand-off requests, and the staff's analytics and Requests. */

/**
 * Registered by server/routes/bot.ts: each passes what the request says beyond its fields (the caller's
 * address, whether it is signed in, a signal when the client goes away) and its limits come from the config.
 */
export const BOT = routes(
  { call: 'newConversation', method: 'POST', url: '/api/bot/session', args: [], byHand: true },
  { call: 'clearSession', method: 'POST', url: '/api/bot/clear-session', args: [body('referenceId')], byHand: true },
  { call: 'chat', method: 'POST', url: '/api/bot/chat', args: [fields({ message: body('message'), referenceId: body('referenceId'), isNewSession: body('isNewSession') })], byHand: true },
  { call: 'messages', method: 'GET', url: '/api/bot/messages', args: [query('referenceId'), query('since')], byHand: true },
  { call: 'ask', method: 'POST', url: '/api/bot/rag-query', args: [body('query'), body('referenceId')], byHand: true },
  { call: 'askStream', method: 'POST', url: '/api/bot/rag-query/stream', args: [body('query'), body('referenceId')], transport: 'events', byHand: true },
  // The source viewer: the server decides from the sign-in whether only public items are shown.
  { call: 'viewer', method: 'GET', url: '/api/view/:type/:id', args: [param('type'), param('id'), query()], byHand: true },
);

const FeedbackBody = T.Object({
  referenceId: T.String({ pattern: CONVERSATION_ID_PATTERN }),
  answerId: T.String({ minLength: 1, maxLength: 64 }),
  rating: T.Enum(['up', 'down'] as const),
  comment: T.Optional(S.Nullable(T.String({ maxLength: 1000 }))),
}, { additionalProperties: false });
const nullableText = (max: number) => T.Optional(S.Nullable(T.String({ maxLength: max })));
const HandoffBody = T.Object({
  referenceId: T.String({ pattern: CONVERSATION_ID_PATTERN }), name: T.String({ maxLength: 120 }),
  email: nullableText(200), phone: nullableText(40), question: nullableText(2000), consent: T.Boolean(),
  channel: T.Optional(T.Enum(['chat', 'widget'] as const)), language: nullableText(12),
}, { additionalProperties: false });

/** Public, with the bot routes' per-address limit (server/app.ts). */
export const FEEDBACK = routes(
  { tag: 'chat', call: 'rate', method: 'POST', url: '/api/bot/feedback', summary: 'Rate an answer (thumbs up/down, optional comment)', args: [body()], body: FeedbackBody, response: S.FeedbackReply },
);
export const HANDOFF_REQUEST = routes(
  {
    tag: 'chat', call: 'requestHandoff', method: 'POST', url: '/api/bot/handoff',
    summary: 'Ask to be contacted by a person: name, e-mail or phone, consent; the conversation is attached',
    args: [body()], body: HandoffBody, status: 201, response: T.Object({ id: T.Integer(), createdAt: T.String() }),
  },
);

export const HANDOFF = routes(
  {
    tag: 'chat', call: 'handoffRequests', method: 'GET', url: '/api/handoff-requests', summary: 'Visitors\' requests to be contacted (newest first; ?status=open|handled)',
    args: [fields({ status: query('status') })], query: T.Object({ status: T.Optional(T.Enum(['open', 'handled'] as const)) }), response: T.Array(S.HandoffRequest),
  },
  {
    tag: 'chat', call: 'handoffRequest', method: 'GET', url: '/api/handoff-requests/:id', summary: 'One request with its contact details and conversation',
    args: [param('id')], params: IdParams, response: S.HandoffRequest,
  },
  {
    tag: 'chat', call: 'markHandoffHandled', method: 'POST', url: '/api/handoff-requests/:id/handled', summary: 'Mark a request handled (or open again with {"handled": false})',
    args: [param('id'), orDefault(body('handled'), true)], params: IdParams, body: S.Nullable(T.Object({ handled: T.Optional(T.Boolean()) })), response: S.HandoffRequest,
  },
  {
    tag: 'chat', call: 'removeHandoffRequest', method: 'DELETE', url: '/api/handoff-requests/:id', summary: 'Delete a request and the contact details in it',
    args: [param('id')], params: IdParams, status: 204, response: Empty,
  },
);

export const ANALYTICS = routes(
  {
    tag: 'analytics', call: 'questionStats', method: 'GET', url: '/api/analytics/stats', summary: 'Question analytics for a period',
    args: [query('since')], query: T.Object({ since: T.Optional(T.String({ maxLength: 40, description: '7d, 24h or an ISO date (default 7d)' })) }), response: S.QuestionStats,
  },
  // A file download (CSV or JSON lines): server/routes/analytics.ts.
  { call: 'exportConversations', method: 'GET', url: '/api/analytics/export', args: [fields({ from: query('from'), to: query('to'), format: query('format') })], transport: 'download', byHand: true },
);
