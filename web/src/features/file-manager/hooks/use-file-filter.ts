import { useMemo } from 'react';
import type { StoredObject } from '@core/foundation/types';

export const folderOf = (key: string) => (key.includes('/') ? key.split('/')[0] : '');

/** The folders with their file counts (sorted), and the files shown for a search and a folder (sorted by key). */
export function useFileFilter(files: StoredObject[] | undefined, search: string, folder: string | null) {
  const folderCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const f of files ?? []) counts.set(folderOf(f.key), (counts.get(folderOf(f.key)) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [files]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (files ?? [])
      .filter((f) => folder === null || folderOf(f.key) === folder)
      .filter((f) => !q || f.key.toLowerCase().includes(q))
      .sort((a, b) => a.key.localeCompare(b.key));
  }, [files, search, folder]);

  return { folderCounts, shown };
}
