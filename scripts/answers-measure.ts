/**
 * Development tool of the offline answerer (issue 34): the figures `cms eval --answers` reports, measured in
 * seconds on dumps written by scripts/answers-dump.ts (retrieval as dumped; no translation of cross-language
 * questions). Per set: right answer at the right place, wrong answers stated, unanswerable questions answered,
 * the right file and page among citations or related passages.
 *
 *   node --import tsx scripts/answers-measure.ts [--list] [--json OUT] DUMP.json...
 *
 * --list prints every wrong stated answer and every unanswerable question answered (question, expected, quote);
 * --json writes each question's outcome (to compare two versions of the answerer).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { offlineAnswer, sameScript } from '../core/features/chat/rag';
import { pickRelated } from '../core/features/chat/related';
import { holdsExpected, type AnswerQuestion } from '../core/programs/answers-eval';
import type { Passage, QueryVariant } from '../core/engines/search/retrieve';

type Row = { q: AnswerQuestion; plan: { language: string; translated?: boolean; variants: QueryVariant[] }; unknown: string[]; passages: Array<Passage & { file?: string }> };
const args = process.argv.slice(2);
const list = args.includes('--list');
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : null;
const files = args.filter((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1));

const placeOf = (p: Passage & { file?: string }) => {
  const c = p.hit.chunk;
  return `${p.file}${c.page ? `#p${c.page}` : c.slide ? `#s${c.slide}` : ''}`;
};

function outcome(row: Row) {
  const { q, plan } = row;
  const kind = q.unanswerable ? 'unanswerable' : q.needsModel ? 'needsModel' : q.lang ? 'crossLanguage' : 'answerable';
  const ownOnly = !plan.translated && plan.language !== 'en';
  const relevant = row.passages.filter((p) => p.relevant && (plan.translated
    || (sameScript(p.hit.chunk.language, plan.language) && !(ownOnly && p.hit.chunk.language === 'en'))));
  const unknown = new Set(row.unknown);
  const { text, used } = relevant.length ? offlineAnswer(relevant, plan.variants, { unknownLink: (u) => unknown.has(u), reader: 'learned' }, { threshold: process.env.THRESHOLD ? Number(process.env.THRESHOLD) : undefined, minSupport: process.env.SUPPORT ? Number(process.env.SUPPORT) : undefined }) : { text: '', used: [] };
  const notFound = !text;
  const cited = used.map((u) => placeOf(u.passage as Row['passages'][number]));
  const byChunk = new Map(row.passages.map((p) => [p.hit.chunk, p]));
  const related = notFound ? pickRelated(row.passages, plan.variants).map((r) => placeOf(byChunk.get(r.chunk)!)) : [];
  const places = q.file ? [`${q.file}${q.page ? `#p${q.page}` : q.slide ? `#s${q.slide}` : ''}`, ...(q.alsoAt ?? [])] : [];
  const atPlace = (l: string[]) => places.length === 0 || l.some((c) => places.includes(c));
  const right = kind === 'unanswerable' || kind === 'needsModel' ? notFound
    : !notFound && holdsExpected(text, q.expect ?? []) && (q.expectAll ?? []).every((e) => holdsExpected(text, [e])) && atPlace(cited);
  const asks = kind === 'answerable' || kind === 'crossLanguage';
  return { id: q.id, kind, question: q.question, expect: q.expect, notFound, right, statedWrong: asks && !notFound && !right, placeShown: asks && places.length > 0 && atPlace([...cited, ...related]), answer: text, cited, places };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');
const all: Record<string, ReturnType<typeof outcome>[]> = {};
const tot = { a: 0, right: 0, wrong: 0, shown: 0, u: 0, answered: 0 };
for (const f of files) {
  const name = path.basename(f, '.json');
  const os = (JSON.parse(readFileSync(f, 'utf8')) as { rows: Row[] }).rows.map(outcome);
  all[name] = os;
  const a = os.filter((o) => o.kind === 'answerable');
  const u = os.filter((o) => o.kind === 'unanswerable');
  const s = { a: a.length, right: a.filter((o) => o.right).length, wrong: a.filter((o) => o.statedWrong).length, shown: a.filter((o) => o.placeShown).length, u: u.length, answered: u.filter((o) => !o.notFound).length };
  for (const k of Object.keys(tot) as Array<keyof typeof tot>) tot[k] += s[k];
  console.log(`${name.padEnd(8)} right ${s.right}/${s.a} (${pct(s.right, s.a)}) | wrong stated ${s.wrong} (${pct(s.wrong, s.a)}) | unanswerable answered ${s.answered}/${s.u} (${pct(s.answered, s.u)}) | place shown ${s.shown} (${pct(s.shown, s.a)})`);
  if (list) {
    for (const o of os.filter((x) => x.statedWrong || (x.kind === 'unanswerable' && !x.notFound))) {
      console.log(`  [${o.kind === 'unanswerable' ? 'UNANS' : 'WRONG'}] ${o.id} ${o.question}\n     expect ${JSON.stringify(o.expect ?? [])} at ${o.places.join(',')} | cited ${o.cited.join(',')}\n     => ${o.answer.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
  }
}
console.log(`ALL      right ${tot.right}/${tot.a} (${pct(tot.right, tot.a)}) | wrong stated ${tot.wrong} (${pct(tot.wrong, tot.a)}) | unanswerable answered ${tot.answered}/${tot.u} (${pct(tot.answered, tot.u)}) | place shown ${tot.shown} (${pct(tot.shown, tot.a)})`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(all, null, 1));
