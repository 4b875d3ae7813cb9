import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSse } from './rag-query-stream';
import { sessionBadge } from '../session';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
}

test('server-sent events split across chunks are read whole, comments skipped', async () => {
  const body = streamOf(['event: tok', 'en\ndata: {"text":"Hel"}\n\n: keep-alive\n\nevent: token\r\ndata: {"text":"lo"}\r\n\r\n', 'event: done\ndata: {"answer":"Hello"}\n\n']);
  const events = [];
  for await (const e of readSse(body)) events.push(e);
  assert.deepEqual(events, [
    { event: 'token', data: '{"text":"Hel"}' },
    { event: 'token', data: '{"text":"lo"}' },
    { event: 'done', data: '{"answer":"Hello"}' },
  ]);
});

test('multi-byte characters split between chunks decode correctly', async () => {
  const bytes = new TextEncoder().encode('event: token\ndata: {"text":"שלום"}\n\n');
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.slice(0, 27));
      c.enqueue(bytes.slice(27));
      c.close();
    },
  });
  const events = [];
  for await (const e of readSse(body)) events.push(e);
  assert.equal(JSON.parse(events[0].data).text, 'שלום');
});

test('the session badge is the second hyphen-separated part of the session id', () => {
  assert.equal(sessionBadge('session-k3x9fz-1735689600000'), 'k3x9fz');
});
