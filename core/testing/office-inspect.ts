/**
 * Independent readers for checking translated Office files in tests: the
 * text and run formatting of every paragraph (each paragraph's own runs,
 * nested text-box paragraphs apart), media bytes, and page counts as
 * LibreOffice renders them.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { runTool } from '../foundation/tools/exec';
import { officeConvert } from '../foundation/tools/render';
import { readPackage } from '../features/translate/ooxml';

export interface InspectedParagraph { part: string; text: string; runs: string[]; props: string }

const elements = (root: Node, name: string): Element[] =>
  Array.from((root as Element).getElementsByTagName(name) as unknown as ArrayLike<Element>);

function nearest(el: Node, name: string): Element | null {
  for (let p = el.parentNode; p; p = p.parentNode) if (p.nodeName === name) return p as Element;
  return null;
}

/** Formatting signature of a run: which of bold, italic, underline, strike, link, style it has. */
function signature(run: Element, w: boolean): string {
  const rPr = Array.from(run.childNodes as unknown as ArrayLike<Element>).find((c) => c.nodeName === (w ? 'w:rPr' : 'a:rPr'));
  const flags: string[] = [];
  if (w) {
    for (const k of ['w:b', 'w:i', 'w:u', 'w:strike', 'w:caps', 'w:vertAlign', 'w:color', 'w:highlight', 'w:sz']) {
      const el = rPr && elements(rPr, k)[0];
      if (el && el.getAttribute('w:val') !== '0' && el.getAttribute('w:val') !== 'false' && el.getAttribute('w:val') !== 'none') flags.push(`${k}=${el.getAttribute('w:val') ?? ''}`);
    }
    const style = rPr && elements(rPr, 'w:rStyle')[0];
    if (style) flags.push(`style=${style.getAttribute('w:val')}`);
    if (nearest(run, 'w:hyperlink')) flags.push('link');
  } else if (rPr) {
    for (const k of ['b', 'i', 'u', 'strike', 'baseline']) if (rPr.getAttribute(k) && rPr.getAttribute(k) !== '0' && rPr.getAttribute(k) !== 'none') flags.push(`${k}=${rPr.getAttribute(k)}`);
    if (elements(rPr, 'a:hlinkClick').length) flags.push('link');
  }
  return flags.join(',');
}

/** Paragraphs of the text parts, each with its own text and its text runs' signatures (adjacent equal ones merged). */
export async function inspectParagraphs(file: string): Promise<InspectedParagraph[]> {
  const pkg = await readPackage(file, 'inspected file');
  const w = file.endsWith('.docx');
  const partRe = w ? /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/ : /^ppt\/(slides\/slide|notesSlides\/notesSlide|diagrams\/data)\d*\.xml$/;
  const out: InspectedParagraph[] = [];
  for (const part of pkg.names.filter((n) => partRe.test(n)).sort()) {
    const doc = new DOMParser().parseFromString(pkg.parts.get(part)!.toString('utf8'), 'text/xml') as unknown as Document;
    const pName = w ? 'w:p' : 'a:p';
    for (const p of elements(doc, pName)) {
      const runs: string[] = [];
      let text = '';
      const textNodes: Element[] = [];
      const walk = (n: Node) => {
        for (let c = n.firstChild; c; c = c.nextSibling) {
          if (c.nodeType !== 1) continue;
          const name = c.nodeName;
          if (name === (w ? 'w:t' : 'a:t') || (w && name === 'w:tab' && nearest(c, 'w:r')) || name === (w ? 'w:br' : 'a:br')) textNodes.push(c as Element);
          walk(c);
        }
      };
      walk(p);
      for (const t of textNodes) {
        if (nearest(t, pName) !== p) continue;
        if (t.nodeName.endsWith(':tab') || t.nodeName.endsWith(':br')) { text += t.nodeName.endsWith(':tab') ? '\t' : '\n'; continue; }
        const run = nearest(t, w ? 'w:r' : 'a:r');
        if (!run) continue; // a:fld text
        if (w && (nearest(t, 'w:del') || nearest(t, 'mc:Fallback'))) continue;
        text += t.textContent ?? '';
        const sig = signature(run, w);
        if ((t.textContent ?? '') && runs[runs.length - 1] !== sig) runs.push(sig);
      }
      const pPr = Array.from(p.childNodes as unknown as ArrayLike<Element>).find((c) => c.nodeName === (w ? 'w:pPr' : 'a:pPr'));
      out.push({ part, text, runs, props: pPr ? pPr.toString() : '' });
    }
  }
  return out;
}

/** sha256 of each media part (images, embedded files). */
export async function mediaHashes(file: string): Promise<Map<string, string>> {
  const pkg = await readPackage(file, 'inspected file');
  const out = new Map<string, string>();
  for (const n of pkg.names) if (/\/media\//.test(n)) out.set(n, createHash('sha256').update(pkg.parts.get(n)!).digest('hex'));
  return out;
}

export async function pdfPages(file: string): Promise<number> {
  const info = await runTool('pdfinfo', [file], { timeoutMs: 30_000 });
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout.toString('utf8'))?.[1] ?? 0);
}

/** Renders files to PDF with one LibreOffice run and returns each one's page count (0 when it could not open it). */
export async function libreOfficePages(files: string[]): Promise<number[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-lo-'));
  try {
    // Same base names would overwrite each other: convert in groups of distinct names.
    const result: number[] = new Array(files.length).fill(0);
    const pending = files.map((f, i) => ({ f, i }));
    let round = 0;
    while (pending.length) {
      const seen = new Set<string>();
      const group = pending.filter((x) => { const b = path.parse(x.f).name; if (seen.has(b)) return false; seen.add(b); return true; });
      const outDir = path.join(dir, `out${round++}`);
      await officeConvert(group.map((x) => x.f), 'pdf', outDir, path.join(dir, 'profile'), { timeoutMs: 300_000 });
      const made = new Set(await readdir(outDir).catch(() => [] as string[]));
      for (const x of group) {
        const pdf = `${path.parse(x.f).name}.pdf`;
        if (made.has(pdf)) result[x.i] = await pdfPages(path.join(outDir, pdf));
        pending.splice(pending.indexOf(x), 1);
      }
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
