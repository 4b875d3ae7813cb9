import { parseLines, readText, type Line } from './file-lines';

/** What polling and appends need of a conversation file, kept in memory for recently used ones. */
export interface Meta {
  seq: number;
  lastAt: number;
  lines: number;
  /** The file ends in a torn line (a crash mid-append): start the next append on a new line. */
  torn: boolean;
}

/** The last `cacheSize` conversations' meta, most recently used last. */
export function createMetaCache(cacheSize: number) {
  const meta = new Map<string, Meta>();

  function remember(file: string, m: Meta) {
    meta.delete(file);
    meta.set(file, m);
    if (meta.size > cacheSize) meta.delete(meta.keys().next().value!);
  }

  /** The file's meta, from memory or from the file (then with its lines). */
  async function load(file: string): Promise<{ m: Meta; lines: Line[] | null }> {
    const cached = meta.get(file);
    if (cached) return { m: cached, lines: null };
    const text = await readText(file);
    const { lines, torn } = parseLines(text ?? '');
    const last = lines.at(-1);
    const m: Meta = { seq: last?.s ?? 0, lastAt: last?.t ?? 0, lines: lines.length, torn };
    remember(file, m);
    return { m, lines };
  }

  return {
    get: (file: string) => meta.get(file),
    forget: (file: string) => meta.delete(file),
    clear: () => meta.clear(),
    remember,
    load,
  };
}

export type MetaCache = ReturnType<typeof createMetaCache>;
