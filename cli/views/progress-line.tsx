import { Box, Text } from 'ink';
import { bar, percent } from '../format';

/** One labelled progress bar (reindex, eval); without a percentage it shows the label only. */
export function ProgressLine({ label, percent: p, detail }: { label: string; percent: number | null; detail?: string | null }) {
  return (
    <Box gap={1}>
      <Text>{label}</Text>
      {p === null ? null : <Text color="cyan">{bar(p)}</Text>}
      {p === null ? null : <Text>{percent(p).padStart(4)}</Text>}
      {detail ? <Text wrap="truncate-end" dimColor>{detail.length > 60 ? detail.slice(0, 59) + '…' : detail}</Text> : null}
    </Box>
  );
}
