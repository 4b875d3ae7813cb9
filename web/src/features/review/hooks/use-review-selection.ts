import { useEffect, useRef, useState } from 'react';
import { focusAfter } from '../../../lib/focus-after';

/** Focuses the first control (the checkbox) of a row of the review table. */
function focusRow(id: number | null) {
  const row = id === null ? null : document.querySelector<HTMLElement>(`[data-testid="review-row"][data-id="${id}"] input, [data-testid="review-row"][data-id="${id}"] button`);
  // No row left: Select all (when there are rows), else the filter shown.
  (row ?? document.querySelector<HTMLElement>('[data-testid="select-all"]:not(:disabled)') ?? document.querySelector<HTMLElement>('[data-testid="review-filters"] [aria-pressed="true"]'))?.focus();
}

/**
 * After an action the focus goes back to the row, or to the next one when the row left the list (not to the page's body).
 * Returns what an action calls, on success, with the ids it acted on.
 */
export function useFocusAfterReview(items: { id: number }[], dataUpdatedAt: number) {
  const pendingFocus = useRef<{ before: number[]; acted: number[]; at: number } | null>(null);
  const acted = (ids: number[]) => {
    pendingFocus.current = { before: items.map((i) => i.id), acted: ids, at: Date.now() };
  };
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p || dataUpdatedAt < p.at) return;
    pendingFocus.current = null;
    requestAnimationFrame(() => focusRow(focusAfter(p.before, p.acted, items.map((i) => i.id))));
  }, [items, dataUpdatedAt]);
  return acted;
}

/** The ids ticked in the review table. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = (id: number) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const clear = () => setSelected(new Set());
  return { selected, setSelected, toggle, clear };
}
