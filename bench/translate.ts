/**
 * Translation figures: a generated 50-page DOCX and 30-slide PPTX through
 * the real Anthropic SDK against the local fake Messages API (answering at
 * once with the marker transform): segments per second, time beyond the
 * model's own (wall time minus time inside model requests), requests per
 * 1,000 segments, memory hit rate when the same file is translated again;
 * and Apertium's chrF on English -> Spanish over NTREX-128 (eval/mt).
 * Run on its own: node --import tsx bench/translate.ts
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAnthropicClient } from '../core/engines/llm/anthropic';
import type { LlmClient } from '../core/engines/llm/types';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { translatingResponder } from '../core/testing/fake-translate';
import { buildLongDocx, buildLongPptx } from '../core/testing/fixture-translate';
import { createModelTranslator } from '../core/features/translate/model-translator';
import { createApertiumTranslator } from '../core/features/translate/apertium';
import { corpusChrf } from '../core/features/translate/chrf';
import { createFileTranslationMemory } from '../core/features/translate/memory';
import { translateFile } from '../core/features/translate/translate-file';

export interface FileFigures {
  segments: number; seconds: number; modelSeconds: number; segmentsPerSecond: number; overheadSeconds: number;
  requests: number; requestsPer1000: number; rerunHitRate: number; rerunSeconds: number;
}
export interface TranslateBench { docx: FileFigures; pptx: FileFigures; apertium: { lines: number; chrf: number; seconds: number } }

/** ../shared/eval/mt beside the repository (or MT_EVAL_DIR); worktrees one level deeper find it too. */
function evalFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.MT_EVAL_DIR, path.resolve(here, '../../shared/eval/mt'), path.resolve(here, '../../../shared/eval/mt')];
  return candidates.find((c): c is string => !!c && existsSync(path.join(c, 'ntrex.dev.eng.txt'))) ?? path.resolve(here, '../../shared/eval/mt');
}

export async function translateBench(evalDir = evalFolder()): Promise<TranslateBench> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-translate-'));
  const fake = await startFakeAnthropic({ responder: translatingResponder() });
  try {
    const base = createAnthropicClient({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'claude-fake', timeoutMs: 60_000, maxRetries: 0, maxTokens: 4096 });
    let modelMs = 0;
    // Times every model request: what is left of the wall time is ours.
    const llm: LlmClient = {
      configured: true, model: base.model, stream: base.stream,
      async complete(m, o) { const t = performance.now(); try { return await base.complete(m, o); } finally { modelMs += performance.now() - t; } },
    };
    const translator = createModelTranslator({ llm });
    const run = async (file: string, target: 'spanish' | 'german'): Promise<FileFigures> => {
      const memory = createFileTranslationMemory(path.join(dir, `tm-${path.basename(file)}`));
      modelMs = 0;
      const t0 = performance.now();
      const r = await translateFile({ input: file, output: `${file}.out${path.extname(file)}`, source: 'english', target, translator, memory });
      const seconds = (performance.now() - t0) / 1000;
      const modelSeconds = modelMs / 1000;
      const t1 = performance.now();
      const again = await translateFile({ input: file, output: `${file}.again${path.extname(file)}`, source: 'english', target, translator, memory });
      return {
        segments: r.segments, seconds, modelSeconds, segmentsPerSecond: r.segments / seconds, overheadSeconds: seconds - modelSeconds,
        requests: r.requests, requestsPer1000: (r.requests / r.segments) * 1000,
        rerunHitRate: again.memoryHits / again.segments, rerunSeconds: (performance.now() - t1) / 1000,
      };
    };
    const docxPath = path.join(dir, 'manual-50-pages.docx');
    await writeFile(docxPath, await buildLongDocx(50, 12));
    const pptxPath = path.join(dir, 'deck-30-slides.pptx');
    await writeFile(pptxPath, await buildLongPptx(30));
    const docx = await run(docxPath, 'spanish');
    const pptx = await run(pptxPath, 'german');

    const eng = (await readFile(path.join(evalDir, 'ntrex.dev.eng.txt'), 'utf8')).split('\n').filter((_, i, a) => i < a.length - 1 || a[i]);
    const spa = (await readFile(path.join(evalDir, 'ntrex.dev.spa.txt'), 'utf8')).split('\n').slice(0, eng.length);
    const apertium = createApertiumTranslator();
    const t0 = performance.now();
    const out = await apertium.translate({ segments: eng.map((text, i) => ({ id: String(i), text })), source: 'english', target: 'spanish' });
    const seconds = (performance.now() - t0) / 1000;
    const chrf = corpusChrf(eng.map((_, i) => out.get(String(i)) ?? ''), spa);
    return { docx, pptx, apertium: { lines: eng.length, chrf, seconds } };
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function printTranslateBench(r: TranslateBench, line: (label: string, value: string) => void): void {
  const f1 = (n: number) => n.toFixed(1);
  for (const [name, x] of [['50-page DOCX', r.docx], ['30-slide PPTX', r.pptx]] as const) {
    line(`${name}: segments, wall time, segments/s`, `${x.segments}, ${f1(x.seconds)} s, ${f1(x.segmentsPerSecond)} segments/s`);
    line(`${name}: time beyond the model's own`, `${f1(x.overheadSeconds)} s (model ${f1(x.modelSeconds)} s)`);
    line(`${name}: requests per 1,000 segments`, `${f1(x.requestsPer1000)} (${x.requests} requests)`);
    line(`${name}: memory hit rate translating it again (target 100%)`, `${f1(x.rerunHitRate * 100)} % in ${f1(x.rerunSeconds)} s`);
  }
  line(`Apertium eng→spa chrF on NTREX dev (${r.apertium.lines} lines)`, `${f1(r.apertium.chrf)} (${f1(r.apertium.seconds)} s)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('\nTranslation (real SDK against the fake Messages API; Apertium offline)');
  const r = await translateBench();
  printTranslateBench(r, (label, value) => console.log(`  ${label.padEnd(60)} ${value}`));
  process.exit(0);
}
