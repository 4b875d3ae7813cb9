/**
 * Where rate-limit hits are counted: in memory (one process) or in
 * PostgreSQL (shared, so a limit holds across servers). Sliding window: at
 * most `limit` hits per key in any `windowMs`.
 */
export interface RateLimitStore {
  /** Records a hit and returns 0, or records nothing and returns the seconds to wait. */
  take(key: string, limit: number, windowMs: number): Promise<number>;
  /** Takes back the last hit of a key (when a second limit refused the request). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}
