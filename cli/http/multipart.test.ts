import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHttpClient } from './client';
import { multipartBody } from './multipart';

let app: FastifyInstance;
let url: string;
let dir: string;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cms-multipart-'));
  app = Fastify();
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024 } });
  // Echoes what a real multipart parser saw: fields, file name, byte count and hash.
  app.post('/echo', async (request) => {
    const fields: Record<string, string> = {};
    let file: { name: string; size: number; sha256: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of part.file) {
          hash.update(chunk);
          size += chunk.length;
        }
        file = { name: part.filename, size, sha256: hash.digest('hex') };
      } else fields[part.fieldname] = String(part.value);
    }
    return { fields, file, contentLength: Number(request.headers['content-length']) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

after(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a streamed multipart body reaches a real multipart parser byte for byte, with fields, a Hebrew file name and an exact length', async () => {
  const data = randomBytes(3 * 1024 * 1024 + 17);
  const file = path.join(dir, 'big.bin');
  writeFileSync(file, data);
  const seen: number[] = [];
  const body = multipartBody(
    { title: 'Manual "v2"', needsTranslation: 'true', skipped: undefined },
    { path: file, fileName: 'מדריך התקנה.pdf', size: data.length },
    (sent) => seen.push(sent),
  );
  const http = createHttpClient({ baseUrl: url, token: null, tokenHint: '' });
  const echo = await http.send<{ fields: Record<string, string>; file: { name: string; size: number; sha256: string }; contentLength: number }>('POST', '/echo', body);
  assert.equal(echo.file.size, data.length);
  assert.equal(echo.file.sha256, createHash('sha256').update(data).digest('hex'));
  assert.equal(echo.file.name, 'מדריך התקנה.pdf');
  assert.deepEqual(echo.fields, { title: 'Manual "v2"', needsTranslation: 'true' });
  assert.equal(echo.contentLength, body.length);
  assert.equal(seen.at(-1), data.length, 'progress reaches the file size');
  assert.ok(seen.length > 3, 'progress is reported while sending, not once');
});

test('the HTTP client turns an unreachable server into an "unavailable" error that names the address', async () => {
  const http = createHttpClient({ baseUrl: 'http://127.0.0.1:9', token: null, tokenHint: '' });
  await assert.rejects(http.get('/api/jobs'), (e: Error & { code?: string }) => e.code === 'unavailable' && /Cannot reach the server at http:\/\/127\.0\.0\.1:9/.test(e.message));
});
