import type { Readable } from 'node:stream';
import { createSseParser } from '../../core/foundation/shared/sse';

/** Server-sent events of a response body: `event:` + `data:` (JSON) blocks. */
export async function* readEvents(body: Readable): AsyncIterable<{ event: string; data: unknown }> {
  const parser = createSseParser();
  body.setEncoding('utf8');
  for await (const chunk of body) {
    for (const ev of parser.push(chunk as string)) {
      if (ev.data !== '') yield { event: ev.event, data: JSON.parse(ev.data) };
    }
  }
}
