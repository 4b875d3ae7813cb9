import { Box, Text } from 'ink';
import { bar, percent } from '../format';
import { padTo, textWidth, truncateEnd } from './fit';
import { usableColumns } from './import-line';
import { drawLive } from './live-area';
import { useColumns } from './use-columns';

export interface StatusLine {
  key: string;
  label: string;
  title: string;
  status: string;
  progress: number;
  detail: string | null;
  failed: boolean;
}

/** One status row fitted to the terminal: label, title, [bar] percent, status, then the step or error. */
export function statusLines(lines: readonly StatusLine[], columns: number | undefined): string[] {
  const cols = usableColumns(columns);
  const labelWidth = Math.max(5, ...lines.map((l) => textWidth(l.label)));
  const statusWidth = Math.max(6, ...lines.map((l) => textWidth(l.status)));
  const barWidth = cols >= 100 ? 16 : 0;
  const titleWidth = Math.max(8, Math.min(36, Math.floor(cols / 4), ...lines.map((l) => textWidth(l.title))));
  return lines.map((l) =>
    truncateEnd(
      [
        padTo(l.label, labelWidth),
        padTo(l.title, titleWidth),
        (barWidth ? bar(l.progress, barWidth) + ' ' : '') + percent(l.progress).padStart(4),
        padTo(l.status, statusWidth),
        (l.detail ?? '').replace(/\s+/g, ' ').trim(),
      ].join('  ').trimEnd(),
      cols,
    ),
  );
}

/** The live `cms status --follow` table: one line per item, never wider than the terminal. */
export function StatusView({ lines, footer }: { lines: StatusLine[]; footer: string }) {
  const columns = useColumns();
  const texts = statusLines(lines, columns);
  drawLive([...texts, truncateEnd(footer, usableColumns(columns))]);
  return (
    <Box flexDirection="column">
      {texts.map((text, i) => (
        <Text key={lines[i]!.key} color={lines[i]!.failed ? 'red' : undefined} wrap="truncate-end">
          {text}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {truncateEnd(footer, usableColumns(columns))}
      </Text>
    </Box>
  );
}
