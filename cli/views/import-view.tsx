import { Box, Static, Text } from 'ink';
import { bar, bytes, percent } from '../format';

export interface ActiveFile {
  file: string;
  type: string;
  id: number | null;
  /** 'uploading', 'storing', or the item's status. */
  phase: string;
  percent: number;
  detail: string | null;
}

export interface FinishedLine {
  key: string;
  text: string;
  tone: 'ok' | 'skip' | 'fail';
}

/** Per-file progress bars; finished files scroll up as permanent lines. */
export function ImportView({ active, finished, footer }: { active: ActiveFile[]; finished: FinishedLine[]; footer?: string }) {
  const width = Math.min(40, Math.max(10, ...active.map((a) => a.file.length)));
  return (
    <>
      <Static items={finished}>
        {(line) => (
          <Text key={line.key} color={line.tone === 'ok' ? 'green' : line.tone === 'skip' ? 'yellow' : 'red'}>
            {line.tone === 'ok' ? '✔' : line.tone === 'skip' ? '•' : '✖'} {line.text}
          </Text>
        )}
      </Static>
      <Box flexDirection="column">
        {active.map((a) => (
          <Box key={a.file} gap={1}>
            <Text>{a.file.length > width ? a.file.slice(0, width - 1) + '…' : a.file.padEnd(width)}</Text>
            <Text dimColor>{(a.id ? `${a.type} ${a.id}` : a.type).padEnd(16)}</Text>
            <Text color="cyan">{bar(a.percent)}</Text>
            <Text>{percent(a.percent).padStart(4)}</Text>
            <Text>{a.phase}</Text>
            {a.detail ? <Text wrap="truncate-end" dimColor>{a.detail}</Text> : null}
          </Box>
        ))}
        {footer ? <Text dimColor>{footer}</Text> : null}
      </Box>
    </>
  );
}

export const uploadDetail = (sent: number, total: number) => `${bytes(sent)} of ${bytes(total)}`;
