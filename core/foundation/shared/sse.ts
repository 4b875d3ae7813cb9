/**
 * The one server-sent events parser (text/event-stream), for the CLI's HTTP
 * client and the web console alike: no Node or DOM imports. Blocks end at a
 * blank line (LF or CRLF); `event:` names the event, `data:` lines are
 * joined with newlines, comments (`:`) are skipped.
 */
export interface SseEvent {
  event: string;
  data: string;
}

/** Feeds text as it arrives; each push returns the events it completed. */
export function createSseParser(): { push(text: string): SseEvent[] } {
  let buffer = '';
  return {
    push(text) {
      buffer += text;
      const out: SseEvent[] = [];
      let sep: RegExpExecArray | null;
      while ((sep = /\r?\n\r?\n/.exec(buffer))) {
        const block = buffer.slice(0, sep.index);
        buffer = buffer.slice(sep.index + sep[0].length);
        const ev = parseBlock(block);
        if (ev) out.push(ev);
      }
      return out;
    },
  };
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length || event !== 'message' ? { event, data: data.join('\n') } : null;
}
