/**
 * The abort controller of one streamed model answer: it follows the caller's
 * signal and also fires when the stream sends nothing for `idleMs` (a model
 * that went silent), so both providers' streams stop the same way.
 */
export interface SilenceGuard {
  /** The signal to give the SDK request. */
  signal: AbortSignal;
  /** Restarts the silence clock: call it before the request and on every chunk. */
  heard(): void;
  /** Throws the abort's reason when the stream was cut short (the SDKs end iteration quietly when aborted). */
  throwIfCut(): void;
  /** Stops the clock, lets go of the caller's signal and aborts the request if it is still open. */
  release(): void;
}

export function silenceGuard(outer: AbortSignal | undefined, idleMs: number): SilenceGuard {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  return {
    signal: controller.signal,
    heard() {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new DOMException('The language model went silent', 'TimeoutError')), idleMs);
    },
    throwIfCut() {
      if (controller.signal.aborted) throw controller.signal.reason;
    },
    release() {
      clearTimeout(idle);
      outer?.removeEventListener('abort', onAbort);
      if (!controller.signal.aborted) controller.abort();
    },
  };
}
