/**
 * A chart's embedded workbook (`ppt/embeddings/*.xlsx`, `word/embeddings/*.xlsx`)
 * translated with the chart: the cells the chart's string references name
 * (category and series names, `c:strRef/c:f` such as `Sheet1!$A$2:$A$5`)
 * get the translation the chart's cache got, so editing the chart's data in
 * PowerPoint or Word does not bring the English labels back. Numbers and
 * every other cell are left as they are. A table over the cells keeps its
 * column names equal to its header cells (Excel repairs a file otherwise);
 * when two translated headers of one table would be equal, that table's
 * headers stay as they were.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRels, relsPathOf } from '../../foundation/tools/pptx-xml';
import { zipOf } from '../../foundation/tools/zip-write';
import { setText } from './drawingml';
import { childElements, elementsByName, firstChild, parseXml, readPackage, serializeXml, type OfficePackage } from './ooxml';

/** One cell a chart names: where, what the chart showed (the workbook's text) and what it shows now. */
export interface WorkbookLabel { sheet: string; cell: string; from: string; to: string }

const colNumber = (col: string) => [...col.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
const colName = (n: number): string => (n <= 0 ? '' : colName(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));
const CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;

/** The cells of one range formula (`Sheet1!$A$2:$A$5`, `'My data'!$B$1`) in order, or null for anything else. */
export function rangeCells(formula: string): { sheet: string; cells: string[] } | null {
  const m = /^(?:'((?:[^']|'')+)'|([^'!]+))!(\$?[A-Za-z]{1,3}\$?\d+)(?::(\$?[A-Za-z]{1,3}\$?\d+))?$/.exec(formula.trim());
  if (!m) return null;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : (m[2] as string);
  const a = CELL.exec(m[3] as string)!;
  const b = CELL.exec((m[4] ?? m[3]) as string)!;
  const [c0, c1] = [colNumber(a[1]!), colNumber(b[1]!)].sort((x, y) => x - y) as [number, number];
  const [r0, r1] = [Number(a[2]), Number(b[2])].sort((x, y) => x - y) as [number, number];
  if ((c1 - c0 + 1) * (r1 - r0 + 1) > 10_000) return null;
  const cells: string[] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(`${colName(c)}${r}`);
  return { sheet, cells };
}

/**
 * The cells a chart's string references name, each with the text its cache
 * had (`original`: cache element -> text before translation) and has now.
 * Only cells whose text changed.
 */
export function chartLabels(chart: Document, original: Map<Element, string>): WorkbookLabel[] {
  const out: WorkbookLabel[] = [];
  for (const ref of elementsByName(chart, 'c:strRef')) {
    const f = firstChild(ref, 'c:f')?.textContent ?? '';
    const range = rangeCells(f);
    const cache = firstChild(ref, 'c:strCache');
    if (!range || !cache) continue;
    for (const pt of childElements(cache).filter((c) => c.nodeName === 'c:pt')) {
      const v = firstChild(pt, 'c:v');
      const cell = range.cells[Number(pt.getAttribute('idx'))];
      const from = v ? original.get(v) : undefined;
      const to = v?.textContent ?? '';
      if (cell && from !== undefined && from !== to) out.push({ sheet: range.sheet, cell, from, to });
    }
  }
  return out;
}

/** The embedded workbook part a chart's data lives in (`c:externalData`), or null. */
export function chartWorkbookPart(pkg: OfficePackage, chartPart: string, chart: Document): string | null {
  const id = elementsByName(chart, 'c:externalData')[0]?.getAttribute('r:id');
  if (!id) return null;
  const rel = parseRels(pkg.parts.get(relsPathOf(chartPart))?.toString('utf8') ?? '', chartPart).get(id);
  return rel && !rel.external && /\.xlsx$/i.test(rel.target) && pkg.parts.has(rel.target) ? rel.target : null;
}

/** A shared or inline string's text: its `t`, or its rich-text runs' `t` (phonetic runs left out). */
const textOf = (el: Element) => childElements(el).map((c) => (c.nodeName === 't' ? c.textContent ?? '' : c.nodeName === 'r' ? firstChild(c, 't')?.textContent ?? '' : '')).join('');
const setCellText = (el: Element, text: string) => {
  while (el.firstChild) el.removeChild(el.firstChild);
  const t = (el.ownerDocument as Document).createElementNS(el.namespaceURI, 't');
  if (/^\s|\s$/.test(text)) t.setAttribute('xml:space', 'preserve');
  t.appendChild((el.ownerDocument as Document).createTextNode(text));
  el.appendChild(t);
};

/**
 * The workbook with the labels' cells translated (a cell whose text is not
 * what the chart showed is left alone: the cache was stale). Null when
 * nothing changed.
 */
export async function translateWorkbook(xlsx: Buffer, labels: WorkbookLabel[], label: string): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-xlsx-'));
  let pkg: OfficePackage;
  try {
    await writeFile(path.join(dir, 'w.xlsx'), xlsx);
    pkg = await readPackage(path.join(dir, 'w.xlsx'), label);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const text = (name: string) => pkg.parts.get(name)?.toString('utf8').replace(/^\uFEFF/, '') ?? '';
  const book = 'xl/workbook.xml';
  const bookRels = parseRels(text(relsPathOf(book)), book);
  const sheetPart = new Map<string, string>();
  for (const s of elementsByName(parseXml(text(book), book), 'sheet')) {
    const target = bookRels.get(s.getAttribute('r:id') ?? '')?.target;
    if (target) sheetPart.set(s.getAttribute('name') ?? '', target);
  }
  const sstPart = [...bookRels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const sst = sstPart && pkg.parts.has(sstPart) ? parseXml(text(sstPart), sstPart) : null;
  const strings = sst ? elementsByName(sst, 'si') : [];

  // Each label's cell: its text now and how to change it.
  interface Target { sheet: string; cell: string; from: string; to: string; apply: () => void }
  const docs = new Map<string, Document>();
  const targets: Target[] = [];
  const sharedTo = new Map<number, string>();
  for (const l of labels) {
    const part = sheetPart.get(l.sheet);
    if (!part || !pkg.parts.has(part)) continue;
    const doc = docs.get(part) ?? parseXml(text(part), part);
    docs.set(part, doc);
    const c = elementsByName(doc, 'c').find((x) => x.getAttribute('r') === l.cell);
    if (!c) continue;
    const type = c.getAttribute('t');
    const v = firstChild(c, 'v');
    if (type === 's' && v) {
      const i = Number(v.textContent);
      const si = strings[i];
      if (!si || textOf(si) !== l.from || (sharedTo.has(i) && sharedTo.get(i) !== l.to)) continue;
      sharedTo.set(i, l.to);
      targets.push({ ...l, apply: () => setCellText(si, l.to) });
    } else if (type === 'inlineStr') {
      const is = firstChild(c, 'is');
      if (is && textOf(is) === l.from) targets.push({ ...l, apply: () => setCellText(is, l.to) });
    } else if (type === 'str' && v && v.textContent === l.from) {
      targets.push({ ...l, apply: () => setText(v, l.to) });
    }
  }
  // Tables over the cells: a header cell and its column name change together, and a table's names stay unique.
  const tableDocs = new Map<string, Document>();
  const renames: Array<() => void> = [];
  const skipped = new Set<Target>();
  for (const [sheet, part] of sheetPart) {
    for (const rel of parseRels(text(relsPathOf(part)), part).values()) {
      if (!rel.type.endsWith('/table') || !pkg.parts.has(rel.target)) continue;
      const doc = parseXml(text(rel.target), rel.target);
      const table = elementsByName(doc, 'table')[0];
      const m = /^\$?([A-Z]+)\$?(\d+)/i.exec(table?.getAttribute('ref') ?? '');
      if (!table || !m || table.getAttribute('headerRowCount') === '0') continue;
      const columns = elementsByName(doc, 'tableColumn');
      const header = columns.map((col, k) => targets.find((t) => t.sheet === sheet && t.cell === `${colName(colNumber(m[1]!) + k)}${m[2]}`));
      if (!header.some(Boolean)) continue;
      const names = columns.map((col, k) => (header[k]?.to ?? col.getAttribute('name') ?? '').toLowerCase());
      if (new Set(names).size !== names.length) { header.forEach((t) => t && skipped.add(t)); continue; }
      tableDocs.set(rel.target, doc);
      columns.forEach((col, k) => { const t = header[k]; if (t) renames.push(() => col.setAttribute('name', t.to)); });
    }
  }
  const applied = targets.filter((t) => !skipped.has(t));
  if (!applied.length) return null;
  for (const t of applied) t.apply();
  for (const r of renames) r();
  for (const [part, doc] of docs) pkg.parts.set(part, Buffer.from(serializeXml(doc), 'utf8'));
  for (const [part, doc] of tableDocs) pkg.parts.set(part, Buffer.from(serializeXml(doc), 'utf8'));
  if (sst && sstPart) pkg.parts.set(sstPart, Buffer.from(serializeXml(sst), 'utf8'));
  const order = [...pkg.names].sort((a, b) => (a === '[Content_Types].xml' ? -1 : b === '[Content_Types].xml' ? 1 : 0));
  return zipOf(order.map((name) => ({ name, data: pkg.parts.get(name) as Buffer })));
}

/**
 * Every chart part of `docs` (its caches already translated) whose data is
 * an embedded workbook: the workbook's named cells take the new labels.
 * Returns the charts whose workbook could not be read (left as they were).
 */
export async function translateChartWorkbooks(pkg: OfficePackage, docs: Map<string, Document>, original: Map<Element, string>, label: string): Promise<string[]> {
  const failed: string[] = [];
  for (const [part, doc] of docs) {
    if (!/\/charts\/chart\d*\.xml$/.test(part)) continue;
    const workbook = chartWorkbookPart(pkg, part, doc);
    const labels = workbook ? chartLabels(doc, original) : [];
    if (!workbook || !labels.length) continue;
    try {
      const out = await translateWorkbook(pkg.parts.get(workbook) as Buffer, labels, `${label} (the data of ${path.posix.basename(part)})`);
      if (out) pkg.parts.set(workbook, out);
    } catch {
      failed.push(part);
    }
  }
  return failed;
}
