/**
 * Runs every file of the shared corpus (../shared/corpus: PDF, DOCX, PPTX
 * written by others) through extraction, the same call the ingest worker
 * makes, and prints how many complete and why the others fail.
 *
 *   node --import tsx bench/corpus-extract.ts [--corpus DIR] [--json] [--only NAME]
 *
 * "complete" means the pipeline would store the file: it has searchable
 * text, or it has pictures (stored with a "nothing searchable" note).
 * Also `BENCH_ONLY=corpus npm run bench` (not in the default set: it takes minutes).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toAppError } from '../core/foundation/errors';
import { extractFile } from '../core/features/ingest/extract';
import { sniffFile } from '../core/formats/sniff';
import { detectLanguage } from '../core/foundation/text/language';
import { hasGarbage } from '../core/foundation/text/clean';
import { SHARED_CORPUS_DIR as CORPUS_DIR } from './shared-corpus';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, json: { type: 'boolean' }, only: { type: 'string' } } });
const root = path.resolve(values.corpus ?? CORPUS_DIR ?? 'shared/corpus');

interface Row { file: string; ok: boolean; sections: number; chars: number; images: number; ocrPages: number; language: string; garbage: boolean; note: string }

const rows: Row[] = [];
for (const sub of ['pdf', 'docx', 'pptx']) {
  const dir = path.join(root, sub);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !values.only || n.includes(values.only)).sort();
  for (const name of names) {
    const file = path.join(dir, name);
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'corpus-'));
    const t0 = Date.now();
    try {
      const { kind } = await sniffFile(file);
      const ex = await extractFile(file, kind, { workDir, fileName: name, ocrLanguages: ['eng', 'heb', 'fra', 'jpn', 'chi_sim', 'kor'], renderSlides: false, imageOcrBudgetMs: 5_000 });
      const text = ex.sections.map((s) => `${s.text}\n${s.notes ?? ''}`).join('\n');
      const chars = text.replace(/\s/g, '').length;
      rows.push({
        file: `${sub}/${name}`, ok: true, sections: ex.sections.length, chars, images: ex.images.length, ocrPages: ex.ocrPages?.length ?? 0,
        language: chars ? detectLanguage(text) : '-', garbage: hasGarbage(text),
        note: `${Date.now() - t0} ms${ex.notice ? `; ${ex.notice}` : ''}`,
      });
    } catch (e) {
      const err = toAppError(e);
      rows.push({ file: `${sub}/${name}`, ok: false, sections: 0, chars: 0, images: 0, ocrPages: 0, language: '-', garbage: false, note: `${err.code}: ${err.message}` });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    if (!values.json) {
      const r = rows[rows.length - 1]!;
      console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.file.padEnd(46)} ${String(r.chars).padStart(7)} chars ${String(r.images).padStart(3)} img ${r.ocrPages ? `${r.ocrPages} ocr ` : ''}${r.language}${r.garbage ? ' GARBAGE' : ''}  ${r.note}`);
    }
  }
}
const ok = rows.filter((r) => r.ok).length;
const summary = { files: rows.length, completed: ok, failed: rows.length - ok, withGarbage: rows.filter((r) => r.garbage).length, pictureOnly: rows.filter((r) => r.ok && r.chars === 0).length };
if (values.json) console.log(JSON.stringify({ summary, rows }));
else console.log(`\n${summary.files} files: ${summary.completed} complete, ${summary.failed} fail, ${summary.pictureOnly} complete with pictures only, ${summary.withGarbage} with garbled text`);
