/**
 * Measures the offline answerer on question sets without re-ingesting (the
 * retrieval of each question as scripts/answers-dump.ts wrote it) and
 * chooses the learned reader's "not found" threshold on them:
 *
 *   node --import tsx scripts/reader-threshold.ts [--write] DUMP.json...
 *
 * For the hand-set rules and for the learned reader at each threshold and
 * blend (the share of the rules' score in its ranking) it prints right
 * answer at the right place, and "not found" recall and precision, per set
 * and pooled. With --write, the blend and threshold handling the most
 * questions right over the pooled sets (the middle of the widest threshold
 * range doing so) are written to core/features/chat/reader-weights.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { offlineAnswer, sameScript } from '../core/features/chat/rag';
import { holdsExpected, type AnswerQuestion } from '../core/programs/answers-eval';
import type { Passage, QueryVariant } from '../core/engines/search/retrieve';

type Row = { q: AnswerQuestion; plan: { language: string; variants: QueryVariant[] }; unknown: string[]; passages: Array<Passage & { file?: string }> };
const args = process.argv.slice(2);
const write = args.includes('--write');
const sets = args.filter((a) => a !== '--write').map((f) => ({ name: path.basename(f, '.json'), rows: (JSON.parse(readFileSync(f, 'utf8')) as { rows: Row[] }).rows }));

type Outcome = { kind: 'answerable' | 'unanswerable' | 'needsModel'; notFound: boolean; right: boolean; answer: string; cited: string[] };
function outcome(row: Row, reader: 'rules' | 'learned', threshold?: number, blend?: number): Outcome {
  const { q, plan } = row;
  const relevant = row.passages.filter((p) => p.relevant && sameScript(p.hit.chunk.language, plan.language));
  const kind = q.unanswerable ? 'unanswerable' : q.needsModel ? 'needsModel' : 'answerable';
  const unknown = new Set(row.unknown);
  const { text, used } = relevant.length ? offlineAnswer(relevant, plan.variants, { unknownLink: (u) => unknown.has(u), reader, blend }, { threshold, minSupport: process.env.SUPPORT ? Number(process.env.SUPPORT) : undefined }) : { text: '', used: [] };
  const notFound = !text;
  const cited = used.map((u) => {
    const c = u.passage.hit.chunk;
    return `${(u.passage as Row['passages'][number]).file}${c.page ? `#p${c.page}` : c.slide ? `#s${c.slide}` : ''}`;
  });
  const places = q.file ? [`${q.file}${q.page ? `#p${q.page}` : q.slide ? `#s${q.slide}` : ''}`, ...(q.alsoAt ?? [])] : [];
  const right = kind !== 'answerable' ? notFound : !notFound && holdsExpected(text, q.expect ?? []) && (places.length === 0 || cited.some((c) => places.includes(c)));
  return { kind, notFound, right, answer: text, cited };
}

function summary(os: Outcome[]) {
  const a = os.filter((o) => o.kind === 'answerable');
  const u = os.filter((o) => o.kind === 'unanswerable');
  const nf = os.filter((o) => o.notFound && o.kind !== 'needsModel');
  return {
    right: a.filter((o) => o.right).length, answerable: a.length,
    recall: u.filter((o) => o.notFound).length, unanswerable: u.length,
    precisionOk: nf.filter((o) => o.kind === 'unanswerable').length, saidNotFound: nf.length,
    handled: os.filter((o) => o.right).length, total: os.length,
  };
}
const show = (s: ReturnType<typeof summary>) => `right ${s.right}/${s.answerable} (${((100 * s.right) / s.answerable).toFixed(1)} %), NF recall ${s.recall}/${s.unanswerable}, precision ${s.precisionOk}/${s.saidNotFound}`;

const verbose = process.env.VERBOSE;
for (const set of sets) {
  const os = set.rows.map((r) => outcome(r, 'rules'));
  console.log(`rules   ${set.name}: ${show(summary(os))}`);
}
const learnedAt = (t: number, blend: number) => sets.map((set) => ({ name: set.name, os: set.rows.map((r) => outcome(r, 'learned', t, blend)) }));
// The blend of the rules' score (0..1 in tenths) and the threshold (0..0.5 in steps of 0.05), pooled over the sets.
const grid: Array<{ t: number; blend: number; n: number }> = [];
const only = process.env.ONLY ? process.env.ONLY.split(',').map(Number) : null;
for (let b = 0; b <= 10; b++) {
  if (only && b !== Math.round(only[0] * 10)) continue;
  for (let k = 0; k <= 10; k++) {
    const t = k * 0.05;
    if (only && Math.abs(t - only[1]) > 1e-9) continue;
    const per = learnedAt(t, b / 10);
    const pooled = summary(per.flatMap((x) => x.os));
    if (process.env.ALL || k % 2 === 0) console.log(`learned blend=${(b / 10).toFixed(1)} t=${t.toFixed(2)}: ${per.map((x) => `${x.name} ${show(summary(x.os))}`).join(' | ')} || pooled handled ${pooled.handled}/${pooled.total}`);
    grid.push({ t, blend: b / 10, n: pooled.handled });
  }
}
// Per blend, the middle of the longest run of thresholds handling the most questions right (not its edge);
// the blend with the most, the smaller blend on ties (the learned reader's own choice first).
const most = Math.max(...grid.map((h) => h.n));
let best = { t: 0, blend: 0, handled: most, run: [] as number[] };
for (let b = 0; b <= 10; b++) {
  let run: number[] = [];
  let longest: number[] = [];
  for (const h of grid.filter((g) => g.blend === b / 10)) {
    run = h.n === most ? [...run, h.t] : [];
    if (run.length > longest.length) longest = run;
  }
  if (longest.length > best.run.length) best = { t: Math.round(longest[Math.floor((longest.length - 1) / 2)] * 1000) / 1000, blend: b / 10, handled: most, run: longest };
}
console.log(`best: blend ${best.blend}, threshold ${best.t} (${best.handled} questions handled right, thresholds ${best.run[0]} to ${best.run[best.run.length - 1]})`);
if (verbose) {
  const t = Number(verbose) || best.t;
  for (const x of learnedAt(t, Number(process.env.BLEND ?? best.blend))) for (const [i, o] of x.os.entries()) if (!o.right) console.log(`${x.name} ${x.name && sets.find((s) => s.name === x.name)!.rows[i].q.id} ${o.kind} nf=${o.notFound} ${o.cited.join(',')} :: ${sets.find((s) => s.name === x.name)!.rows[i].q.question} => ${o.answer.slice(0, 160)}`);
}
if (write) {
  const file = path.resolve(import.meta.dirname, '../core/features/chat/reader-weights.json');
  const w = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...w, threshold: best.t, blend: best.blend }, null, 1)}\n`);
  console.log(`wrote threshold ${best.t}, blend ${best.blend}`);
}
