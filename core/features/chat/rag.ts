import { detectLanguage, UNDETERMINED } from '../../foundation/text/language';
import type { ConversationTurn } from '../../engines/llm/prompts';
import { AppError } from '../../foundation/errors';
import type { RetrievalReply } from '../../foundation/types';
import { retrieve } from '../../engines/search/retrieve';
import { catalogLanguages, planQuery } from './plan-query';
import { withCurrentTitles } from './current-titles';
import { unknownLinks } from './known-links';
import { toChatLimits, type ChatLimits } from './rate-limit';
import type { AskOptions, RagBot, RagBotOptions, RagEvent } from './rag-types';
import { offlineReply, type ReplyContext } from './rag-reply';
import { modelAnswer, type ModelAnswerContext } from './rag-model';
import { inEnglish, withTranslation } from './rag-translate';
import { checkQuestion, historyOf, lastLanguage, logged, remember, toConversation } from './rag-turns';

/**
 * The document-search bot: answers only from indexed content, with
 * citations and source images, in the question's language, remembering the
 * conversation per referenceId.
 *
 * Failure path (decided here): when the model fails (429, 529, 5xx,
 * timeout) before any answer text was produced, the bot answers
 * extractively from the same passages, says so in a first line, and
 * reports mode 'extractive'; the visitor still gets a cited answer. If the
 * stream fails after text was sent, the error is thrown (the route sends
 * `event: error`). A caller's abort is always thrown.
 */

export type { AskOptions, RagBot, RagBotOptions, RagEvent } from './rag-types';
export { MIN_SUPPORT, offlineAnswer } from './rag-offline';
export { sameScript } from './rag-reply';

const HISTORY_TURNS = 6;

export function createRagBot(options: RagBotOptions): RagBot {
  const { catalog, search, llm, conversations } = options;
  const now = options.now ?? (() => new Date());
  const limits: ChatLimits | null = options.limits ? toChatLimits(options.limits) : null;
  const replies: ReplyContext = { catalog, publicUrl: options.publicUrl, videoTranscript: options.videoTranscript, reader: options.reader, now };
  const model: ModelAnswerContext = { reply: replies, llm, search, onLlmError: options.onLlmError, onGroundingFailure: options.onGroundingFailure };

  async function* run(question: string, history: ConversationTurn[], stream: boolean, signal?: AbortSignal): AsyncGenerator<RagEvent> {
    const detected = detectLanguage(question);
    const language = detected !== UNDETERMINED ? detected : (lastLanguage(history) ?? 'en');
    const languages = options.languages?.() ?? await catalogLanguages(catalog);
    const plan = await planQuery({ question, language, history, llm, languages, signal });
    if (plan.llmError) options.onLlmError?.(plan.llmError, 'prepare');
    const passages = await withCurrentTitles(catalog, await retrieve(search, plan.variants, { signal }));

    if (llm.configured && passages.length > 0) {
      yield* modelAnswer(model, { question, language, plan, passages, languages }, stream, signal);
      return;
    }

    const fallback = plan.llmError !== null && llm.configured;
    let reply = await offlineReply(replies, plan, passages, languages, fallback, await unknownLinks(search, passages.filter((p) => p.relevant)));
    // Offline, a question in a language Apertium pairs with English, that nothing in its own language answers, is searched in English.
    const across = reply.notFound ? await inEnglish(catalog, search, options.translator, plan, languages, signal) : null;
    if (across) {
      const english = await offlineReply(replies, across.plan, across.passages, languages, fallback, await unknownLinks(search, across.passages.filter((p) => p.relevant)));
      if (!english.notFound) reply = await withTranslation(options.translator!, english, plan.language, signal);
      else if (english.related?.length) reply = english;
    }
    yield { type: 'token', text: reply.answer };
    yield { type: 'done', reply };
  }

  async function collect(events: AsyncIterable<RagEvent>): Promise<RetrievalReply> {
    for await (const e of events) if (e.type === 'done') return e.reply;
    throw new AppError('internal', 'The answer ended without a result');
  }

  async function* askStream(query: string, referenceId: string, o: AskOptions = {}): AsyncGenerator<RagEvent> {
    const question = checkQuestion(limits, query);
    await limits?.hit(referenceId, o.clientAddress);
    const askedAt = now().toISOString();
    const history = toConversation(await historyOf(conversations, referenceId, HISTORY_TURNS));
    for await (const e of run(question, history, true, o.signal)) {
      if (e.type === 'done') {
        await remember(conversations, referenceId, question, askedAt, e.reply);
        yield { type: 'done', reply: await logged(options.questions, referenceId, question, e.reply) };
      } else yield e;
    }
  }

  return {
    answer: (question, history, o = {}) => collect(run(checkQuestion(limits, question), history, false, o.signal)),
    answerStream: (question, history, o = {}) => run(checkQuestion(limits, question), history, true, o.signal),
    async ask(query, referenceId, o = {}) {
      const question = checkQuestion(limits, query);
      await limits?.hit(referenceId, o.clientAddress);
      const askedAt = now().toISOString();
      const history = toConversation(await historyOf(conversations, referenceId, HISTORY_TURNS));
      const reply = await collect(run(question, history, false, o.signal));
      await remember(conversations, referenceId, question, askedAt, reply);
      return logged(options.questions, referenceId, question, reply);
    },
    askStream,
    async clear(referenceId) {
      await conversations.clear('search', referenceId);
    },
    history: (referenceId) => historyOf(conversations, referenceId),
  };
}
