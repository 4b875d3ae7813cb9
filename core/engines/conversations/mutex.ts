/**
 * Runs async work one at a time per key (and `all` once nothing else runs),
 * for read-modify-write of one file within a process.
 */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  let barrier: Promise<unknown> = Promise.resolve();

  function run<R>(key: string, fn: () => Promise<R>): Promise<R> {
    const prev = tails.get(key) ?? barrier;
    const p = prev.then(fn, fn);
    const tail = p.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return p;
  }

  /** Waits for every running key, runs fn alone, and holds new work until it is done. */
  function all<R>(fn: () => Promise<R>): Promise<R> {
    const pending = Promise.all([barrier, ...tails.values()]);
    const p = pending.then(fn, fn);
    barrier = p.catch(() => {});
    tails.clear();
    return p;
  }

  return { run, all };
}
