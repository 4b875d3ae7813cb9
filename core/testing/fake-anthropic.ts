import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server speaking the Anthropic Messages API
 * (POST /v1/messages, JSON and SSE streaming) for tests: the product's
 * Anthropic client talks to it through the real SDK via `baseURL`.
 * Each test scripts the model with a responder and reads what was sent.
 */

export interface FakeRequest {
  body: {
    model: string;
    max_tokens: number;
    system?: string | Array<{ type: string; text: string }>;
    messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
    stream?: boolean;
    [k: string]: unknown;
  };
  headers: IncomingHttpHeaders;
  /** The system prompt as one string ('' when none). */
  system: string;
  /** Text of the last user message. */
  lastUser: string;
  /** All message texts joined, for `includes` checks. */
  allText: string;
  stream: boolean;
}

export type FakeReply =
  | string
  | {
      text?: string;
      /** Answer with this HTTP error status (429, 500, 529, ...) instead of a message. */
      status?: number;
      errorType?: string;
      errorMessage?: string;
      /** Wait before answering (longer than the client timeout simulates a hang). */
      delayMs?: number;
      /** Streaming only: send `event: error` with this type after the first delta. */
      streamErrorType?: string;
    };

export type Responder = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeAnthropic {
  /** Base URL for the SDK (`baseURL`). */
  url: string;
  /** A key to configure the client with (any non-empty key is accepted). */
  apiKey: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Requests whose client went away before the reply was complete (cancellation reached the API). */
  readonly cancelled: number;
  /** Replaces the responder. */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error',
  413: 'request_too_large', 429: 'rate_limit_error', 500: 'api_error', 503: 'api_error', 529: 'overloaded_error',
};

const textOf = (c: FakeRequest['body']['messages'][number]['content']) =>
  typeof c === 'string' ? c : c.map((b) => b.text ?? '').join('');

/** Splits a reply into word-sized deltas the way a model streams. */
function deltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

export async function startFakeAnthropic(options: { responder?: Responder } = {}): Promise<FakeAnthropic> {
  let responder: Responder = options.responder ?? ((r) => `Echo: ${r.lastUser}`);
  const requests: FakeRequest[] = [];
  let n = 0;
  let cancelled = 0;

  const sendError = (res: ServerResponse, status: number, type?: string, message?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${n}` });
    res.end(JSON.stringify({ type: 'error', error: { type: type ?? ERROR_TYPES[status] ?? 'api_error', message: message ?? `Fake error ${status}` } }));
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) return sendError(res, 404, undefined, `No route ${req.method} ${req.url}`);
    if (!req.headers['x-api-key'] && !String(req.headers.authorization ?? '').startsWith('Bearer ')) {
      return sendError(res, 401, undefined, 'invalid x-api-key');
    }
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendError(res, 400, undefined, 'Body is not JSON');
    }
    if (!body.model || !Number.isInteger(body.max_tokens) || !Array.isArray(body.messages) || body.messages.length === 0) {
      return sendError(res, 400, undefined, 'model, max_tokens and messages are required');
    }
    const system = typeof body.system === 'string' ? body.system : (body.system ?? []).map((b) => b.text).join('\n');
    const userTexts = body.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
    const request: FakeRequest = {
      body, headers: req.headers, system, stream: body.stream === true,
      lastUser: userTexts[userTexts.length - 1] ?? '',
      allText: [system, ...body.messages.map((m) => textOf(m.content))].join('\n'),
    };
    requests.push(request);
    n++;
    res.once('close', () => {
      if (!res.writableFinished) cancelled++;
    });

    let reply: Exclude<FakeReply, string>;
    try {
      const r = await responder(request);
      reply = typeof r === 'string' ? { text: r } : r;
    } catch (e) {
      return sendError(res, 500, 'api_error', `Fake responder threw: ${(e as Error).message}`);
    }
    if (reply.delayMs) {
      const closed = await new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), reply.delayMs);
        res.once('close', () => { clearTimeout(t); resolve(true); });
      });
      if (closed) return;
    }
    if (reply.status && reply.status >= 400) return sendError(res, reply.status, reply.errorType, reply.errorMessage);

    // Token budget: one word is one "token" here.
    let words = deltas(reply.text ?? '');
    const truncated = words.length > body.max_tokens;
    if (truncated) words = words.slice(0, body.max_tokens);
    const text = words.join('');
    const id = `msg_fake_${n}`;
    const usage = { input_tokens: Math.ceil(request.allText.length / 4), output_tokens: words.length };
    const stopReason = truncated ? 'max_tokens' : 'end_turn';

    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake_${n}` });
      res.end(JSON.stringify({
        id, type: 'message', role: 'assistant', model: body.model,
        content: [{ type: 'text', text }], stop_reason: stopReason, stop_sequence: null, usage,
      }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    send('message_start', {
      message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 } },
    });
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('ping', {});
    for (const [i, d] of words.entries()) {
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: d } });
      if (reply.streamErrorType && i === 0) {
        send('error', { error: { type: reply.streamErrorType, message: 'Fake stream error' } });
        res.end();
        return;
      }
      await new Promise((r) => setImmediate(r));
    }
    send('content_block_stop', { index: 0 });
    send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: words.length } });
    send('message_stop', {});
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: 'sk-ant-fake-test-key',
    requests,
    get cancelled() {
      return cancelled;
    },
    respond(r) {
      responder = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
