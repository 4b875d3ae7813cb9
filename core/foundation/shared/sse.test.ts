import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSseParser } from './sse';

describe('the server-sent events parser', () => {
  it('reads events split anywhere across chunks, with LF or CRLF line ends', () => {
    const text = 'event: token\r\ndata: {"text":"Hel"}\r\n\r\nevent: token\ndata: {"text":"lo"}\n\n: a comment\nevent: done\r\ndata: {"a":1}\r\ndata: {"b":2}\r\n\r\n';
    for (const size of [1, 3, 7, text.length]) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
      assert.deepEqual(events, [
        { event: 'token', data: '{"text":"Hel"}' },
        { event: 'token', data: '{"text":"lo"}' },
        { event: 'done', data: '{"a":1}\n{"b":2}' },
      ], `chunks of ${size}`);
    }
  });

  it('keeps an unfinished block until its blank line arrives, and drops comment-only blocks', () => {
    const parser = createSseParser();
    assert.deepEqual(parser.push(': keep-alive\n\ndata: x'), []);
    assert.deepEqual(parser.push('\r\n\r\n'), [{ event: 'message', data: 'x' }]);
  });
});
