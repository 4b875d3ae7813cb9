import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { corpusFile } from '../../testing/corpus';
import { markerTranslate } from '../../testing/fake-translate';
import { startTranslateRig, type TranslateRig } from '../../testing/translate-rig';
import { parseRels, relsPathOf } from '../../foundation/tools/pptx-xml';
import { chartWorkbookPart, rangeCells } from './chart-workbook';
import { elementsByName, firstChild, parseXml, readPackage, type OfficePackage } from './ooxml';
import { translateFile } from './translate-file';

/**
 * Issue 20, chart workbooks: the workbook embedded with a chart holds the
 * chart's category and series names too; they are translated like the
 * chart's caches (editing the chart's data keeps the translation), numbers
 * and the cells the chart does not name stay as they were.
 */

let rig: TranslateRig;
before(async () => { rig = await startTranslateRig(); });
after(() => rig.close());

/** Every cell of an embedded workbook: sheet!A1 -> its text or number as written. */
async function workbookCells(pkg: OfficePackage, part: string): Promise<{ cells: Map<string, string>; tables: Array<{ ref: string; names: string[] }> }> {
  const file = path.join(rig.dir, `wb-${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(file, pkg.parts.get(part)!);
  const wb = await readPackage(file, 'workbook');
  const text = (n: string) => wb.parts.get(n)?.toString('utf8') ?? '';
  const rels = parseRels(text('xl/_rels/workbook.xml.rels'), 'xl/workbook.xml');
  const sst = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'));
  const strings = sst ? elementsByName(parseXml(text(sst.target), 'sst'), 'si').map((si) => elementsByName(si, 't').map((t) => t.textContent).join('')) : [];
  const cells = new Map<string, string>();
  const tables: Array<{ ref: string; names: string[] }> = [];
  for (const s of elementsByName(parseXml(text('xl/workbook.xml'), 'wb'), 'sheet')) {
    const target = rels.get(s.getAttribute('r:id')!)!.target;
    for (const c of elementsByName(parseXml(text(target), target), 'c')) {
      const v = firstChild(c, 'v')?.textContent ?? '';
      const t = c.getAttribute('t');
      cells.set(`${s.getAttribute('name')}!${c.getAttribute('r')}`, t === 's' ? strings[Number(v)] ?? '' : t === 'inlineStr' ? elementsByName(c, 't').map((x) => x.textContent).join('') : v);
    }
    for (const r of parseRels(text(relsPathOf(target)), target).values()) {
      if (!r.type.endsWith('/table')) continue;
      const table = parseXml(text(r.target), r.target);
      tables.push({ ref: `${s.getAttribute('name')}!${elementsByName(table, 'table')[0]!.getAttribute('ref')}`, names: elementsByName(table, 'tableColumn').map((c) => c.getAttribute('name')!) });
    }
  }
  return { cells, tables };
}

/** Per chart with a workbook: each string reference's cells with the chart's cached text. */
function chartRefs(pkg: OfficePackage, folder: string): Array<{ chart: string; workbook: string; refs: Array<{ cell: string; cached: string }> }> {
  return pkg.names.filter((n) => new RegExp(`^${folder}/charts/chart\\d+\\.xml$`).test(n)).flatMap((chart) => {
    const doc = parseXml(pkg.parts.get(chart)!.toString('utf8'), chart);
    const workbook = chartWorkbookPart(pkg, chart, doc);
    if (!workbook) return [];
    const refs = elementsByName(doc, 'c:strRef').flatMap((ref) => {
      const range = rangeCells(firstChild(ref, 'c:f')?.textContent ?? '');
      return range ? elementsByName(ref, 'c:pt').map((pt) => ({ cell: `${range.sheet}!${range.cells[Number(pt.getAttribute('idx'))]}`, cached: firstChild(pt, 'c:v')?.textContent ?? '' })) : [];
    });
    return [{ chart, workbook, refs }];
  });
}

test('range formulas name their cells in order', () => {
  assert.deepEqual(rangeCells('Sheet1!$A$2:$A$5'), { sheet: 'Sheet1', cells: ['A2', 'A3', 'A4', 'A5'] });
  assert.deepEqual(rangeCells("'My ''data'''!$B$1:$D$1"), { sheet: "My 'data'", cells: ['B1', 'C1', 'D1'] });
  assert.deepEqual(rangeCells('Sheet1!$Z$1:$AB$1')?.cells, ['Z1', 'AA1', 'AB1']);
  assert.equal(rangeCells('(Sheet1!$A$1,Sheet1!$A$3)'), null);
});

test("a DOCX chart's embedded workbook gets the translated names; numbers, other cells and the table stay consistent (shp-inline-shape-access.docx)", async () => {
  const src = corpusFile('docx/shp-inline-shape-access.docx');
  const out = path.join(rig.dir, 'chart.fr.docx');
  await translateFile({ input: src, output: out, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  const [a, b] = [await readPackage(src, 'a'), await readPackage(out, 'b')];
  const [chart] = chartRefs(b, 'word');
  assert.ok(chart, 'the chart has a workbook');
  const before = await workbookCells(a, chart.workbook);
  const afterCells = await workbookCells(b, chart.workbook);
  assert.equal(afterCells.cells.size, before.cells.size);
  const named = new Set(chart.refs.map((r) => r.cell));
  let translated = 0;
  for (const [cell, was] of before.cells) {
    const now = afterCells.cells.get(cell);
    if (named.has(cell) && /\p{L}/u.test(was)) { translated++; assert.equal(now, markerTranslate(was), cell); } else assert.equal(now, was, `${cell} unchanged`);
  }
  assert.ok(translated >= 7, `${translated} names translated (3 series, 4 categories)`);
  // What the chart shows and what its data says are the same again.
  for (const r of chart.refs) assert.equal(afterCells.cells.get(r.cell), r.cached, r.cell);
  // Excel repairs a table whose column names differ from its header cells.
  for (const t of afterCells.tables) {
    const [sheet, ref] = t.ref.split('!') as [string, string];
    const [, col, row] = /^([A-Z]+)(\d+)/.exec(ref)!;
    t.names.forEach((name, k) => {
      const cell = `${sheet}!${String.fromCharCode(col!.charCodeAt(0) + k)}${row}`;
      if (afterCells.cells.has(cell)) assert.equal(name, afterCells.cells.get(cell), `table column ${k + 1}`);
    });
  }
});

test('every chart of a deck: the cells its names come from read as the translated chart (cht-chart-type.pptx, 31 charts)', async () => {
  const src = corpusFile('pptx/cht-chart-type.pptx');
  const out = path.join(rig.dir, 'charts.fr.pptx');
  await translateFile({ input: src, output: out, source: 'english', target: 'french', translator: rig.translator(), memory: rig.memory() });
  const b = await readPackage(out, 'b');
  const charts = chartRefs(b, 'ppt');
  assert.ok(charts.length >= 20, `${charts.length} charts with a workbook`);
  let checked = 0;
  for (const c of charts) {
    const { cells } = await workbookCells(b, c.workbook);
    for (const r of c.refs) {
      if (!/\p{L}/u.test(r.cached)) continue;
      checked++;
      assert.equal(cells.get(r.cell), r.cached, `${c.chart} ${r.cell}`);
    }
  }
  assert.ok(checked >= 50, `${checked} names checked`);
});
