import { Box, Text } from 'ink';
import { bar, percent } from '../format';

export interface StatusLine {
  key: string;
  label: string;
  title: string;
  status: string;
  progress: number;
  detail: string | null;
  failed: boolean;
}

/** The live `cms status --follow` table: one bar per item. */
export function StatusView({ lines, footer }: { lines: StatusLine[]; footer: string }) {
  const titleWidth = Math.min(36, Math.max(5, ...lines.map((l) => l.title.length)));
  return (
    <Box flexDirection="column">
      {lines.map((l) => (
        <Box key={l.key} gap={1}>
          <Text dimColor>{l.label.padEnd(16)}</Text>
          <Text>{l.title.length > titleWidth ? l.title.slice(0, titleWidth - 1) + '…' : l.title.padEnd(titleWidth)}</Text>
          <Text color={l.failed ? 'red' : l.status === 'completed' ? 'green' : 'cyan'}>{bar(l.progress, 16)}</Text>
          <Text>{percent(l.progress).padStart(4)}</Text>
          <Text color={l.failed ? 'red' : undefined}>{l.status}</Text>
          {l.detail ? <Text wrap="truncate-end" dimColor={!l.failed}>{l.detail.length > 70 ? l.detail.slice(0, 69) + '…' : l.detail}</Text> : null}
        </Box>
      ))}
      <Text dimColor>{footer}</Text>
    </Box>
  );
}
