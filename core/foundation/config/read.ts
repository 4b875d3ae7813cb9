/** Reading typed values from the merged environment (core/foundation/config.ts); each bad value becomes one problem, its default kept. */
export type Env = Record<string, string | undefined>;

export interface EnvReader {
  /** The value, or `d` when unset or empty. */
  str(k: string, d?: string | null): string | null;
  int(k: string, d: number, min?: number, max?: number): number;
  bool(k: string, d: boolean): boolean;
  /** A URL without trailing slashes, null when unset (or invalid). */
  url(k: string): string | null;
  /** Every problem found, reported together at the end. */
  problems: string[];
}

export function envReader(merged: Env): EnvReader {
  const problems: string[] = [];
  const str = (k: string, d: string | null = null) => {
    const v = merged[k];
    return v === undefined || v === '' ? d : v;
  };
  const int = (k: string, d: number, min = 0, max = Number.MAX_SAFE_INTEGER) => {
    const v = str(k);
    if (v === null) return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${k} must be a whole number from ${min} to ${max} (got "${v}")`);
      return d;
    }
    return n;
  };
  const bool = (k: string, d: boolean) => {
    const v = str(k);
    if (v === null) return d;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    problems.push(`${k} must be true or false (got "${v}")`);
    return d;
  };
  const url = (k: string) => {
    const v = str(k);
    if (v === null) return null;
    try {
      new URL(v);
      return v.replace(/\/+$/, '');
    } catch {
      problems.push(`${k} must be a URL like http://host:port (got "${v}")`);
      return null;
    }
  };
  return { str, int, bool, url, problems };
}
