/** Checks of a PDF as a whole: a complete PDF file, and a page with any ink. */
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../foundation/errors';
import { renderPdfPages } from '../../foundation/tools/render';
import { sniffFile } from '../../formats/sniff';

/**
 * The content must be a PDF (header in the first KiB) and end with %%EOF
 * (trailing junk up to 64 KiB allowed); else it is another type or was cut off.
 */
export async function assertComplete(file: string, size: number, label: string): Promise<void> {
  if (size === 0) throw new AppError('corrupt_file', `${label} is empty (0 bytes).`, { details: { reason: 'empty' } });
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1024));
    await fh.read(head, 0, head.length, 0);
    if (!head.includes('%PDF-')) {
      const { description, kind } = await sniffFile(file);
      throw new AppError('unsupported_type', `${label} is not a PDF: its content is ${description}.`, { details: { sniffed: kind } });
    }
    const len = Math.min(size, 64 * 1024);
    const tail = Buffer.alloc(len);
    await fh.read(tail, 0, len, size - len);
    if (!tail.includes('%%EOF')) {
      throw new AppError('corrupt_file', `${label} is incomplete: it stops before the end of the PDF (the upload or download may have been cut off). Upload the full file again.`, { details: { reason: 'truncated' } });
    }
  } finally {
    await fh.close();
  }
}

/** True when one of the first `pages` pages, rendered small in grey, has any ink (drawings count). */
export async function anyInk(file: string, pages: number, workDir: string, signal?: AbortSignal): Promise<boolean> {
  const dir = join(workDir, 'ink');
  await mkdir(dir, { recursive: true });
  await renderPdfPages(file, join(dir, 'p'), { dpi: 18, gray: true, first: 1, last: Math.max(1, pages), signal });
  for (const name of await readdir(dir)) {
    const pgm = await readFile(join(dir, name));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+\d+\s+\d+\s+\d+\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (!header) continue;
    for (let i = header[0].length; i < pgm.length; i++) if (pgm[i]! < 200) return true;
  }
  return false;
}
