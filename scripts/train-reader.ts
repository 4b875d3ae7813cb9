/**
 * Trains the offline answerer's learned reader (core/features/chat/reader.ts) on the
 * shared SQuAD-format data and writes core/features/chat/reader-weights.json.
 *
 *   node --import tsx scripts/train-reader.ts [EVAL_DIR]        (default ../shared/eval)
 *
 * Data: XQuAD en/de/es/ru (the same 48 articles in four languages) and HeQ
 * (Hebrew; its 443 questions without an answer in their paragraph are
 * unanswerable examples for the answering model). A quarter of the articles (seeded, core/testing/rng.ts; the same
 * XQuAD articles in every language) is held out: nothing is trained on them.
 *
 * For each question the answerer reads what retrieval would give it: the
 * question's paragraph with the two paragraphs of its article that cover
 * most of the question (ordered by that coverage), and, as a question the
 * files do not answer, the three paragraphs of OTHER articles that cover most
 * of it (only those retrieval would call relevant). Every sentence read is a
 * candidate (core/features/chat/extractive.ts, explain mode): the selection model
 * learns which one holds the gold answer; the answering model learns, from
 * the chosen sentence, whether it answers at all (the chosen sentence holds
 * the gold answer) or not (a wrong sentence, or another article).
 *
 * Prints, on the held-out articles, the sentence accuracy of the learned
 * selection against the hand-set rules' choice on the same questions, and
 * the answering model's precision/recall at 0.5. The "not found" threshold
 * itself is chosen on the product's development question sets by
 * scripts/reader-threshold.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractiveAnswer, type ExtractiveResult } from '../core/features/chat/extractive';
import { ANSWER_FEATURES, FEATURES } from '../core/features/chat/reader';
import { queryVariant, MIN_COVERAGE, MIN_MATCHED_TERMS, type Passage } from '../core/engines/search/retrieve';
import { questionCoverage } from '../core/foundation/text/question-frame';
import { passageTermSet } from '../core/foundation/text/terms';
import { rng } from '../core/testing/rng';
import { sharedDir } from '../bench/shared-corpus';

const EVAL_DIR = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? sharedDir('eval') ?? '../shared/eval';
const OUT = path.resolve(import.meta.dirname, '../core/features/chat/reader-weights.json');
const SEED = 19;
const HOLD_OUT = 0.25;

interface Squad { data: Array<{ title: string; paragraphs: Array<{ context: string; qas: Array<{ question: string; answers: Array<{ text: string }> }> }> }> }
interface Question { lang: string; article: string; question: string; answers: string[]; gold: number }
interface Corpus { lang: string; paragraphs: Array<{ article: string; text: string; set?: ReadonlySet<string> }>; questions: Question[] }

function load(file: string, lang: string, keyOf: (title: string, i: number) => string): Corpus {
  const squad = JSON.parse(readFileSync(path.join(EVAL_DIR, file), 'utf8')) as Squad;
  const c: Corpus = { lang, paragraphs: [], questions: [] };
  squad.data.forEach((a, ai) => {
    const article = keyOf(a.title, ai);
    for (const p of a.paragraphs) {
      const gold = c.paragraphs.length;
      c.paragraphs.push({ article, text: p.context });
      for (const q of p.qas) c.questions.push({ lang, article, question: q.question, answers: q.answers.map((x) => x.text), gold });
    }
  });
  return c;
}

const norm = (s: string) => s.toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();

function passage(c: Corpus, k: number, score: number, relevance: number, matched: number): Passage {
  const p = c.paragraphs[k];
  return {
    hit: { chunk: { id: `${c.lang}:${k}`, itemType: 'document', itemId: k, title: p.article, heading: null, text: p.text, language: c.lang } as never, score } as never,
    relevance, matched, focus: relevance, relevant: matched >= 1 && (relevance >= MIN_COVERAGE || matched >= MIN_MATCHED_TERMS),
  };
}

interface Instance { held: boolean; answerable: boolean; q: Question; passages: Passage[]; positive: (p: number, s: string) => boolean }

/** The two reading situations of every question: its own article's best paragraphs, and other articles' (no answer). */
function instances(c: Corpus, heldOut: Set<string>): Instance[] {
  for (const p of c.paragraphs) p.set = passageTermSet(p.text, c.lang, c.lang);
  const out: Instance[] = [];
  for (const q of c.questions) {
    const v = queryVariant(q.question, c.lang);
    const scored = c.paragraphs.map((p, k) => ({ k, ...questionCoverage(v.terms, p.set!, p.text, c.lang) }));
    const order = (a: typeof scored[number], b: typeof scored[number]) => b.ratio - a.ratio || b.matched - a.matched || a.k - b.k;
    const own = scored.filter((x) => c.paragraphs[x.k].article === q.article).sort(order);
    const read = [scored[q.gold], ...own.filter((x) => x.k !== q.gold).slice(0, 2)].sort(order);
    const answers = q.answers.map(norm).filter(Boolean);
    const held = heldOut.has(q.article);
    const mk = (list: typeof scored) => list.map((x, r) => passage(c, x.k, 1 / (1 + r), x.ratio, x.matched));
    const ownPassages = mk(read);
    // HeQ's unanswerable questions (no gold answer) are asked of their own paragraph: the files do not say.
    out.push({ held, answerable: answers.length > 0, q, passages: ownPassages, positive: (p, s) => ownPassages[p].hit.chunk.itemId === q.gold && answers.some((a) => norm(s).includes(a)) });
    const others = mk(scored.filter((x) => c.paragraphs[x.k].article !== q.article).sort(order).slice(0, 3)).filter((p) => p.relevant);
    if (others.length) out.push({ held, answerable: false, q, passages: others, positive: () => false });
  }
  return out;
}

/**
 * Structured text SQuAD does not hold, written by code (seeded): chart data as the product extracts it from a
 * deck ("Series 2: Category 1 2.4, Category 2 4.4", core/foundation/tools/pptx-xml.ts chartText) and forms of "Label: value"
 * lines, with questions naming the series and category in figures, words or ordinals, or a field by its label.
 * Generic names and values only; `--no-synthetic` trains on SQuAD alone (the ablation in docs/answers.md).
 */
function synthetic(count: number, seed: number, heldShare: number): Instance[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1));
  const WORD = ['', 'one', 'two', 'three', 'four', 'five', 'six'];
  const ORD = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
  const ORDF = ['', '1st', '2nd', '3rd', '4th', '5th', '6th'];
  const numbered = (noun: string, k: number) => pick([`${noun} ${k}`, `${noun} ${WORD[k]}`, `the ${ORD[k]} ${noun}`, `the ${ORDF[k]} ${noun}`]);
  const value = () => pick([() => (rand() * 10).toFixed(1), () => String(int(1, 999)), () => `${int(1, 99)}%`, () => (rand() * 1000).toFixed(2)])();
  const NAMES = ['Sales', 'Revenue', 'Costs', 'Profit', 'Visitors', 'Orders', 'North', 'South', 'East', 'West', 'Returns', 'Budget'];
  const LABELS = ['Invoice Number', 'Invoice Date', 'Due Date', 'Customer', 'Account Number', 'Order Number', 'Total', 'Amount Due', 'Subtotal', 'Tax',
    'Phone', 'Contact', 'Reference', 'Project', 'Department', 'Manager', 'Start Date', 'End Date', 'Status', 'Version', 'Author', 'Model', 'Serial Number', 'Warranty'];
  const fieldValue = (label: string) => (/Date/.test(label) ? `${int(1, 28)}.${int(1, 12)}.${int(2015, 2025)}` : /Customer|Manager|Author|Contact/.test(label)
    ? `${pick(['Anna', 'Tom', 'Maria', 'David', 'Lena', 'Omar'])} ${pick(['Berg', 'Cohen', 'Smith', 'Novak', 'Silva', 'Meyer'])}` : /Status/.test(label) ? pick(['Open', 'Paid', 'Shipped', 'Closed'])
      : /Phone/.test(label) ? `+${int(1, 99)} ${int(100, 999)} ${int(1000, 9999)}` : String(int(100, 99999)));
  const chart = () => {
    const namedSeries = rand() < 0.5;
    const seriesCount = int(2, 4);
    const catCount = int(3, 5);
    const catStyle = pick(['category', 'quarter', 'year']);
    const cats = Array.from({ length: catCount }, (_, j) => (catStyle === 'category' ? `Category ${j + 1}` : catStyle === 'quarter' ? `${ORDF[j + 1]} Qtr` : String(2015 + j)));
    const names = namedSeries ? [...NAMES].sort(() => rand() - 0.5).slice(0, seriesCount) : Array.from({ length: seriesCount }, (_, k) => `Series ${k + 1}`);
    const lines = names.map((n) => `${n}: ${cats.map((c) => `${c} ${value()}`).join(', ')}`);
    return { title: pick(['Chart', 'Results', 'Overview', 'Quarterly figures', 'Data']), names, cats, lines, catStyle, namedSeries };
  };
  const out: Instance[] = [];
  for (let n = 0; n < count; n++) {
    const held = rand() < heldShare;
    const q: Question = { lang: 'en', article: `synthetic:${n}`, question: '', answers: [], gold: 0 };
    let texts: string[];
    let answerLine: string | null;
    if (rand() < 0.6) {
      const charts = [chart(), chart()];
      const c = charts[0];
      const k = int(0, c.names.length - 1);
      const j = int(0, c.cats.length - 1);
      const missing = rand() < 0.15;
      const kk = missing ? c.names.length + 1 : k + 1;
      const series = c.namedSeries && !missing ? c.names[k].toLowerCase() : numbered('series', Math.min(kk, 6));
      const cat = c.catStyle === 'category' ? numbered('category', j + 1) : c.catStyle === 'quarter' ? numbered('quarter', j + 1) : c.cats[j];
      q.question = pick([
        `What is the value of ${series} for ${cat}?`, `What value does ${series} have in ${cat}?`, `How much is ${series} in ${cat}?`,
        `${series}, ${cat}: what number is shown?`, `What does the chart give for ${cat} of ${series}?`, `What was ${series} in ${cat}?`,
      ]).replace(/^./, (x) => x.toUpperCase());
      texts = charts.map((x) => [x.title, ...x.lines].join('\n'));
      answerLine = missing ? null : c.lines[k];
    } else {
      const forms = [0, 1].map(() => [...LABELS].sort(() => rand() - 0.5).slice(0, int(4, 8)).map((l) => `${l}: ${fieldValue(l)}`));
      const line = pick(forms[0]);
      const label = line.split(':')[0];
      const missing = rand() < 0.15;
      const asked = missing ? LABELS.find((l) => !forms[0].some((x) => x.startsWith(l)) && !forms[1].some((x) => x.startsWith(l)))! : label;
      q.question = pick([`What is the ${asked.toLowerCase()}?`, `Which ${asked.toLowerCase()} is given?`, `What ${asked.toLowerCase()} does the form show?`, `Tell me the ${asked.toLowerCase()}.`]);
      texts = forms.map((f) => [pick(['Invoice', 'Order form', 'Payment advice', 'Record']), ...f].join('\n'));
      answerLine = missing ? null : line;
    }
    const v = queryVariant(q.question, 'en');
    const passages = texts.map((text, r) => {
      const c = questionCoverage(v.terms, passageTermSet(text, 'en', 'en'), text, 'en');
      return { ...passage({ lang: 'en', paragraphs: [{ article: q.article, text }], questions: [] }, 0, 1 / (1 + r), c.ratio, c.matched), hit: { chunk: { id: `syn:${n}:${r}`, itemType: 'document', itemId: r, title: 'Data', heading: null, text, language: 'en' } as never, score: 1 / (1 + r) } as never };
    });
    out.push({ held, answerable: answerLine !== null, q, passages, positive: (p, s) => p === 0 && answerLine !== null && norm(answerLine).startsWith(norm(s).replace(/[.…]$/, '')) });
  }
  return out;
}

/** Logistic regression by mini-batch gradient descent with L2, seeded order. */
function train(xs: number[][], ys: number[], opts: { epochs: number; rate: number; l2: number; seed: number; positiveWeight?: number }): number[] {
  const d = xs[0].length;
  const w = new Array<number>(d).fill(0);
  const rand = rng(opts.seed);
  const idx = xs.map((_, i) => i);
  for (let e = 0; e < opts.epochs; e++) {
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    const rate = opts.rate / (1 + e * 0.2);
    for (const i of idx) {
      const x = xs[i];
      const z = x.reduce((n, v, k) => n + v * w[k], 0);
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - ys[i]) * (ys[i] === 1 ? (opts.positiveWeight ?? 1) : 1);
      for (let k = 0; k < d; k++) w[k] -= rate * (g * x[k] + (k === 0 ? 0 : opts.l2 * w[k]));
    }
  }
  return w.map((x) => Math.round(x * 10000) / 10000);
}

/**
 * Listwise logistic (softmax) training of the selection: within one question's candidates, the
 * probability mass should sit on the sentences holding the answer. Seeded order, L2.
 */
function trainListwise(groups: Array<{ xs: number[][]; ys: number[] }>, opts: { epochs: number; rate: number; l2: number; seed: number }): number[] {
  const d = groups[0].xs[0].length;
  const w = new Array<number>(d).fill(0);
  const rand = rng(opts.seed);
  const idx = groups.map((_, i) => i);
  for (let e = 0; e < opts.epochs; e++) {
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    const rate = opts.rate / (1 + e * 0.2);
    for (const gi of idx) {
      const { xs, ys } = groups[gi];
      const z = xs.map((x) => x.reduce((n, v, k) => n + v * w[k], 0));
      const m = Math.max(...z);
      const ex = z.map((v) => Math.exp(v - m));
      const sum = ex.reduce((a, b) => a + b, 0);
      const pos = ys.reduce((a, b) => a + b, 0);
      const grad = new Array<number>(d).fill(0);
      xs.forEach((x, i) => {
        const g = ex[i] / sum - ys[i] / pos;
        for (let k = 0; k < d; k++) grad[k] += g * x[k];
      });
      for (let k = 1; k < d; k++) w[k] -= rate * (grad[k] + opts.l2 * w[k]);
    }
  }
  return w.map((x) => Math.round(x * 10000) / 10000);
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)} % (${n}/${d})`;

// XQuAD's four files are one set of articles: the same articles are held out in every language.
const xquadRand = rng(SEED);
const xquadHeld = new Set<string>();
for (let i = 0; i < 48; i++) if (xquadRand() < HOLD_OUT) xquadHeld.add(`xquad:${i}`);
const heqRand = rng(SEED + 1);
const heqHeld = new Set<string>();
const corpora = [
  ...['en', 'de', 'es', 'ru'].map((l) => load(`xquad.${l}.json`, l, (_t, i) => `xquad:${i}`)),
  load('heq.he.val.json', 'he', (t) => {
    const key = `heq:${t}`;
    if (!heqHeld.has(key) && heqRand() < HOLD_OUT) heqHeld.add(key);
    return key;
  }),
];
const withSynthetic = !process.argv.includes('--no-synthetic');
const all = [...corpora.flatMap((c) => instances(c, c.lang === 'he' ? heqHeld : xquadHeld)), ...(withSynthetic ? synthetic(1200, SEED + 3, HOLD_OUT) : [])];
console.log(`${all.length} reading situations (${all.filter((x) => x.answerable).length} with the answer), ${all.filter((x) => x.held).length} held out`);

// Pass 1: every candidate's features (the rules choosing, so their score is a feature).
type Read = { inst: Instance; result: ExtractiveResult; labels: boolean[] };
const read = (inst: Instance, options: Parameters<typeof extractiveAnswer>[2]): Read => {
  const result = extractiveAnswer(inst.passages, [queryVariant(inst.q.question, inst.q.lang)], { ...options, explain: true });
  return { inst, result, labels: (result.candidates ?? []).map((c) => inst.positive(c.p, c.s)) };
};
const first = all.map((inst) => read(inst, { reader: 'rules' }));
const trainSel = first.filter((r) => !r.inst.held && r.inst.answerable && r.labels.some(Boolean));
const select = trainListwise(trainSel.map((r) => ({ xs: r.result.candidates!.map((c) => c.features), ys: r.labels.map((l) => (l ? 1 : 0)) })), { epochs: 15, rate: 0.1, l2: 1e-4, seed: SEED });

// Held-out sentence accuracy: the learned choice against the rules' choice, on the same questions.
const dotp = (w: number[], x: number[]) => x.reduce((n, v, k) => n + v * w[k], 0);
for (const lang of ['all', ...corpora.map((c) => c.lang), ...(withSynthetic ? ['synthetic'] : [])]) {
  const isSynthetic = (r: Read) => r.inst.q.article.startsWith('synthetic:');
  const held = first.filter((r) => r.inst.held && r.inst.answerable && (lang === 'synthetic' ? isSynthetic(r) : !isSynthetic(r) && (lang === 'all' || r.inst.q.lang === lang)));
  let rules = 0;
  let learned = 0;
  let reachable = 0;
  for (const r of held) {
    const cs = r.result.candidates ?? [];
    if (r.labels.some(Boolean)) reachable++;
    const ruleBest = cs.reduce((b, c, i) => (c.rule > 0 && (b < 0 || c.rule > cs[b].rule) ? i : b), -1);
    const learnedBest = cs.reduce((b, c, i) => (b < 0 || dotp(select, c.features) > dotp(select, cs[b].features) ? i : b), -1);
    if (ruleBest >= 0 && r.labels[ruleBest]) rules++;
    if (learnedBest >= 0 && r.labels[learnedBest]) learned++;
  }
  console.log(`held-out sentence accuracy [${lang}]: rules ${pct(rules, held.length)}, learned ${pct(learned, held.length)}; gold sentence among candidates ${pct(reachable, held.length)}`);
}

// Pass 2: the learned selection choosing; the answering model learns whether its choice answers.
const second = all.map((inst) => read(inst, { reader: 'learned', selectWeights: select }));
const answerRows = second.filter((r) => r.result.answerInput).map((r) => {
  const cs = r.result.candidates!;
  const top = cs.reduce((b, c, i) => (c.learned > cs[b].learned ? i : b), 0);
  return { held: r.inst.held, x: r.result.answerInput!, y: r.labels[top] ? 1 : 0 };
});
const trainAns = answerRows.filter((r) => !r.held);
const answer = train(trainAns.map((r) => r.x), trainAns.map((r) => r.y), { epochs: 20, rate: 0.05, l2: 1e-4, seed: SEED + 2 });
const heldAns = answerRows.filter((r) => r.held);
const said = heldAns.filter((r) => 1 / (1 + Math.exp(-dotp(answer, r.x))) >= 0.5);
console.log(`held-out answering model at 0.5: answered ${pct(said.length, heldAns.length)}, of them right ${pct(said.filter((r) => r.y).length, said.length)}; right answers kept ${pct(said.filter((r) => r.y).length, heldAns.filter((r) => r.y).length)}`);

// The threshold and blend are chosen afterwards on the development question sets (scripts/reader-threshold.ts --write).
const previous = JSON.parse(readFileSync(OUT, 'utf8')) as { threshold?: number; blend?: number; use?: boolean };
writeFileSync(OUT, `${JSON.stringify({
  about: 'Learned reader of the offline answerer (core/features/chat/reader.ts), written by scripts/train-reader.ts; threshold and blend by scripts/reader-threshold.ts.',
  features: [...FEATURES], select, answerFeatures: [...ANSWER_FEATURES], answer, threshold: previous.threshold ?? 0.5, blend: previous.blend ?? 0, use: previous.use ?? true,
}, null, 1)}\n`);
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
