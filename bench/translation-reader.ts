/**
 * The reader-side layout check's figures over translated PDFs (for
 * bench/translation-layout.ts): each original compared with its translation
 * page by page (core/features/translate/reader-check), the translation's words being
 * the original's under the fake translator's marker transform (every word
 * reversed), as translateFile gives them to the check.
 */
import { runTool } from '../core/foundation/tools/exec';
import { markerTranslate } from '../core/testing/fake-translate';
import { checkReaderLayout, type CheckedPage } from '../core/features/translate/reader-check';

export interface ReaderFigures {
  files: number; pages: number; warnPages: number; failPages: number;
  /** "name p1: problems" of the files with a page past the warning (not the failure) threshold, and past the failure one. */
  warnFiles: string[]; failFiles: string[];
  /** Files past a threshold whose translation did not say so. */
  unflagged: string[];
  /** Sums over the pages: lines of the translations, and each figure (lostInk: pages with >= 10 % of the original's rules missing). */
  totals: Record<'lines' | 'outside' | 'offPage' | 'overText' | 'overRules' | 'split' | 'turned' | 'lostInkPages', number>;
}

const describePages = (name: string, pages: CheckedPage[]) => `${name} ${pages.map((p) => `p${p.page}: ${p.problems.join('+')}`).join(', ')}`;

export async function readerFigures(pairs: Array<{ source: string; output: string; name: string }>, flagged: Set<string>): Promise<ReaderFigures> {
  const f: ReaderFigures = {
    files: pairs.length, pages: 0, warnPages: 0, failPages: 0, warnFiles: [], failFiles: [], unflagged: [],
    totals: { lines: 0, outside: 0, offPage: 0, overText: 0, overRules: 0, split: 0, turned: 0, lostInkPages: 0 },
  };
  for (const p of pairs) {
    const text = (await runTool('pdftotext', [p.source, '-'], { allowFailure: true })).stdout.toString('utf8');
    const words = new Set((markerTranslate(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
    const c = await checkReaderLayout(p.source, p.output, { words }).catch(() => null);
    if (!c) continue;
    f.pages += c.pages.length;
    f.warnPages += c.warnPages.length;
    f.failPages += c.failPages.length;
    for (const g of c.pages) {
      f.totals.lines += g.lines; f.totals.outside += g.outside; f.totals.offPage += g.offPage; f.totals.overText += g.overText;
      f.totals.overRules += g.overRules; f.totals.split += g.split; f.totals.turned += g.turned; f.totals.lostInkPages += g.lostInk >= 0.1 ? 1 : 0;
    }
    const bad = c.pages.filter((g) => g.level !== 'ok');
    if (!bad.length) continue;
    (c.failPages.length ? f.failFiles : f.warnFiles).push(describePages(p.name, bad));
    if (!flagged.has(p.name)) f.unflagged.push(p.name);
  }
  return f;
}
