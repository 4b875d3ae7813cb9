/**
 * Answers on real files: the shared corpus's question set
 * (core/eval/answers/corpus-questions.json) through the real pipeline and
 * the document-search bot, offline and with a scripted model behind the real
 * SDK (one that quotes its passages, and one that adds a figure no passage
 * holds, which grounding must catch every time).
 */
import path from 'node:path';
import { runAnswersEval, type AnswersEvalResult } from '../core/eval/answer-eval';
import { CORPUS_DIR } from '../core/testing/corpus';
import { readingModel } from '../core/testing/chat-model';
import { startFakeAnthropic } from '../core/testing/fake-anthropic';
import { ROOT } from './proc';

export const QUESTIONS = path.join(ROOT, 'core/eval/answers/corpus-questions.json');

type Summary = Omit<AnswersEvalResult, 'outcomes'> & { wrong: Array<{ id: string; answer: string; cited: string[] }> };
export interface AnswersBench { offline: Summary; model: Summary; madeUp: Summary }

const strip = ({ outcomes, ...r }: AnswersEvalResult): Summary => ({
  ...r, wrong: outcomes.filter((o) => !o.right).map((o) => ({ id: o.id, answer: o.answer.slice(0, 200), cited: o.cited })),
});

export async function answersBench(corpusDir = CORPUS_DIR): Promise<AnswersBench | null> {
  if (!corpusDir) return null;
  const offline = await runAnswersEval({ corpusDir, questions: QUESTIONS });
  const fake = await startFakeAnthropic({ responder: readingModel() });
  try {
    const env = { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' };
    const model = await runAnswersEval({ corpusDir, questions: QUESTIONS, env });
    fake.respond(readingModel({ embellish: 'It costs 1,999 euros.' }));
    const madeUp = await runAnswersEval({ corpusDir, questions: QUESTIONS, env });
    return { offline: strip(offline), model: strip(model), madeUp: strip(madeUp) };
  } finally {
    await fake.close();
  }
}

export function printAnswersBench(r: AnswersBench, line: (label: string, value: string) => void) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const { offline, model, madeUp } = r;
  line(`questions (${offline.files} files)`, `${offline.answerable} answerable, ${offline.unanswerable} unanswerable, ${offline.needsModel.questions} cross-language`);
  line('offline: right answer at the right place (target >= 85 %)', pct(offline.rightAtPlace));
  line('offline: not found on unanswerable, recall (target >= 90 %)', `${pct(offline.notFoundRecall)}, precision ${pct(offline.notFoundPrecision)}`);
  line('offline: cross-language questions saying a model is needed', `${offline.needsModel.handled}/${offline.needsModel.questions}`);
  line('fake model quoting its passages: right at the right place', pct(model.rightAtPlace));
  line('fake model quoting its passages: grounding failures (target 0)', String(model.groundingFailures));
  line('fake model adding a made-up price: answers replaced / model answers', `${madeUp.groundingFailures}/${model.answered}`);
}
