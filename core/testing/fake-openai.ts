import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeReply } from './fake-anthropic';

/**
 * A real local HTTP server speaking the OpenAI chat completions API
 * (POST /v1/chat/completions, JSON and SSE streaming), as Ollama, vLLM and
 * LM Studio do, for tests: the product's OpenAI-compatible client talks to
 * it through the real `openai` SDK via `baseURL`. Scripted like the fake
 * Anthropic API (same replies), so one scripted model serves both.
 */

export interface FakeOpenAiRequest {
  body: {
    model: string;
    max_tokens?: number;
    max_completion_tokens?: number;
    messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
    stream?: boolean;
    temperature?: number;
    [k: string]: unknown;
  };
  headers: IncomingHttpHeaders;
  /** The system message as one string ('' when none). */
  system: string;
  /** Text of the last user message. */
  lastUser: string;
  /** All message texts joined, for `includes` checks. */
  allText: string;
  stream: boolean;
}

export type OpenAiResponder = (request: FakeOpenAiRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAi {
  /** Base URL for the SDK (`baseURL`), ending in /v1. */
  url: string;
  apiKey: string;
  requests: FakeOpenAiRequest[];
  /** Requests whose client went away before the reply was complete. */
  readonly cancelled: number;
  respond(responder: OpenAiResponder): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error', 401: 'invalid_api_key', 403: 'permission_error', 404: 'not_found_error',
  429: 'rate_limit_exceeded', 500: 'server_error', 503: 'service_unavailable',
};

const textOf = (c: FakeOpenAiRequest['body']['messages'][number]['content']) =>
  typeof c === 'string' ? c : c.map((b) => b.text ?? '').join('');

function deltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

export async function startFakeOpenAi(options: { responder?: OpenAiResponder; requireKey?: boolean } = {}): Promise<FakeOpenAi> {
  let responder: OpenAiResponder = options.responder ?? ((r) => `Echo: ${r.lastUser}`);
  const requests: FakeOpenAiRequest[] = [];
  let n = 0;
  let cancelled = 0;

  const sendError = (res: ServerResponse, status: number, type?: string, message?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_fake_${n}` });
    res.end(JSON.stringify({ error: { message: message ?? `Fake error ${status}`, type: type ?? ERROR_TYPES[status] ?? 'server_error', param: null, code: type ?? ERROR_TYPES[status] ?? null } }));
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendError(res, 404, undefined, `No route ${req.method} ${req.url}`);
    if (options.requireKey !== false && !String(req.headers.authorization ?? '').startsWith('Bearer ')) {
      return sendError(res, 401, undefined, 'Missing bearer key');
    }
    let body: FakeOpenAiRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendError(res, 400, undefined, 'Body is not JSON');
    }
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      return sendError(res, 400, undefined, 'model and messages are required');
    }
    const system = body.messages.filter((m) => m.role === 'system').map((m) => textOf(m.content)).join('\n');
    const userTexts = body.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
    const request: FakeOpenAiRequest = {
      body, headers: req.headers, system, stream: body.stream === true,
      lastUser: userTexts[userTexts.length - 1] ?? '',
      allText: body.messages.map((m) => textOf(m.content)).join('\n'),
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
      return sendError(res, 500, 'server_error', `Fake responder threw: ${(e as Error).message}`);
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
    const budget = body.max_completion_tokens ?? body.max_tokens ?? Number.MAX_SAFE_INTEGER;
    let words = deltas(reply.text ?? '');
    const truncated = words.length > budget;
    if (truncated) words = words.slice(0, budget);
    const text = words.join('');
    const id = `chatcmpl-fake-${n}`;
    const created = Math.floor(Date.now() / 1000);
    const finish = truncated ? 'length' : 'stop';
    const usage = { prompt_tokens: Math.ceil(request.allText.length / 4), completion_tokens: words.length, total_tokens: 0 };

    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id, object: 'chat.completion', created, model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: finish }], usage,
      }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: object) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: object, finishReason: string | null) =>
      send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
    chunk({ role: 'assistant', content: '' }, null);
    for (const [i, d] of words.entries()) {
      chunk({ content: d }, null);
      if (reply.streamErrorType && i === 0) {
        send({ error: { message: 'Fake stream error', type: reply.streamErrorType, param: null, code: null } });
        res.end();
        return;
      }
      await new Promise((r) => setImmediate(r));
    }
    chunk({}, finish);
    res.write('data: [DONE]\n\n');
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: 'sk-fake-openai-test-key',
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
