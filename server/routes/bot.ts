import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusFor, toAppError } from '../../core/errors';
import { CONVERSATION_ID_PATTERN, type Config, type Product, type PublicGate, type RagEvent } from '../../core/product/index';
import { limitPublic } from '../public-limit';
import { isSignedIn } from '../auth';

/** The public chat routes (spec section 7, docs/API.md): thin; the logic is in core/chat. */

export interface BotServices {
  config: Config;
  product: Pick<Product, 'ask' | 'askStream' | 'chat' | 'messages' | 'clearSession' | 'newConversation'>;
}

const referenceId = { type: 'string', pattern: CONVERSATION_ID_PATTERN } as const;

type RefBody = { referenceId: string };
type ChatBody = { message: string; referenceId: string; isNewSession?: boolean; channel?: 'chat' | 'widget' };
type RagBody = { query: string; referenceId: string };
type MessagesQuery = { referenceId: string; since?: string };

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

export default async function botRoutes(app: FastifyInstance, opts: { services: BotServices; gate: PublicGate }) {
  const { config, product } = opts.services;
  // A signed-in caller is answered from every completed item; anyone else from public items only.
  const staff = (request: FastifyRequest) => isSignedIn(request);
  const text = { type: 'string', minLength: 1, maxLength: config.limits.chatMaxMessageChars } as const;
  // Every route here is public: each answers 429 past the per-address budget, before any work.
  app.addHook('onRequest', limitPublic(opts.gate, 'bot'));

  // A new conversation: its id is random and is the only way to read or clear it.
  app.post('/api/bot/session', async (_request, reply) => reply.status(201).send(await product.newConversation()));

  app.post<{ Body: RefBody }>('/api/bot/clear-session', {
    schema: { body: { type: 'object', required: ['referenceId'], properties: { referenceId } } },
  }, async (request, reply) => {
    await product.clearSession(request.body.referenceId);
    return reply.status(204).send();
  });

  app.post<{ Body: ChatBody }>('/api/bot/chat', {
    schema: {
      body: {
        type: 'object', required: ['message', 'referenceId'],
        properties: { message: text, referenceId, isNewSession: { type: 'boolean', default: false }, channel: { type: 'string', enum: ['chat', 'widget'] } },
      },
    },
  }, async (request, reply) => {
    const { message, referenceId: ref, isNewSession, channel } = request.body;
    return product.chat({
      message, referenceId: ref, isNewSession, channel, clientAddress: request.ip, preferredLanguage: preferredLanguage(request), signal: clientGone(request, reply),
    });
  });

  app.get<{ Querystring: MessagesQuery }>('/api/bot/messages', {
    schema: { querystring: { type: 'object', required: ['referenceId'], properties: { referenceId, since: { type: 'string', maxLength: 64 } } } },
  }, (request) => product.messages(request.query.referenceId, request.query.since));

  const ragBody = { type: 'object', required: ['query', 'referenceId'], properties: { query: text, referenceId } } as const;

  app.post<{ Body: RagBody }>('/api/bot/rag-query', { schema: { body: ragBody } }, async (request, reply) =>
    product.ask(request.body.query, request.body.referenceId, { signal: clientGone(request, reply), clientAddress: request.ip, staff: staff(request) }),
  );

  app.post<{ Body: RagBody }>('/api/bot/rag-query/stream', { schema: { body: ragBody } }, async (request, reply) => {
    const signal = clientGone(request, reply);
    const options = { signal, clientAddress: request.ip, staff: staff(request) };
    await streamEvents(reply, product.askStream(request.body.query, request.body.referenceId, options), signal);
  });
}
