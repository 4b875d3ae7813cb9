/**
 * LibreOffice warm against cold, and a mixed import of real files against
 * the external tools' own cold runs on the same files:
 * - a generated 30-slide deck converted to PDF by a cold `soffice
 *   --convert-to pdf` and by the process's warm LibreOffice (core/foundation/tools/office.ts);
 * - 8 PDF + 8 DOCX + 8 PPTX from ../shared/corpus imported directly and through
 *   a server process, beside the tools alone run cold on the same files (one
 *   `soffice --convert-to pdf` per Office file, `pdftotext` per PDF).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PptxGenJS from 'pptxgenjs';
import { SHARED_CORPUS_DIR as CORPUS_DIR } from './shared-corpus';
import { createWarmOffice } from '../core/foundation/tools/office';
import { percentile, runChild, timeCommand } from './proc';

async function deck(slides: number, file: string): Promise<void> {
  const pptx = new PptxGenJS();
  for (let i = 1; i <= slides; i++) {
    const s = pptx.addSlide();
    s.addText(`Motorised shading, part ${i}`, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28, bold: true });
    s.addText([`Roller blind motor ${i} Nm`, 'Hold the button for five seconds to pair the remote', 'Works with KNX and Zigbee gateways'].map((text) => ({ text, options: { bullet: true, breakLine: true } })), { x: 0.5, y: 1.5, w: 6, h: 3, fontSize: 18 });
    s.addShape('rect', { x: 7, y: 1.5, w: 2.5, h: 2.5, fill: { color: '336699' } });
  }
  await writeFile(file, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
}

const coldConvert = (file: string, out: string, profile: string) => timeCommand('soffice', [
  `-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--nolockcheck', '--nodefault', '--convert-to', 'pdf', '--outdir', out, file,
]);

export interface OfficeBench {
  deck: { slides: number; coldMs: number; warmFirstMs: number; warmMs: number };
  mixed?: { files: number; toolsColdMs: number; directMs: number; serverMs: number };
}

export async function officeBench(): Promise<OfficeBench> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-office-'));
  try {
    const file = path.join(dir, 'deck-30.pptx');
    await deck(30, file);
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) cold.push(await coldConvert(file, dir, path.join(dir, `profile-${i}`)));
    const office = createWarmOffice();
    let t = performance.now();
    await office.toPdf(file, path.join(dir, 'warm-0.pdf'));
    const warmFirstMs = performance.now() - t;
    const warm: number[] = [];
    for (let i = 1; i <= 3; i++) {
      t = performance.now();
      await office.toPdf(file, path.join(dir, `warm-${i}.pdf`));
      warm.push(performance.now() - t);
    }
    await office.close();
    const out: OfficeBench = { deck: { slides: 30, coldMs: percentile(cold, 50), warmFirstMs, warmMs: percentile(warm, 50) } };

    if (CORPUS_DIR) {
      const pick = async (sub: string) => (await readdir(path.join(CORPUS_DIR!, sub))).filter((n) => n.endsWith(`.${sub}`)).sort().slice(0, 8).map((n) => path.join(CORPUS_DIR!, sub, n));
      const files = [...(await pick('pdf')), ...(await pick('docx')), ...(await pick('pptx'))];
      t = performance.now();
      for (const [i, f] of files.entries()) {
        if (f.endsWith('.pdf')) await timeCommand('pdftotext', [f, '/dev/null']);
        else await coldConvert(f, dir, path.join(dir, `cold-profile-${i}`)).catch(() => 0);
      }
      const toolsColdMs = performance.now() - t;
      const direct = await runChild<{ ms: number }>('import-child.ts', ['direct', ...files]);
      const server = await runChild<{ ms: number }>('import-child.ts', ['server', ...files]);
      out.mixed = { files: files.length, toolsColdMs, directMs: direct.ms, serverMs: server.ms };
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printOfficeBench(r: OfficeBench, line: (label: string, value: string) => void): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  line(`${r.deck.slides}-slide deck to PDF: cold soffice (median of 3)`, s(r.deck.coldMs));
  line('  warm LibreOffice: first (with its start) / then (median of 3)', `${s(r.deck.warmFirstMs)} / ${s(r.deck.warmMs)}; cold/warm ${(r.deck.coldMs / r.deck.warmMs).toFixed(1)}x`);
  if (!r.mixed) return;
  const m = r.mixed;
  line(`${m.files} real files (8 PDF, 8 DOCX, 8 PPTX): tools alone, cold`, s(m.toolsColdMs));
  line('  import direct / through the server', `${s(m.directMs)} / ${s(m.serverMs)}`);
  line('  import / tools cold (target <= 0.5); server / direct (target <= 1.15)', `${(m.directMs / m.toolsColdMs).toFixed(2)}x (server ${(m.serverMs / m.toolsColdMs).toFixed(2)}x); ${(m.serverMs / m.directMs).toFixed(2)}x`);
}
