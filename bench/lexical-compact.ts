/**
 * What a quiet time does to a kept lexical index (`LexicalIndex.compact`: its segments merged into one after a bulk load), timed:
 *   node --import tsx bench/lexical-compact.ts <dir>
 */
import path from 'node:path';
import { createLexicalIndex } from '../core/engines/search/lexical-index';

const [dir] = process.argv.slice(2);
const t0 = performance.now();
const c0 = process.cpuUsage();
const lexical = await createLexicalIndex({ dataDir: path.join(dir, 'search'), saveDelayMs: 600_000 });
await lexical.compact();
await lexical.close();
const cpu = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ compactSeconds: (performance.now() - t0) / 1000, compactCpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
