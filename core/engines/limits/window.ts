/**
 * The sliding-window counter both stores use: hits are counted per fixed
 * window, and the estimate for the last `windowMs` is this window's count
 * plus the previous window's count weighted by how much of it still
 * overlaps. Constant memory per key, whatever the limit (a log of every
 * hit would grow with it).
 */
export interface WindowState {
  /** Start (ms) of the current fixed window. */
  start: number;
  curr: number;
  prev: number;
}

/** Moves the state to the window holding `now`. */
export function roll(s: WindowState | undefined, now: number, windowMs: number): WindowState {
  const start = Math.floor(now / windowMs) * windowMs;
  if (!s) return { start, curr: 0, prev: 0 };
  if (s.start === start) return s;
  return { start, curr: 0, prev: s.start === start - windowMs ? s.curr : 0 };
}

/** Milliseconds until one more hit fits, or 0 when it fits now. */
export function waitMs(s: WindowState, now: number, windowMs: number, limit: number): number {
  const elapsed = now - s.start;
  if (s.prev * (1 - elapsed / windowMs) + s.curr + 1 <= limit) return 0;
  if (s.curr + 1 <= limit && s.prev > 0) {
    // Later in this window the previous window's weight has dropped enough.
    const at = windowMs * (1 - (limit - 1 - s.curr) / s.prev);
    if (at < windowMs) return Math.max(1, Math.ceil(at - elapsed));
  }
  // In the next window this window's hits are the weighted part.
  return Math.max(1, Math.ceil(windowMs - elapsed + windowMs * Math.max(0, 1 - (limit - 1) / Math.max(1, s.curr))));
}
