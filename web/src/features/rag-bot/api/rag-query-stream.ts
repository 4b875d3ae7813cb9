import { createSseParser, type SseEvent } from '@core/foundation/shared/sse';
import type { RetrievalReply } from '@core/foundation/types';
import { ApiError } from '../../../lib/api-client';
import type { RagQueryInput } from './rag-query';

/** The streaming endpoint is missing or answered something that is not a stream. */
export class StreamUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamUnavailableError';
  }
}

/** Splits a text/event-stream body into events (fields `event:` and `data:`). */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    yield* parser.push(decoder.decode(value ?? new Uint8Array(), { stream: !done }));
    if (done) return;
  }
}

/**
 * POST /api/bot/rag-query/stream: `token` events carry `{text}`, `done`
 * carries the RetrievalReply, `error` carries `{error, message}`.
 */
export async function ragQueryStream(input: RagQueryInput, onToken: (text: string) => void, signal?: AbortSignal): Promise<RetrievalReply> {
  const res = await fetch('/api/bot/rag-query/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(input),
    signal,
  });
  if (res.status === 404 || res.status === 405 || res.status === 501) throw new StreamUnavailableError(`stream endpoint answered ${res.status}`);
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) throw new StreamUnavailableError('not an event stream');
  for await (const ev of readSse(res.body)) {
    if (ev.event === 'token') {
      const { text } = JSON.parse(ev.data) as { text: string };
      if (text) onToken(text);
    } else if (ev.event === 'done') {
      return JSON.parse(ev.data) as RetrievalReply;
    } else if (ev.event === 'error') {
      let message = ev.data;
      try {
        message = (JSON.parse(ev.data) as { message?: string }).message ?? ev.data;
      } catch {
        /* plain text error */
      }
      throw new Error(message);
    }
  }
  throw new Error('The answer stream ended early');
}
