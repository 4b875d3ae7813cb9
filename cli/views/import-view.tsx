import { Box, Static, Text } from 'ink';
import { bytes } from '../format';
import { truncateEnd } from './fit';
import { activeRows, finishedLine, lineOf, progressLine, usableColumns, type ActiveFile, type RunProgress } from './import-line';
import { drawLive } from './live-area';
import { useColumns } from './use-columns';

const GAP = '  ';

export type { ActiveFile };

export interface FinishedLine {
  key: string;
  file: string;
  /** The rest of the line after the file (": completed (…)"). */
  rest: string;
  tone: 'ok' | 'skip' | 'fail';
}

const MARK = { ok: '✔', skip: '•', fail: '✖' } as const;
const COLOR = { ok: 'green', skip: 'yellow', fail: 'red' } as const;

/**
 * One line per file in flight, fitted to the terminal, then where the run stands ("12/48 files · ETA 1 min 10 s");
 * finished files scroll up as permanent lines.
 */
export function ImportView({ active, finished, progress, footer }: { active: ActiveFile[]; finished: FinishedLine[]; progress?: RunProgress; footer?: string }) {
  const columns = useColumns();
  const rows = activeRows(active, columns);
  const standing = progress && progress.total > 0 ? progressLine(progress, columns) : null;
  drawLive([...rows.map(lineOf), ...(standing ? [standing] : []), ...(footer ? [truncateEnd(footer, usableColumns(columns))] : [])]);
  return (
    <>
      <Static items={finished}>
        {(line) => (
          <Text key={line.key} color={COLOR[line.tone]} wrap="truncate-end">
            {finishedLine(MARK[line.tone], line.file, line.rest, columns)}
          </Text>
        )}
      </Static>
      <Box flexDirection="column">
        {rows.map((r) => (
          // One <Text>: its parts are inline and the whole fits the terminal, so it never wraps.
          <Text key={r.key} wrap="truncate-end">
            {r.file}
            {GAP}
            <Text dimColor>{r.what}</Text>
            {GAP}
            {r.bar ? <Text color="cyan">{r.bar}</Text> : null}
            {r.bar ? ' ' : null}
            {r.percent}
            {GAP}
            {r.phase}
            {r.detail ? GAP : null}
            {r.detail ? <Text dimColor>{r.detail}</Text> : null}
          </Text>
        ))}
        {standing ? (
          <Text bold wrap="truncate-end">
            {standing}
          </Text>
        ) : null}
        {footer ? (
          <Text dimColor wrap="truncate-end">
            {truncateEnd(footer, usableColumns(columns))}
          </Text>
        ) : null}
      </Box>
    </>
  );
}

export const uploadDetail = (sent: number, total: number) => `${bytes(sent)} of ${bytes(total)}`;
