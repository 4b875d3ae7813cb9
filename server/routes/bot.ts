import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusFor, toAppError } from '../../core/foundation/errors';
import { Type as T } from 'typebox';
import { CONVERSATION_ID_PATTERN, type Config, type Product, type PublicGate, type RagEvent } from '../../core/product/index';
import * as S from '../../core/foundation/schemas/index';
import { limitPublic } from '../public-limit';
import { isSignedIn } from '../auth';
import { docs, Empty, EventStream, typed } from './schemas';

/** The public chat routes (spec section 7, docs/API.md): thin; the logic is in core/features/chat. */

export interface BotServices {
  config: Config;
  product: Pick<Product, 'ask' | 'askStream' | 'chat' | 'messages' | 'clearSession' | 'newConversation'>;
}

const referenceId = T.String({ pattern: CONVERSATION_ID_PATTERN });
const doc = docs('chat');

/** An AbortSignal that fires when the client goes away before the answer is sent. */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the connection'));
  });
  request.raw.once('aborted', () => controller.abort(new Error('The client aborted the request')));
  return controller.signal;
}

/** First language tag of Accept-Language ("he-IL,he;q=0.9" -> "he-IL"). */
const preferredLanguage = (request: FastifyRequest) => request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() || null;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Streams RagEvents as server-sent events. The first event is awaited before
 * any byte is written, so validation and rate limits still answer with their
 * HTTP status; later failures become `event: error` {error, message}.
 */
async function streamEvents(reply: FastifyReply, events: AsyncIterable<RagEvent>, signal: AbortSignal) {
  const it = events[Symbol.asyncIterator]();
  const first = await it.next();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive',
    'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff',
  });
  try {
    for (let r = first; !r.done && !signal.aborted; r = await it.next()) {
      res.write(r.value.type === 'token' ? sse('token', { text: r.value.text }) : sse('done', r.value.reply));
    }
  } catch (e) {
    const err = toAppError(e);
    if (!signal.aborted) res.write(sse('error', { error: err.code, message: httpStatusFor[err.code] === 500 ? 'Internal server error' : err.message }));
    if (httpStatusFor[err.code] === 500) reply.log.error({ err: e }, 'rag stream failed');
  } finally {
    await it.return?.();
    res.end();
  }
}

export default async function botRoutes(fastify: FastifyInstance, opts: { services: BotServices; gate: PublicGate }) {
  const { config, product } = opts.services;
  const app = typed(fastify);
  // A signed-in caller is answered from every completed item; anyone else from public items only.
  const staff = (request: FastifyRequest) => isSignedIn(request);
  const text = T.String({ minLength: 1, maxLength: config.limits.chatMaxMessageChars });
  // Every route here is public: each answers 429 past the per-address budget, before any work.
  fastify.addHook('onRequest', limitPublic(opts.gate, 'bot'));

  // A new conversation: its id is random and is the only way to read or clear it.
  app.post('/api/bot/session', {
    schema: doc('A new conversation id for the public chat', { 201: T.Object({ referenceId: T.String() }) }),
  }, async (_request, reply) => reply.status(201).send(await product.newConversation()));

  app.post('/api/bot/clear-session', {
    schema: { ...doc('Forget a public chat conversation', { 204: Empty }), body: T.Object({ referenceId }) },
  }, async (request, reply) => {
    await product.clearSession(request.body.referenceId);
    return reply.status(204).send();
  });

  app.post('/api/bot/chat', {
    schema: {
      ...doc('Send a message to the public assistant', { 200: S.ChatBotReply }),
      body: T.Object({
        message: text, referenceId, isNewSession: T.Optional(T.Boolean({ default: false })), channel: T.Optional(T.Enum(['chat', 'widget'] as const)),
      }),
    },
  }, async (request, reply) => {
    const { message, referenceId: ref, isNewSession, channel } = request.body;
    return product.chat({
      message, referenceId: ref, isNewSession, channel, clientAddress: request.ip, preferredLanguage: preferredLanguage(request), signal: clientGone(request, reply),
    });
  });

  app.get('/api/bot/messages', {
    schema: {
      ...doc('Messages of a conversation newer than `since`', { 200: T.Array(S.PublicChatMessage) }),
      querystring: T.Object({ referenceId, since: T.Optional(T.String({ maxLength: 64 })) }),
    },
  }, (request) => product.messages(request.query.referenceId, request.query.since));

  const RagBody = T.Object({ query: text, referenceId });

  app.post('/api/bot/rag-query', { schema: { ...doc('Ask the document-search assistant', { 200: S.RetrievalReply }), body: RagBody } }, async (request, reply) =>
    product.ask(request.body.query, request.body.referenceId, { signal: clientGone(request, reply), clientAddress: request.ip, staff: staff(request) }),
  );

  app.post('/api/bot/rag-query/stream', {
    schema: { ...doc('Ask the document-search assistant, streamed as server-sent events (token, done, error)', { 200: EventStream }), body: RagBody },
  }, async (request, reply) => {
    const signal = clientGone(request, reply);
    const options = { signal, clientAddress: request.ip, staff: staff(request) };
    await streamEvents(reply, product.askStream(request.body.query, request.body.referenceId, options), signal);
  });
}
