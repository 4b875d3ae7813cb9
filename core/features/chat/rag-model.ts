import { AppError } from '../../foundation/errors';
import { answerSystemPrompt, answerUserMessage, NOT_FOUND_MARKER } from '../../engines/llm/prompts';
import type { LlmClient } from '../../engines/llm/types';
import type { SearchIndex } from '../../engines/search/types';
import { checkGrounding } from './grounding';
import { unknownLinks } from './known-links';
import type { Passage, RetrievalPlan } from './plan-query';
import type { RagBotOptions, RagEvent } from './rag-types';
import { llmReply, offlineReply, type ReplyContext } from './rag-reply';

/**
 * The document-search bot's answer by the model (rag.ts): the best passages given to it, its answer streamed or
 * completed, checked for grounding; on a model failure before any text was sent, the offline answer instead.
 */

const MAX_LLM_PASSAGES = 6;

export interface ModelAnswerContext {
  reply: ReplyContext;
  llm: LlmClient;
  search: SearchIndex;
  onLlmError?: RagBotOptions['onLlmError'];
  onGroundingFailure?: RagBotOptions['onGroundingFailure'];
}

/** The question asked and read: what it is, its language, the plan, the passages found and the catalog's languages. */
export interface AskedPlan {
  question: string;
  language: string;
  plan: RetrievalPlan;
  passages: Passage[];
  languages: string[];
}

export async function* modelAnswer(ctx: ModelAnswerContext, asked: AskedPlan, stream: boolean, signal?: AbortSignal): AsyncGenerator<RagEvent> {
  const { llm, search } = ctx;
  const { question, language, plan, passages, languages } = asked;
  const relevant = passages.filter((p) => p.relevant);
  // The model judges relevance better than term overlap: give it the best hits even when none clears the threshold.
  const given = (relevant.length ? relevant : passages.slice(0, 3)).slice(0, MAX_LLM_PASSAGES);
  const prompt = answerUserMessage(plan.standalone, given.map((p, i) => ({
    n: i + 1, title: p.hit.chunk.title, page: p.hit.chunk.page, slide: p.hit.chunk.slide, language: p.hit.chunk.language, text: p.hit.chunk.text,
  })));
  const call = { system: answerSystemPrompt(language), temperature: 0.2, signal };
  let full = '';
  let emitted = false;
  try {
    if (stream) {
      let head = '';
      let decided = false;
      for await (const d of llm.stream([{ role: 'user', content: prompt }], call)) {
        full += d;
        if (decided) {
          emitted = true;
          yield { type: 'token', text: d };
          continue;
        }
        head += d;
        const t = head.trimStart();
        if (t.length < NOT_FOUND_MARKER.length && NOT_FOUND_MARKER.startsWith(t)) continue;
        decided = true;
        const out = t.startsWith(NOT_FOUND_MARKER) ? t.slice(NOT_FOUND_MARKER.length).trimStart() : head;
        if (out) {
          emitted = true;
          yield { type: 'token', text: out };
        }
      }
    } else {
      full = await llm.complete([{ role: 'user', content: prompt }], call);
    }
  } catch (e) {
    if (signal?.aborted || emitted || !(e instanceof AppError)) throw e;
    ctx.onLlmError?.(e, 'answer');
    // The documented fallback: quote the passages instead (see rag.ts's file comment).
    const reply = await offlineReply(ctx.reply, plan, passages, languages, true, await unknownLinks(search, passages.filter((p) => p.relevant)));
    yield { type: 'token', text: reply.answer };
    yield { type: 'done', reply };
    return;
  }
  let reply = await llmReply(ctx.reply, language, full, given, plan.variants);
  // Grounding: a figure, model number, price, URL or phone number not in the passages (or the question) is not trusted.
  if (!reply.notFound) {
    const check = checkGrounding(reply.answer, [...given.map((p) => p.hit.chunk.text), question, plan.standalone]);
    if (check.missing.length) {
      ctx.onGroundingFailure?.(check.missing, question);
      const offline = await offlineReply(ctx.reply, plan, passages, languages, false, await unknownLinks(search, passages.filter((p) => p.relevant)));
      reply = { ...offline, grounding: { replaced: true, missing: check.missing } };
    }
  }
  // The done event carries the final text (markers renumbered); a marker-only reply showed nothing yet.
  if (stream && !emitted) yield { type: 'token', text: reply.answer };
  yield { type: 'done', reply };
}
