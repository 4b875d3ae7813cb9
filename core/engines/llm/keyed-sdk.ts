import { AppError } from '../../foundation/errors';

/** The key setting of a provider: the key, or a function read at every call (rotation). */
export type ApiKeySetting = string | null | (() => string | null | undefined);

/** The key as set now, trimmed; null when none. */
export function readApiKey(setting: ApiKeySetting): string | null {
  const k = typeof setting === 'function' ? setting() : setting;
  return k && k.trim() ? k.trim() : null;
}

/**
 * A package imported at its first use: the SDKs cost 0.1-0.2 CPU-s each to import, which every `cms` command and
 * every product start paid while no model was configured (the default). `loaded()` is the module once imported
 * (error classes are only matched against it then: no error of a package never loaded can exist).
 */
export function lazyModule<M>(load: () => Promise<M>): { load(): Promise<M>; loaded(): M | undefined } {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () => (loading ??= load().then((m) => (module = m))),
    loaded: () => module,
  };
}

/**
 * A provider's SDK client, made lazily for the key in force and made again
 * when the key changes: a missing key fails at call time (with `missing` as
 * the message), not at start.
 */
export function keyedSdk<T>(readKey: () => string | null, make: (key: string) => T, missing: string): () => T {
  let cached: { key: string; sdk: T } | null = null;
  return () => {
    const key = readKey();
    if (!key) throw new AppError('not_configured', missing);
    if (cached?.key !== key) cached = { key, sdk: make(key) };
    return cached.sdk;
  };
}
