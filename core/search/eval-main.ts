/**
 * Command-line runner for the retrieval eval (until `cms eval` wires runEval):
 *   node --import tsx core/search/eval-main.ts --data ../shared/eval [--per-file 30]
 *     [--lexical-only] [--chunk 1500] [--overlap 225] [--weights '{"vector":0.1}'] [--boost 0.1] [--json]
 */
import { parseArgs } from 'node:util';
import { formatEval, runEval } from './eval';

const { values } = parseArgs({
  options: {
    data: { type: 'string' }, 'per-file': { type: 'string' }, 'lexical-only': { type: 'boolean' },
    chunk: { type: 'string' }, overlap: { type: 'string' }, weights: { type: 'string' }, boost: { type: 'string' },
    json: { type: 'boolean' },
  },
});
if (!values.data) {
  process.stderr.write('usage: eval-main.ts --data DIR [--per-file N] [--lexical-only] [--chunk N] [--overlap N] [--weights JSON] [--boost X] [--json]\n');
  process.exit(2);
}
const num = (v?: string) => (v === undefined ? undefined : Number(v));
const result = await runEval({
  dataDir: values.data,
  questionsPerFile: num(values['per-file']),
  chromaUrl: values['lexical-only'] ? null : undefined,
  chunking: { targetChars: num(values.chunk), overlapChars: num(values.overlap) },
  index: { weights: values.weights ? JSON.parse(values.weights) : undefined, sameLanguageBoost: num(values.boost) },
  onProgress: (p) => { if (!values.json) process.stderr.write(`\r${p.phase} ${p.done}/${p.total}   `); },
});
if (!values.json) process.stderr.write('\n');
process.stdout.write(values.json ? JSON.stringify(result, null, 2) + '\n' : formatEval(result) + '\n');
