import { useRef } from 'react';

/**
 * A progress figure that never goes back while one run of work lasts: the
 * item's progress comes from whichever job is running (the file's import,
 * then its transcription or translation, each counting from 0), and a bar
 * going from 60 % back to 5 % reads as lost work. A new run (the item queued
 * or failed again, a retry) starts from its own figure.
 */
export function nextShown(shown: number | null, value: number, running: boolean): number {
  const v = Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
  if (!running || shown === null) return v;
  return Math.max(shown, v);
}

/** The hook form: `running` is false when the item is queued, done or failed (the figure is then shown as it is). */
export function useMonotonicProgress(value: number, running: boolean): number {
  const shown = useRef<number | null>(null);
  shown.current = nextShown(running ? shown.current : null, value, running);
  return shown.current;
}
