import { Text } from 'ink';
import { bar, percent } from '../format';
import { truncateEnd } from './fit';
import { usableColumns } from './import-line';
import { drawLive } from './live-area';
import { useColumns } from './use-columns';

/** One labelled progress bar (reindex, eval), fitted to the terminal; without a percentage it shows the label only. */
export function ProgressLine({ label, percent: p, detail }: { label: string; percent: number | null; detail?: string | null }) {
  const cols = usableColumns(useColumns());
  const parts = [label, p === null ? '' : `${bar(p, cols >= 100 ? 20 : 10)} ${percent(p).padStart(4)}`, detail ? detail.replace(/\s+/g, ' ') : ''];
  const line = truncateEnd(parts.filter(Boolean).join('  '), cols);
  drawLive([line]);
  return <Text wrap="truncate-end">{line}</Text>;
}
