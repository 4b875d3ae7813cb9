/**
 * Answers evaluation (`cms eval --answers`): real files ingested through the
 * real pipeline into a throwaway product, questions asked through the
 * document-search bot (the same answerer /chat and the widget use), and the
 * two numbers support assistants are judged on:
 *
 * - answered right at the right place: not "not found", the expected figure
 *   or name in the answer (numbers matched across formats), and a citation
 *   of the expected file at the expected page or slide;
 * - "not found" precision and recall over the questions with no answer in
 *   the files;
 * plus grounding failures (model answers replaced because a figure was not
 * in the cited passages) and cross-language questions that need a model.
 *
 * Question file (JSON): { "questions": [{ "id", "question", "file"?,
 * "page"?, "slide"?, "expect"?: ["10x"], "unanswerable"?: true,
 * "needsModel"?: true }] }; `file` is relative to the corpus folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../foundation/config';
import { describeLocalFile } from '../features/content/spool';
import { uploadOfKind } from '../features/content/upload-any';
import { AppError } from '../foundation/errors';
import { formatOfName } from '../formats/index';
import { createServices } from '../composition/services';
import { normalizeForMatch } from '../foundation/text/normalize';
import { figureForms } from '../features/chat/grounding';
import type { RetrievalReply } from '../foundation/types';

export interface AnswerQuestion {
  id: string;
  question: string;
  /** Corpus-relative path of the file holding the answer. */
  file?: string;
  page?: number;
  slide?: number;
  /** Any of these (a figure or a name) in the answer makes it right. */
  expect?: string[];
  /** A list question ("what are the six ..."): every one of these must be in the answer. */
  expectAll?: string[];
  /** Other places holding the same answer ("file#p1", "deck.pptx#s2"), e.g. a copy of the page in another file. */
  alsoAt?: string[];
  /** No file holds the answer: "not found" is right. */
  unanswerable?: boolean;
  /** Asked in a language no file is in: offline, "needs a model" is right. */
  needsModel?: boolean;
  /** The question's language when it is not the file's (es, fr, pt, it about an English file): answered through translation. */
  lang?: string;
  /** An unanswerable question on the same files and topic (a detail they do not hold). */
  nearMiss?: boolean;
}

export interface AnswersEvalOptions {
  /** Folder the question files' `file` paths are relative to. */
  corpusDir: string;
  /** A question file, or the questions themselves. */
  questions: string | AnswerQuestion[];
  /** Extra configuration (e.g. ANTHROPIC_BASE_URL of a model); offline by default. */
  env?: Record<string, string>;
  onProgress?: (p: { phase: 'ingesting' | 'asking'; done: number; total: number }) => void;
  signal?: AbortSignal;
}

export interface QuestionOutcome {
  id: string;
  question: string;
  kind: 'answerable' | 'unanswerable' | 'needsModel' | 'crossLanguage';
  notFound: boolean;
  right: boolean;
  /** An answer was stated and it is not the right one at the right place. */
  statedWrong: boolean;
  /** The expected file and page or slide is among the citations or the related passages. */
  placeShown: boolean;
  answer: string;
  cited: string[];
  /** Places of the related passages ("file#p3"), shown when no answer was stated. */
  related: string[];
  grounding: RetrievalReply['grounding'] | null;
}

export interface AnswersEvalResult {
  files: number;
  answerable: number;
  unanswerable: number;
  /** Share of answerable questions answered with the expected figure or name, citing the expected page or slide. */
  rightAtPlace: number;
  /** Of the replies that said "not found", the share that were unanswerable. */
  notFoundPrecision: number;
  /** Of the unanswerable questions, the share that got "not found". */
  notFoundRecall: number;
  /** Share of the answerable questions answered with something that is not the right answer at the right place. */
  statedWrong: number;
  /** Share of the answerable questions whose file and page or slide is among the citations or the related passages. */
  placeShown: number;
  /** Questions in another language than their file's (es, fr, pt, it about English files): right answers. */
  crossLanguage: { questions: number; right: number; statedWrong: number };
  /** Model answers replaced by the extractive answer because a figure was not in the cited passages. */
  groundingFailures: number;
  /** Replies that were an answer (not "not found"). */
  answered: number;
  /** Cross-language questions that said they need a model (offline) or were answered (with one). */
  needsModel: { questions: number; handled: number };
  mode: 'offline' | 'model';
  outcomes: QuestionOutcome[];
}

/** Documents and presentations (the formats with text to ask about), by file name. */
const kindOf = (file: string) => {
  const t = formatOfName(file)?.itemType;
  return t === 'document' || t === 'presentation' ? t : undefined;
};

export async function readQuestions(file: string): Promise<AnswerQuestion[]> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { questions?: AnswerQuestion[] };
  if (!Array.isArray(parsed?.questions)) throw new AppError('validation', `${file} has no "questions" array.`);
  return parsed.questions;
}

/** True when the answer holds one of the expected strings (figures in any of their written forms). */
export function holdsExpected(answer: string, expected: string[]): boolean {
  const text = normalizeForMatch(answer);
  return expected.some((e) => figureForms(e).some((f) => text.includes(normalizeForMatch(f))));
}

export async function runAnswersEval(options: AnswersEvalOptions): Promise<AnswersEvalResult> {
  const questions = typeof options.questions === 'string' ? await readQuestions(options.questions) : options.questions;
  const files = [...new Set(questions.map((q) => q.file).filter((f): f is string => !!f))];
  const extraFiles = typeof options.questions === 'string' ? await corpusFilesListed(options.questions) : [];
  const all = [...new Set([...files, ...extraFiles])];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-answers-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: randomBytes(16).toString('hex'), CMS_TOKEN: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn', ...options.env }), { lock: false, startWorker: true });
  try {
    const ids = new Map<string, { itemType: string; itemId: number }>();
    for (const [i, rel] of all.entries()) {
      options.signal?.throwIfAborted();
      const kind = kindOf(rel);
      if (!kind) throw new AppError('validation', `${rel}: only documents and presentations can be asked about.`);
      const { item } = await uploadOfKind(services.content, kind, await describeLocalFile(path.join(options.corpusDir, rel)), {});
      ids.set(rel, { itemType: kind, itemId: item.id });
      options.onProgress?.({ phase: 'ingesting', done: i + 1, total: all.length });
    }
    await services.queue.idle();
    // Questions are asked as a visitor: the files are approved for everyone (the visibility rule).
    await services.product.approve([...ids.values()].map((v) => v.itemId));
    const where = new Map([...ids].map(([rel, v]) => [`${v.itemType}:${v.itemId}`, rel]));
    const outcomes: QuestionOutcome[] = [];
    for (const [i, q] of questions.entries()) {
      options.signal?.throwIfAborted();
      const reply = await services.rag.answer(q.question, [], { signal: options.signal });
      const placeOf = (c: { itemType: string; itemId: number; page: number | null; slide: number | null }) =>
        `${where.get(`${c.itemType}:${c.itemId}`) ?? c.itemId}${c.page ? `#p${c.page}` : c.slide ? `#s${c.slide}` : ''}`;
      const cited = reply.citations.map(placeOf);
      const related = (reply.related ?? []).map(placeOf);
      const kind = q.unanswerable ? 'unanswerable' : q.needsModel ? 'needsModel' : q.lang ? 'crossLanguage' : 'answerable';
      const places = q.file ? [`${q.file}${q.page ? `#p${q.page}` : q.slide ? `#s${q.slide}` : ''}`, ...(q.alsoAt ?? [])] : [];
      const atPlace = (list: string[]) => places.length === 0 || list.some((c) => places.includes(c));
      const right = kind === 'unanswerable' || (kind === 'needsModel' && !services.llm.configured)
        ? reply.notFound
        : !reply.notFound && holdsExpected(reply.answer, q.expect ?? []) && (q.expectAll ?? []).every((e) => holdsExpected(reply.answer, [e])) && atPlace(cited);
      const asksAnswer = kind === 'answerable' || kind === 'crossLanguage';
      outcomes.push({
        id: q.id, question: q.question, kind, notFound: reply.notFound, right, statedWrong: asksAnswer && !reply.notFound && !right,
        placeShown: asksAnswer && places.length > 0 && atPlace([...cited, ...related]), answer: reply.answer, cited, related, grounding: reply.grounding ?? null,
      });
      options.onProgress?.({ phase: 'asking', done: i + 1, total: questions.length });
    }
    const answerable = outcomes.filter((o) => o.kind === 'answerable');
    const unanswerable = outcomes.filter((o) => o.kind === 'unanswerable');
    const saidNotFound = outcomes.filter((o) => o.notFound && o.kind !== 'needsModel');
    const crossLanguage = outcomes.filter((o) => o.kind === 'needsModel');
    const translated = outcomes.filter((o) => o.kind === 'crossLanguage');
    const model = services.llm.configured;
    return {
      files: all.length,
      answerable: answerable.length,
      unanswerable: unanswerable.length,
      rightAtPlace: share(answerable.filter((o) => o.right).length, answerable.length),
      notFoundPrecision: share(saidNotFound.filter((o) => o.kind === 'unanswerable').length, saidNotFound.length),
      notFoundRecall: share(unanswerable.filter((o) => o.notFound).length, unanswerable.length),
      statedWrong: share(answerable.filter((o) => o.statedWrong).length, answerable.length),
      placeShown: share(answerable.filter((o) => o.placeShown).length, answerable.length),
      crossLanguage: { questions: translated.length, right: translated.filter((o) => o.right).length, statedWrong: translated.filter((o) => o.statedWrong).length },
      groundingFailures: outcomes.filter((o) => o.grounding?.replaced).length,
      answered: outcomes.filter((o) => !o.notFound).length,
      needsModel: { questions: crossLanguage.length, handled: crossLanguage.filter((o) => o.right).length },
      mode: model ? 'model' : 'offline',
      outcomes,
    };
  } finally {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Files a question file lists under "files" (ingested although no question names them: distractors). */
async function corpusFilesListed(questionsFile: string): Promise<string[]> {
  const parsed = JSON.parse(await readFile(questionsFile, 'utf8')) as { files?: string[] };
  return Array.isArray(parsed.files) ? parsed.files : [];
}

const share = (n: number, d: number) => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

/** Plain-text summary for CLIs and the bench. */
export function formatAnswersEval(r: AnswersEvalResult): string {
  return [
    `${r.mode}: ${r.files} files, ${r.answerable} answerable and ${r.unanswerable} unanswerable questions`,
    `right answer at the right place ${(r.rightAtPlace * 100).toFixed(1)} %`,
    `wrong answers stated ${(r.statedWrong * 100).toFixed(1)} %; right file and page among citations or related passages ${(r.placeShown * 100).toFixed(1)} %`,
    `not found: precision ${(r.notFoundPrecision * 100).toFixed(1)} %, recall ${(r.notFoundRecall * 100).toFixed(1)} % (unanswerable questions answered ${((1 - r.notFoundRecall) * 100).toFixed(1)} %)`,
    ...(r.crossLanguage.questions ? [`questions in Spanish, French, Portuguese or Italian about English files: ${r.crossLanguage.right}/${r.crossLanguage.questions} right, ${r.crossLanguage.statedWrong} wrong stated`] : []),
    `grounding failures ${r.groundingFailures}; cross-language ${r.needsModel.handled}/${r.needsModel.questions} ${r.mode === 'offline' ? 'said a model is needed' : 'answered'}`,
  ].join('\n');
}
