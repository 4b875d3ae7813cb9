import { useEffect, useRef, useState } from 'react';
import type { ContentType } from '@core/foundation/types';
import { focusAfter } from '../../../lib/focus-after';
import { sortById } from '../../../lib/format';
import { useContent } from '../api/get-content';

/** The rows-per-page choices; the server answers at most 1,000 rows a page. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** The page of a type's content shown: only the page shown is fetched, the total comes from X-Total-Count. */
export function useContentPage(type: ContentType | undefined) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [type]);
  const query = useContent(type, pageSize, page * pageSize);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A delete can empty the last page: show the new last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages - 1) setPage(pages - 1);
  }, [query.data, query.isPlaceholderData, page, pages]);
  return { query, total, pages, page, setPage, pageSize, setPageSize };
}

/**
 * After a delete the focus goes to the next row's menu (the deleted row's is gone), not to the page body.
 * Returns what a successful delete calls with the ids listed before it and the ids it removed.
 */
export function useFocusAfterDelete(data: { items: { id: number }[] } | undefined, dataUpdatedAt: number) {
  const pendingFocus = useRef<{ before: number[]; acted: number[]; at: number } | null>(null);
  const listed = data ? sortById(data.items).map((i) => i.id).join(',') : '';
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p || !data || dataUpdatedAt < p.at) return;
    pendingFocus.current = null;
    const next = focusAfter(p.before, p.acted, listed ? listed.split(',').map(Number) : []);
    requestAnimationFrame(() => {
      const row = next === null ? null : document.querySelector<HTMLElement>(`[data-testid="content-list"] tr[data-id="${next}"] [aria-haspopup="menu"]`);
      (row ?? document.querySelector<HTMLElement>('[data-testid="content-list"] button'))?.focus();
    });
  }, [listed, data, dataUpdatedAt]);
  return (before: number[], acted: number[]) => { pendingFocus.current = { before, acted, at: Date.now() }; };
}
