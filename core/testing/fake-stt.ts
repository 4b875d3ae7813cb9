/**
 * A local fake of an OpenAI-compatible `POST /v1/audio/transcriptions`
 * endpoint for tests: it parses the real multipart body, checks the file is
 * a WAV, records what it got, and answers verbose_json with the segments it
 * was given (or garbage, an error status, or nothing, to test failures).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSttRequest {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
  fileName: string | null;
  fileBytes: number;
  fileIsWav: boolean;
}

export type FakeSttMode =
  | { kind: 'segments'; language?: string; segments: Array<{ start: number; end: number; text: string }> }
  | { kind: 'garbage' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' };

export interface FakeStt {
  url: string;
  requests: FakeSttRequest[];
  setMode(mode: FakeSttMode): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

export async function startFakeStt(opts: { apiKey?: string; mode?: FakeSttMode } = {}): Promise<FakeStt> {
  let mode: FakeSttMode = opts.mode ?? { kind: 'segments', segments: [] };
  const requests: FakeSttRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404).end('{"error":{"message":"not found"}}');
      return;
    }
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}');
      return;
    }
    let form: FormData;
    try {
      form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData();
    } catch {
      res.writeHead(400).end('{"error":{"message":"body is not multipart/form-data"}}');
      return;
    }
    const fields: Record<string, string> = {};
    let fileName: string | null = null;
    let fileBytes = 0;
    let fileIsWav = false;
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else {
        const buf = Buffer.from(await v.arrayBuffer());
        fileName = v.name;
        fileBytes = buf.length;
        fileIsWav = buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WAVE';
      }
    }
    requests.push({ path: req.url, authorization: req.headers.authorization, fields, fileName, fileBytes, fileIsWav });
    if (!fileIsWav) {
      res.writeHead(400).end('{"error":{"message":"file must be audio"}}');
      return;
    }
    switch (mode.kind) {
      case 'segments': {
        const text = mode.segments.map((s) => s.text).join(' ');
        const duration = mode.segments.at(-1)?.end ?? 0;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          task: 'transcribe', language: mode.language ?? 'english', duration, text,
          segments: mode.segments.map((s, id) => ({ id, seek: 0, start: s.start, end: s.end, text: ` ${s.text}`, avg_logprob: -0.2, no_speech_prob: 0.01 })),
        }));
        return;
      }
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'status':
        res.writeHead(mode.status, { 'content-type': 'application/json' }).end(mode.body ?? '{"error":{"message":"model crashed"}}');
        return;
      case 'hang':
        return; // never answers
      default: {
        const never: never = mode;
        throw new Error(`unknown mode ${String(never)}`);
      }
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (m) => { mode = m; },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
