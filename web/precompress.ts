/**
 * Pre-compressed copies of the built console and widget: for every text asset
 * of at least 1 kB, a `.br` (brotli, best quality) and a `.gz` (gzip -9) beside
 * it, written at build time so the server sends them as they are
 * (`@fastify/static` with `preCompressed`) instead of compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/** Writes NAME.br and NAME.gz beside every text asset under `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      n += precompressDir(file);
      continue;
    }
    if (!TEXT_ASSET.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    n++;
  }
  return n;
}
