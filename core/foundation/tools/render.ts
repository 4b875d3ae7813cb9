/**
 * Page renders and document conversions: pdftoppm turns PDF pages into
 * pictures, LibreOffice (headless, a private profile) converts Office files.
 * Every run goes through the sandboxed runner (exec.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTool } from './exec';
import { sharedOffice } from './office';

export interface RenderOptions {
  signal?: AbortSignal;
  /** Default 120 s. */
  timeoutMs?: number;
  /** The file the tool reads, so the runner can size its limits by it. */
  inputFile?: string;
  /** Folders the tool may see besides system folders (runTool's confineTo). */
  confineTo?: string[];
}

/** A crop in pixels of the rendered page. */
export interface PixelBox { x: number; y: number; width: number; height: number }

/** Renders one page of a PDF to `${outBase}.png` at `dpi`, cropped to `crop` when given; returns the PNG's path. */
export async function renderPdfPage(pdf: string, page: number, outBase: string, opts: RenderOptions & { dpi: number; crop?: PixelBox | null }): Promise<string> {
  const crop = opts.crop ? ['-x', String(opts.crop.x), '-y', String(opts.crop.y), '-W', String(opts.crop.width), '-H', String(opts.crop.height)] : [];
  await runTool('pdftoppm', ['-r', String(opts.dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', ...crop, pdf, outBase], {
    signal: opts.signal, timeoutMs: opts.timeoutMs ?? 120_000, inputFile: opts.inputFile, confineTo: opts.confineTo,
  });
  return `${outBase}.png`;
}

/**
 * Renders pages `first`..`last` (default all) of a PDF as `${prefix}-N.png`,
 * or as grey binary PGM (`${prefix}-N.pgm`) with `gray`.
 */
export async function renderPdfPages(pdf: string, prefix: string, opts: RenderOptions & { dpi: number; first?: number; last?: number; gray?: boolean }): Promise<void> {
  const range = [...(opts.first !== undefined ? ['-f', String(opts.first)] : []), ...(opts.last !== undefined ? ['-l', String(opts.last)] : [])];
  await runTool('pdftoppm', ['-r', String(opts.dpi), ...(opts.gray ? ['-gray'] : ['-png']), ...range, pdf, prefix], {
    signal: opts.signal, timeoutMs: opts.timeoutMs ?? 120_000, inputFile: opts.inputFile, confineTo: opts.confineTo,
  });
}

/**
 * Converts `inputs` with LibreOffice headless to `format` (`pdf`, `docx`,
 * `pptx:...`) into `outDir`, each named after its input, with a private
 * profile in `profileDir` (so conversions never share or lock a user profile).
 */
export async function officeConvert(inputs: string[], format: string, outDir: string, profileDir: string, opts: RenderOptions = {}): Promise<void> {
  // To PDF: the process's warm LibreOffice (office.ts) when it can run here, one file after another.
  const warm = format === 'pdf' ? sharedOffice() : undefined;
  if (warm) {
    await mkdir(outDir, { recursive: true });
    for (const input of inputs) {
      await warm.toPdf(input, path.join(outDir, `${path.parse(input).name}.pdf`), { signal: opts.signal, timeoutMs: opts.timeoutMs });
    }
    return;
  }
  await runTool('soffice', [
    `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
    '--headless', '--norestore', '--nolockcheck', '--nodefault',
    '--convert-to', format, '--outdir', outDir, ...inputs,
  ], { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 120_000, inputFile: opts.inputFile, confineTo: opts.confineTo });
}
