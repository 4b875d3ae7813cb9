/**
 * Command-line runner for the search benchmark:
 *   node --expose-gc --import tsx bench/search-main.ts --chunks 100000 [--queries 200] [--vectors]
 */
import { parseArgs } from 'node:util';
import { runSearchBench } from './search';

const { values } = parseArgs({ options: { chunks: { type: 'string' }, queries: { type: 'string' }, vectors: { type: 'boolean' } } });
const result = await runSearchBench({
  chunks: Number(values.chunks ?? 10_000),
  queries: Number(values.queries ?? 200),
  vectors: values.vectors ?? false,
  onProgress: (phase, done, total) => process.stderr.write(`\r${phase} ${done}/${total}   `),
});
process.stderr.write('\n');
process.stdout.write(JSON.stringify(result, null, 2) + '\n');
