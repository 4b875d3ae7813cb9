/** What the composition root (core/composition/services.ts) undoes at close, in reverse order of making. */
export type Cleanups = Array<() => Promise<void> | void>;

/** Runs every cleanup, last made first, even when one fails; the first failure is thrown after. */
export async function runCleanups(cleanups: Cleanups): Promise<void> {
  let failure: unknown;
  for (const c of cleanups.reverse()) {
    try { await c(); } catch (e) { failure ??= e; }
  }
  if (failure) throw failure;
}
