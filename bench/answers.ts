/**
 * Answers on real files: the shared corpus's question sets through the real
 * pipeline and the document-search bot, offline and with a scripted model
 * behind the real SDK (one that quotes its passages, and one that adds a
 * figure no passage holds, which grounding must catch every time).
 *
 * The sets, in the order they were written (core/features/eval/answers/): the set the
 * answerer was first tuned on; then each later set was written before a
 * round of work, run once at its end, and became the next round's
 * development data, so only the newest sealed sets measure questions nobody
 * tuned on. Sealed sets 2 and 3 were written before this round: 2 over the
 * corpus files no earlier set used (they hold one repeated chart, so only 12
 * answerable questions), 3 with new questions over files the earlier sets use.
 * Sealed set 4 was written (by `sealed4`) before this session's answerer work,
 * over the text-richest files and distractors, with Hebrew cross-language and
 * smart-home not-found questions; it must not be tuned on.
 * Sealed set 5 was written (by `sealed5`) before issue 34's answering work,
 * with es/fr/pt/it questions about English files and near misses; it must
 * not be tuned on. Sealed sets 6 and 7 (by `sealed6`, `sealed7`) likewise, each
 * written before a later round's answering changes; not to be tuned on.
 */
import path from 'node:path';
import { runAnswersEval, type AnswersEvalResult } from '../core/programs/answers-eval';
import { SHARED_CORPUS_DIR as CORPUS_DIR } from './shared-corpus';
import { readingModel } from '../core/testing/chat-model';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { ROOT } from './proc';

export const QUESTIONS = path.join(ROOT, 'core/features/eval/answers/corpus-questions.json');
export const HELDOUT_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/heldout-questions.json');
export const FRESH_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/fresh-questions.json');
export const SEALED_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed-questions.json');
export const SEALED2_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed2-questions.json');
export const SEALED3_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed3-questions.json');
export const SEALED4_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed4-questions.json');
export const SEALED5_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed5-questions.json');
export const SEALED6_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed6-questions.json');
export const SEALED7_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed7-questions.json');
export const SEALED8_QUESTIONS = path.join(ROOT, 'core/features/eval/answers/sealed8-questions.json');

type Summary = Omit<AnswersEvalResult, 'outcomes'> & { wrong: Array<{ id: string; answer: string; cited: string[] }> };
type SetSummary = { offline: Summary; model: Summary | null; madeUp: Summary | null };

export const ANSWER_SETS = [
  { name: 'tuned', label: 'tuned', file: QUESTIONS },
  { name: 'heldout', label: 'held out (dev)', file: HELDOUT_QUESTIONS },
  { name: 'fresh', label: 'fresh (dev)', file: FRESH_QUESTIONS },
  { name: 'sealed', label: 'sealed 1 (dev since)', file: SEALED_QUESTIONS },
  { name: 'sealed2', label: 'sealed 2', file: SEALED2_QUESTIONS },
  { name: 'sealed3', label: 'sealed 3', file: SEALED3_QUESTIONS },
  { name: 'sealed4', label: 'sealed 4', file: SEALED4_QUESTIONS },
  { name: 'sealed5', label: 'sealed 5', file: SEALED5_QUESTIONS },
  { name: 'sealed6', label: 'sealed 6', file: SEALED6_QUESTIONS },
  { name: 'sealed7', label: 'sealed 7', file: SEALED7_QUESTIONS },
  { name: 'sealed8', label: 'sealed 8', file: SEALED8_QUESTIONS },
] as const;

/** Each set's figures, by set name. */
export type AnswersBench = Record<(typeof ANSWER_SETS)[number]['name'], SetSummary>;

const strip = ({ outcomes, ...r }: AnswersEvalResult): Summary => ({
  ...r, wrong: outcomes.filter((o) => !o.right).map((o) => ({ id: o.id, answer: o.answer.slice(0, 200), cited: o.cited })),
});

/** BENCH_ANSWER_SETS=tuned,fresh runs only those sets. */
export async function answersBench(corpusDir = CORPUS_DIR, names = process.env.BENCH_ANSWER_SETS?.split(',')): Promise<Partial<AnswersBench> | null> {
  if (!corpusDir) return null;
  const out: Partial<AnswersBench> = {};
  for (const set of ANSWER_SETS) if (!names || names.includes(set.name)) out[set.name] = await runSet(corpusDir, set.file);
  return out;
}

async function runSet(corpusDir: string, questions: string) {
  const offline = await runAnswersEval({ corpusDir, questions });
  // BENCH_ANSWERS_OFFLINE=1: the offline answerer alone (the default product), a third of the time.
  if (process.env.BENCH_ANSWERS_OFFLINE) return { offline: strip(offline), model: null, madeUp: null };
  const fake = await startFakeAnthropic({ responder: readingModel() });
  try {
    const env = { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' };
    const model = await runAnswersEval({ corpusDir, questions, env });
    fake.respond(readingModel({ embellish: 'It costs 1,999 euros.' }));
    const madeUp = await runAnswersEval({ corpusDir, questions, env });
    return { offline: strip(offline), model: strip(model), madeUp: strip(madeUp) };
  } finally {
    await fake.close();
  }
}

export function printAnswersBench(r: Partial<AnswersBench>, line: (label: string, value: string) => void) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const sets = ANSWER_SETS.filter((s) => r[s.name]);
  const each = (x: (s: SetSummary) => string) => sets.map((s) => `${s.label}: ${x(r[s.name]!)}`).join('  | ');
  line('questions: answerable / unanswerable / cross-language (files)', each((s) => `${s.offline.answerable} / ${s.offline.unanswerable} / ${s.offline.needsModel.questions} (${s.offline.files})`));
  line('offline: right answer at the right place (target >= 70 %)', each((s) => pct(s.offline.rightAtPlace)));
  line('offline: wrong answers stated, of the answerable (target <= 5 %)', each((s) => pct(s.offline.statedWrong)));
  line('offline: right file and page among citations or related passages (target >= 90 %)', each((s) => pct(s.offline.placeShown)));
  line('offline: unanswerable questions answered (target <= 10 %)', each((s) => pct(1 - s.offline.notFoundRecall)));
  line('offline: es/fr/pt/it questions about English files, right (target >= 75 %)', each((s) => `${s.offline.crossLanguage.right}/${s.offline.crossLanguage.questions}`));
  line('offline: not found on unanswerable, recall (target >= 90 %)', each((s) => `${pct(s.offline.notFoundRecall)}, precision ${pct(s.offline.notFoundPrecision)}`));
  line('offline: cross-language questions saying a model is needed', each((s) => `${s.offline.needsModel.handled}/${s.offline.needsModel.questions}`));
  if (sets.some((s) => !r[s.name]!.model)) return;
  line('fake model quoting its passages: right at the right place', each((s) => pct(s.model!.rightAtPlace)));
  line('fake model quoting its passages: grounding failures (target 0)', each((s) => String(s.model!.groundingFailures)));
  line('fake model adding a made-up price: answers replaced / model answers', each((s) => `${s.madeUp!.groundingFailures}/${s.model!.answered}`));
}
