/**
 * Layout of translated files on the whole shared corpus (../shared/corpus:
 * PDF, DOCX, PPTX written by others): each file is translated into French
 * through the real Anthropic SDK against the local fake Messages API (the
 * marker transform: every word reversed, the same length), then the
 * original and the translation are rendered (LibreOffice for DOCX/PPTX, the
 * PDF itself) and compared by the layout check (core/features/translate/layout-check):
 * the overlap figure (share of text lines drawn over another line) before
 * and after translation, lines past the page, and files whose page or
 * slide count changed.
 *
 *   node --import tsx bench/translation-layout.ts [--json] [--only NAME] [--translated DIR] [--keep DIR]
 *
 * --translated DIR measures translations made elsewhere (DIR/<format>/<name>,
 * e.g. by an older version); --keep DIR keeps the translations made here;
 * --formats pdf,docx limits the formats.
 *
 * PDFs are also compared by the reader-side check (core/features/translate/reader-check:
 * text outside its place or the page, lines over lines or crossed by rules,
 * split words, turned letters, missing rules): pages past its warning and
 * failure thresholds, and the files past a threshold that the translation did
 * not flag (no layout warning on its result, no failure with the reason;
 * translations made elsewhere count as not flagged).
 * Also `BENCH_ONLY=translation npm run bench` (minutes; not in the default set).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAnthropicClient } from '../core/engines/llm/anthropic';
import { SHARED_CORPUS_DIR as CORPUS_DIR } from './shared-corpus';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { translatingResponder } from '../core/testing/fake-translate';
import { compareLayouts } from '../core/features/translate/layout-check';
import { readerFigures, type ReaderFigures } from './translation-reader';
import { createFileTranslationMemory } from '../core/features/translate/memory';
import { createModelTranslator } from '../core/features/translate/model-translator';
import { translateFile } from '../core/features/translate/translate-file';

const { values } = parseArgs({ options: { json: { type: 'boolean' }, only: { type: 'string' }, formats: { type: 'string' }, translated: { type: 'string' }, keep: { type: 'string' } } });

export interface FormatFigures {
  files: number; translated: number; failed: string[];
  lines: number; overlapBefore: number; overlapAfter: number; addedOverlapLines: number; addedOverflowLines: number;
  pagesChanged: string[]; filesWithAddedOverlap: string[];
  /** PDF only: the reader-side check. */
  reader?: ReaderFigures;
}

const root = CORPUS_DIR;
if (!root) {
  console.log(JSON.stringify({ skipped: 'no shared corpus folder' }));
  process.exit(0);
}
const work = await mkdtemp(path.join(tmpdir(), 'bench-tr-layout-'));
const outRoot = values.translated ?? values.keep ?? path.join(work, 'out');
const fake = values.translated ? null : await startFakeAnthropic({ responder: translatingResponder() });
const llm = fake ? createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-test', timeoutMs: 60_000, maxRetries: 0, maxTokens: 8192 }) : null;
const figures: Record<string, FormatFigures> = {};
try {
  for (const format of (['pdf', 'docx', 'pptx'] as const).filter((x) => !values.formats || values.formats.split(',').includes(x))) {
    const names = (await readdir(path.join(root, format)).catch(() => [] as string[])).filter((n) => !values.only || n.includes(values.only)).sort();
    const f: FormatFigures = { files: names.length, translated: 0, failed: [], lines: 0, overlapBefore: 0, overlapAfter: 0, addedOverlapLines: 0, addedOverflowLines: 0, pagesChanged: [], filesWithAddedOverlap: [] };
    const pairs: Array<{ source: string; output: string; name: string }> = [];
    /** Files whose translation said the reader-side check flagged them (a layout warning, or failed with the reason). */
    const flagged = new Set<string>();
    await mkdir(path.join(outRoot, format), { recursive: true });
    for (const name of names) {
      const source = path.join(root, format, name);
      const output = path.join(outRoot, format, name);
      if (llm) {
        try {
          const r = await translateFile({ input: source, output, source: 'english', target: 'french', translator: createModelTranslator({ llm, maxInputTokens: 3000 }), memory: createFileTranslationMemory(path.join(work, 'memory')) });
          if (r.warnings.some((w) => w.code?.code.startsWith('warning.layout_'))) flagged.add(name);
        } catch (e) {
          f.failed.push(`${name}: ${(e as Error).message.slice(0, 120)}`);
          if (/came out unreadable/.test((e as Error).message)) flagged.add(name);
          continue;
        }
      }
      if (existsSync(output)) pairs.push({ source, output, name });
    }
    f.translated = pairs.length;
    const results = await compareLayouts(pairs);
    let before = 0; let after = 0; let linesBefore = 0; let linesAfter = 0;
    results.forEach((r, i) => {
      const name = pairs[i]!.name;
      if (!r.samePages) f.pagesChanged.push(`${name} (${r.source?.pages ?? '?'} -> ${r.output?.pages ?? '?'})`);
      if (!r.source || !r.output) return;
      before += r.source.overlapping; after += r.output.overlapping;
      linesBefore += r.source.lines; linesAfter += r.output.lines;
      f.addedOverlapLines += r.addedOverlap; f.addedOverflowLines += r.addedOverflow;
      if (r.addedOverlap > 0) f.filesWithAddedOverlap.push(`${name} (+${r.addedOverlap})`);
    });
    f.lines = linesAfter;
    if (format === 'pdf') f.reader = await readerFigures(pairs, flagged);
    f.overlapBefore = linesBefore ? before / linesBefore : 0;
    f.overlapAfter = linesAfter ? after / linesAfter : 0;
    figures[format] = f;
  }
} finally {
  await fake?.close();
  await rm(work, { recursive: true, force: true });
}

if (values.json) console.log(JSON.stringify(figures));
else {
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  for (const [format, f] of Object.entries(figures)) {
    console.log(`${format}: ${f.translated}/${f.files} translated; overlap ${pct(f.overlapBefore)} original -> ${pct(f.overlapAfter)} translated; +${f.addedOverlapLines} overlapping, +${f.addedOverflowLines} past the page; page count changed: ${f.pagesChanged.length}`);
    for (const x of f.failed) console.log(`  failed: ${x}`);
    for (const x of f.pagesChanged) console.log(`  pages changed: ${x}`);
    for (const x of f.filesWithAddedOverlap.slice(0, 10)) console.log(`  added overlap: ${x}`);
    const r = f.reader;
    if (r) {
      console.log(`${format} reader-side check: ${r.pages} pages of ${r.files} files; pages past the warning threshold ${r.warnPages}, past the failure threshold ${r.failPages}; files ${r.warnFiles.length} warned, ${r.failFiles.length} failed; past a threshold and not flagged: ${r.unflagged.length}`);
      console.log(`  figures: ${JSON.stringify(r.totals)}`);
      for (const x of [...r.failFiles, ...r.warnFiles]) console.log(`  ${x}`);
      for (const x of r.unflagged) console.log(`  NOT FLAGGED: ${x}`);
    }
  }
}
