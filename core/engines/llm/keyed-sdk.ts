import { AppError } from '../../foundation/errors';

/** The key setting of a provider: the key, or a function read at every call (rotation). */
export type ApiKeySetting = string | null | (() => string | null | undefined);

/** The key as set now, trimmed; null when none. */
export function readApiKey(setting: ApiKeySetting): string | null {
  const k = typeof setting === 'function' ? setting() : setting;
  return k && k.trim() ? k.trim() : null;
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
