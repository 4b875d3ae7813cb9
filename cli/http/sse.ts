import type { Readable } from 'node:stream';

/** Server-sent events of a response body: `event:` + `data:` (JSON) blocks. */
export async function* readEvents(body: Readable): AsyncIterable<{ event: string; data: unknown }> {
  let buffer = '';
  body.setEncoding('utf8');
  for await (const chunk of body) {
    buffer += chunk as string;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) yield { event, data: JSON.parse(data.join('\n')) };
    }
  }
}
