/**
 * What a running tool writes: stdout kept up to a cap (the rest dropped and
 * flagged) or handed on line by line, and the last bytes of stderr.
 */

export interface ToolOutputLimits {
  /** Receive stdout line by line (UTF-8) as it arrives; stdout is then not kept. */
  onLine?: (line: string) => void;
  /** Bytes of stdout kept. */
  maxOut: number;
  /** Bytes of stderr kept (the last ones). */
  maxErr: number;
}

/** `stop` ends the tool (called when `onLine` throws). */
export function collectToolOutput(limits: ToolOutputLimits, stop: () => void) {
  const { onLine, maxOut, maxErr } = limits;
  const out: Buffer[] = [];
  let outBytes = 0;
  let stdoutTruncated = false;
  let err = Buffer.alloc(0);
  let partial = '';
  let lineError: unknown;
  const lineDecoder = new TextDecoder('utf-8');

  function onOut(chunk: Buffer) {
    if (onLine) {
      if (lineError !== undefined) return;
      const lines = (partial + lineDecoder.decode(chunk, { stream: true })).split('\n');
      partial = lines.pop() ?? '';
      try {
        for (const line of lines) onLine(line);
      } catch (e) {
        lineError = e;
        stop();
      }
      return;
    }
    if (outBytes >= maxOut) { stdoutTruncated = true; return; }
    const room = maxOut - outBytes;
    if (chunk.length > room) { chunk = chunk.subarray(0, room); stdoutTruncated = true; }
    out.push(chunk);
    outBytes += chunk.length;
  }

  function onErr(chunk: Buffer) {
    err = Buffer.concat([err, chunk]);
    if (err.length > maxErr) err = err.subarray(err.length - maxErr);
  }

  /**
   * At exit: hands on a last line without newline (not when the run was
   * ended by a timeout or abort); returns what `onLine` threw, if it did.
   */
  function finish(ended: boolean): unknown {
    if (lineError === undefined && onLine && partial && !ended) {
      try { onLine(partial); } catch (e) { lineError = e; }
    }
    return lineError;
  }

  return {
    onOut,
    onErr,
    finish,
    stderr: () => err.toString('utf8'),
    stdout: () => Buffer.concat(out),
    truncated: () => stdoutTruncated,
  };
}
