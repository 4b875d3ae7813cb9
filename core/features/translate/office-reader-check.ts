/**
 * The reader-side layout check of a translated deck or Word document: the
 * original and the translation each rendered to PDF once by the process's
 * LibreOffice (../tools/render.ts, warm where it can run) and compared page
 * by page (slide by slide) by the PDF check (./reader-check.ts): text past
 * the slide's edges or outside the original's boxes, lines over lines,
 * words split, letters turned (for a Word document, whose text flows, not
 * where lines and pictures moved). Where LibreOffice cannot render either file
 * the check is skipped and says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { warmOfficeAvailable } from '../../foundation/tools/office';
import { officeConvert } from '../../foundation/tools/render';
import { checkReaderLayout, type ReaderCheck, type ReaderCheckOptions } from './reader-check';

let cold: boolean | undefined;
/** Whether LibreOffice can render here (warm over UNO, or a cold soffice). */
export function officeRenderAvailable(): boolean {
  cold ??= spawnSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' }).status === 0;
  return warmOfficeAvailable() || cold;
}

/** Renders one file to PDF in `dir` (its own folder per side, so equal names never collide); null when it could not. */
async function toPdf(file: string, dir: string, side: string, signal?: AbortSignal): Promise<string | null> {
  const outDir = path.join(dir, side);
  const ok = await officeConvert([file], 'pdf', outDir, path.join(dir, 'profile'), { signal, timeoutMs: 300_000, inputFile: file, confineTo: [dir, path.dirname(file)] })
    .then(() => true, (e: unknown) => { if (signal?.aborted) throw e; return false; });
  const pdf = path.join(outDir, `${path.parse(file).name}.pdf`);
  return ok && existsSync(pdf) ? pdf : null;
}

/**
 * Compares an original DOCX/PPTX with its translation as a reader sees them (one LibreOffice conversion per
 * file): the check's figures, or 'unavailable' when LibreOffice cannot run here or could not render a file.
 */
export async function checkOfficeReaderLayout(format: 'docx' | 'pptx', source: string, output: string, o: Omit<ReaderCheckOptions, 'flowing' | 'dpi'> = {}): Promise<ReaderCheck | 'unavailable'> {
  if (!officeRenderAvailable()) return 'unavailable';
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-office-check-'));
  try {
    const a = await toPdf(source, dir, 's', o.signal);
    const b = a && await toPdf(output, dir, 'o', o.signal);
    if (!a || !b) return 'unavailable';
    // A Word document's text flows from page to page; a deck's boxes stay where they were.
    return await checkReaderLayout(a, b, { ...o, flowing: format === 'docx' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
