/**
 * Where the keyboard focus goes after an action on rows of a list (approve,
 * reject, delete, translate): the row itself when it is still listed, else
 * the row that followed the last one acted on, else the one before the first
 * (the end of the list), else nothing (the list is empty).
 *
 * `before`: the row ids as listed when the action started; `acted`: the rows
 * acted on; `now`: the ids listed after the list was fetched again.
 */
export function focusAfter(before: readonly number[], acted: readonly number[], now: readonly number[]): number | null {
  const listed = new Set(now);
  const kept = acted.find((id) => listed.has(id));
  if (kept !== undefined) return kept;
  const done = new Set(acted);
  const positions = before.map((id, i) => (done.has(id) ? i : -1)).filter((i) => i >= 0);
  const last = positions.length ? Math.max(...positions) : before.length - 1;
  const first = positions.length ? Math.min(...positions) : 0;
  for (let i = last + 1; i < before.length; i++) if (listed.has(before[i])) return before[i];
  for (let i = first - 1; i >= 0; i--) if (listed.has(before[i])) return before[i];
  return now[0] ?? null;
}
