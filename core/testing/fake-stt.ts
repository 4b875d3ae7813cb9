/**
 * A local fake of an OpenAI-compatible `POST /v1/audio/transcriptions`
 * endpoint for tests: it parses the real multipart body, checks the file is
 * audio (WAV, Ogg/Opus or MP3), records what it got, and answers
 * verbose_json with the segments (and words) it was given, text only, or
 * garbage, an error status, or nothing (a timeout), to test failures; a
 * script answers request after request differently (500 then success).
 * Without a language in the reply mode it names the one it was sent, or
 * English, as a detecting endpoint would.
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
  /** 'wav', 'ogg', 'mp3' or 'other'. */
  fileFormat: string;
}

export type FakeSttMode =
  | { kind: 'segments'; language?: string; segments: Array<{ start: number; end: number; text: string; words?: Array<{ word: string; start: number; end: number }> }> }
  | { kind: 'text'; text: string; language?: string; duration?: number }
  | { kind: 'garbage' }
  | { kind: 'status'; status: number; body?: string; retryAfter?: number }
  | { kind: 'hang' }
  /** The n-th request gets replies[n] (the last one repeats). */
  | { kind: 'script'; replies: Array<Exclude<FakeSttMode, { kind: 'script' }>> };

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
  /** Requests before the current script began (a script counts its own requests). */
  let scriptStart = 0;
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
    let fileFormat = 'other';
    for (const [k, v] of form.entries()) {
      // A repeated field (timestamp_granularities[]) reads as its values joined by commas.
      if (typeof v === 'string') fields[k] = fields[k] === undefined ? v : `${fields[k]},${v}`;
      else {
        const buf = Buffer.from(await v.arrayBuffer());
        fileName = v.name;
        fileBytes = buf.length;
        fileIsWav = buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WAVE';
        fileFormat = fileIsWav ? 'wav' : buf.subarray(0, 4).toString('latin1') === 'OggS' ? 'ogg'
          : buf.subarray(0, 3).toString('latin1') === 'ID3' || (buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0) ? 'mp3' : 'other';
      }
    }
    requests.push({ path: req.url, authorization: req.headers.authorization, fields, fileName, fileBytes, fileIsWav, fileFormat });
    if (fileFormat === 'other') {
      res.writeHead(400).end('{"error":{"message":"file must be audio"}}');
      return;
    }
    const current = mode.kind === 'script' ? mode.replies[Math.min(requests.length - 1 - scriptStart, mode.replies.length - 1)]! : mode;
    const language = (m: { language?: string }) => m.language ?? fields.language ?? 'english';
    switch (current.kind) {
      case 'segments': {
        const text = current.segments.map((s) => s.text).join(' ');
        const duration = current.segments.at(-1)?.end ?? 0;
        const words = current.segments.flatMap((s) => s.words ?? []);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          task: 'transcribe', language: language(current), duration, text,
          segments: current.segments.map((s, id) => ({ id, seek: 0, start: s.start, end: s.end, text: ` ${s.text}`, avg_logprob: -0.2, no_speech_prob: 0.01 })),
          ...(words.length ? { words: words.map((w) => ({ word: ` ${w.word}`, start: w.start, end: w.end })) } : {}),
        }));
        return;
      }
      case 'text':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          task: 'transcribe', language: language(current), ...(current.duration ? { duration: current.duration } : {}), text: current.text,
        }));
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'status':
        res.writeHead(current.status, { 'content-type': 'application/json', ...(current.retryAfter !== undefined ? { 'retry-after': String(current.retryAfter) } : {}) })
          .end(current.body ?? '{"error":{"message":"model crashed"}}');
        return;
      case 'hang':
        return; // never answers
      default: {
        const never: never = current;
        throw new Error(`unknown mode ${String(never)}`);
      }
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (m) => { mode = m; scriptStart = requests.length; },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
