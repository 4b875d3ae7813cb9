/**
 * A local fake of a reranking endpoint for tests, speaking both protocols
 * in use: Hugging Face TEI (`POST /rerank {query, texts}` ->
 * `[{index, score}]`, best first) and Cohere/Jina/vLLM/Infinity
 * (`POST /v1/rerank` or `/rerank` `{model, query, documents, top_n}` ->
 * `{id, results: [{index, relevance_score}], meta}`, best first, at most
 * top_n). The body decides which (`texts` or `documents`), as each real
 * server reads its own. It scores with the function it is given (the
 * default: the share of the query's words in the text), or fails: an error
 * status, a 429, a body that is not JSON, or no reply at all until it is
 * closed (a timeout). Requests are recorded; `received` tells of each.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRerankRequest {
  path: string;
  authorization: string | undefined;
  body: { query?: string; texts?: string[]; documents?: string[]; model?: string; top_n?: number; truncate?: boolean };
}

export type FakeRerankMode =
  | { kind: 'score'; score?: (query: string, text: string, index: number) => number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'garbage' }
  | { kind: 'hang' };

export interface FakeRerank {
  /** Base URL (no path): add `/rerank` or `/v1/rerank`. */
  url: string;
  requests: FakeRerankRequest[];
  setMode(mode: FakeRerankMode): void;
  /** Resolves with the next request the fake receives. */
  nextRequest(): Promise<FakeRerankRequest>;
  close(): Promise<void>;
}

const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}+/gu) ?? []);

/** The share of the query's words found in the text. */
export function overlapScore(query: string, text: string): number {
  const q = words(query);
  const t = words(text);
  if (q.size === 0) return 0;
  let n = 0;
  for (const w of q) if (t.has(w)) n++;
  return n / q.size;
}

export async function startFakeRerank(opts: { apiKey?: string; mode?: FakeRerankMode } = {}): Promise<FakeRerank> {
  let mode: FakeRerankMode = opts.mode ?? { kind: 'score' };
  const requests: FakeRerankRequest[] = [];
  const events = new EventEmitter();
  const held = new Set<ServerResponse>();
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const c of req) parts.push(c as Buffer);
    if (req.method !== 'POST' || !['/rerank', '/v1/rerank', '/v2/rerank'].includes(req.url ?? '')) return json(res, 404, { error: 'not found' });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return json(res, 401, { message: 'invalid api token' });
    let body: FakeRerankRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      return json(res, 422, { error: 'Failed to parse the request body as JSON', error_type: 'Unhandled' });
    }
    const request: FakeRerankRequest = { path: req.url!, authorization: req.headers.authorization, body };
    requests.push(request);
    events.emit('request', request);
    if (mode.kind === 'hang') {
      held.add(res);
      return;
    }
    if (mode.kind === 'status') return res.writeHead(mode.status, { 'content-type': 'application/json' }).end(mode.body ?? '{"error":"failed"}');
    if (mode.kind === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Bad gateway</html>');
    const score = mode.score ?? ((q: string, t: string) => overlapScore(q, t));
    const texts = body.texts ?? body.documents;
    if (typeof body.query !== 'string' || !Array.isArray(texts)) return json(res, 422, { error: 'query and texts (or documents) are required' });
    const ranked = texts.map((t, index) => ({ index, score: score(body.query!, t, index) })).sort((a, b) => b.score - a.score);
    if (body.texts) return json(res, 200, ranked);
    return json(res, 200, {
      id: `fake-${requests.length}`,
      results: ranked.slice(0, body.top_n ?? ranked.length).map((r) => ({ index: r.index, relevance_score: r.score })),
      meta: { billed_units: { search_units: 1 } },
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    async nextRequest() {
      const [r] = await once(events, 'request');
      return r as FakeRerankRequest;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
