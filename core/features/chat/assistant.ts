import { unlessDiskFull } from '../../foundation/disk';
import type { Catalog } from '../../engines/catalog/types';
import type { ConversationStore } from '../../engines/conversations/types';
import { AppError } from '../../foundation/errors';
import type { ConversationTurn } from '../../engines/llm/prompts';
import type { NewAnswer, QuestionLog } from '../analytics/types';
import type { LlmClient } from '../../engines/llm/types';
import type { SearchIndex } from '../../engines/search/types';
import { detectLanguage, languageCode, UNDETERMINED } from '../../foundation/text/language';
import type { ChatBotReply, MediaOutput, PublicChatMessage } from '../../foundation/types';
import { detectMediaRequest, findMedia } from './media';
import { fill, languageNameIn, phrasesFor } from './phrases';
import type { RagBot } from './rag';
import { toChatLimits, type ChatLimitOptions, type ChatLimits } from './rate-limit';
import { sourcesLine } from './sources';
import { words } from '../../foundation/text/terms';
import { videoKeys } from '../../engines/storage/layout';

/**
 * The public assistant (spec: /chat): greets a new session, hands out
 * documents, presentations and videos on request, and answers product
 * questions through the document-search bot (same retrieval, prompts and
 * prompt-injection defence). Every message is stored in the conversation
 * store so that polling with `since` returns exactly the newer ones.
 */

export interface AssistantOptions {
  catalog: Catalog;
  /** Where the messages live (kind 'chat'). */
  conversations: ConversationStore;
  rag: RagBot;
  /** For matching a media request against item content; title/description matching works without it. */
  search?: SearchIndex | null;
  /** Limits, or the config values to build them from (config.limits). */
  limits: ChatLimits | ChatLimitOptions;
  /** Accepted for symmetry with the RAG bot; model calls happen inside `rag`. */
  llm?: LlmClient;
  /** Where each visitor message and its answer is kept for analytics (message text only). */
  questions?: QuestionLog;
}

export interface ChatInput {
  message: string;
  referenceId: string;
  isNewSession?: boolean;
  clientAddress?: string | null;
  /** The browser's language (Accept-Language), used when the message itself does not tell. */
  preferredLanguage?: string | null;
  /** The console's /chat (default) or the embeddable widget, for analytics. */
  channel?: 'chat' | 'widget';
  signal?: AbortSignal;
}

export interface Assistant {
  clearSession(referenceId: string): Promise<void>;
  chat(input: ChatInput): Promise<ChatBotReply>;
  /** Messages of the conversation newer than `since` (ISO time), oldest first; all when `since` is empty. */
  messages(referenceId: string, since?: string | null): Promise<PublicChatMessage[]>;
}

/** Greeting words -> their language. */
const GREETINGS: Record<string, string> = {
  hello: 'en', hi: 'en', hey: 'en', hiya: 'en', greetings: 'en', good: 'en', morning: 'en', afternoon: 'en', evening: 'en', there: 'en',
  שלום: 'he', היי: 'he', הי: 'he', אהלן: 'he', בוקר: 'he', ערב: 'he', טוב: 'he',
  مرحبا: 'ar', مرحبًا: 'ar', اهلا: 'ar', أهلا: 'ar', السلام: 'ar', عليكم: 'ar',
  bonjour: 'fr', salut: 'fr', bonsoir: 'fr', coucou: 'fr',
  hola: 'es', buenas: 'es', buenos: 'es', dias: 'es', tardes: 'es',
  hallo: 'de', guten: 'de', tag: 'de', morgen: 'de', servus: 'de', moin: 'de',
  привет: 'ru', здравствуйте: 'ru', добрый: 'ru', день: 'ru',
};
const GREETING_WORDS = new Map(Object.entries(GREETINGS).map(([k, v]) => [words(k).join(''), v]));

/** The greeting's language when the message is only a greeting, else null. */
function greetingLanguage(message: string): string | null {
  const ws = words(message);
  if (ws.length === 0 || ws.length > 4 || !ws.every((w) => GREETING_WORDS.has(w))) return null;
  return GREETING_WORDS.get(ws[0])!;
}

const HISTORY_TURNS = 6;

/** "Can I talk to a person?", "I want a human", "נציג בבקשה": the visitor asks for a person. */
const PERSON = [
  /\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a\s+|an\s+|someone|somebody|a\s+real\s+)?(?:person|human|agent|someone|somebody|representative|staff|support|operator)\b/i,
  /\b(?:real|live)\s+(?:person|human|agent)\b/i, /\b(?:human|customer service|representative)\b.*\b(?:please|want|need)\b|\b(?:want|need)\b.*\b(?:a human|a person|an agent|a representative)\b/i,
  /\bcontact\s+(?:me|a person|someone|support)\b/i, /(?:לדבר|לשוחח|לדבר עם)\s+(?:עם\s+)?(?:נציג|בן אדם|אדם|מישהו)/u, /נציג(?:\s+אנושי)?\s*(?:בבקשה|$)|אני רוצה נציג|צרו איתי קשר|שיחזרו אליי/u,
  /\b(?:parler|discuter)\s+(?:à|avec)\s+(?:une?\s+)?(?:personne|humain|conseiller|agent)\b/i, /\bhablar\s+con\s+(?:una\s+)?(?:persona|humano|agente)\b/i,
  /\b(?:mit\s+einem\s+(?:menschen|mitarbeiter)|mit\s+jemandem)\s+sprechen\b/i, /поговорить\s+с\s+(?:человеком|оператором|сотрудником)/iu, /التحدث\s+(?:مع|إلى)\s+(?:شخص|موظف|إنسان)/u,
];
export const asksForPerson = (message: string) => PERSON.some((re) => re.test(message));

/** What is stored per message; id, referenceId and dateTime come from the store. */
type Body = Pick<PublicChatMessage, 'role' | 'message' | 'output' | 'file' | 'contentType' | 'userLanguage'>;
type BotPart = Omit<Body, 'role'>;
type Outcome = Pick<NewAnswer, 'kind' | 'notFound' | 'mode' | 'sources'>;
const GREETED: Outcome = { kind: 'greeting', notFound: false, mode: null, sources: [] };

type Reply = { reply: ChatBotReply; bot: BotPart; language: string; outcome: Outcome };

export function createAssistant(options: AssistantOptions): Assistant {
  const { conversations } = options;
  const limits = toChatLimits(options.limits);
  return {
    async clearSession(referenceId) {
      await conversations.clear('chat', referenceId);
    },

    async chat(input) {
      const text = limits.checkMessage(input.message);
      await limits.hit(input.referenceId, input.clientAddress);
      const preferred = input.preferredLanguage ? languageCode(input.preferredLanguage) : null;
      const out = await reply(options, input, text, preferred);
      await store(conversations, input.referenceId, text, out.language, out.bot);
      const answerId = await unlessDiskFull(async () => options.questions?.record({
        channel: input.channel ?? 'chat', referenceId: input.referenceId, question: text, language: out.language, answer: out.bot.message, ...out.outcome,
      }));
      return answerId ? { ...out.reply, answerId } : out.reply;
    },

    async messages(referenceId, since) {
      if (since && Number.isNaN(Date.parse(since))) throw new AppError('validation', `since must be an ISO date-time (got "${since}")`);
      const list = await conversations.read<Body>('chat', referenceId, { after: since || null });
      return list.map((m) => ({ id: `m${m.seq}`, referenceId, dateTime: m.at, ...m.data }));
    },
  };
}

/** The cited video as a media output whose file path is the time link of the cited moment (`...mp4#t=53`). */
async function videoAt(catalog: Catalog, id: number, url: string, frame: string | undefined): Promise<MediaOutput | null> {
  const v = await catalog.videos.get(id);
  if (!v) return null;
  return { title: v.label, isTranslated: false, isOriginal: true, downloadable: true, filePath: url, ...(frame ? { frame } : {}) };
}

async function recent(conversations: ConversationStore, referenceId: string): Promise<Body[]> {
  return (await conversations.read<Body>('chat', referenceId, { last: HISTORY_TURNS })).map((m) => m.data);
}

// On a full disk the reply is still given: keeping it in the conversation is what is skipped.
async function store(conversations: ConversationStore, referenceId: string, userText: string, userLanguage: string, bot: BotPart) {
  await unlessDiskFull(() => conversations.append<Body>('chat', referenceId, [
    { role: 'user', message: userText, output: null, file: null, contentType: null, userLanguage },
    { role: 'bot', ...bot },
  ]));
}

function visitorLanguage(message: string, history: Body[], preferred: string | null): string {
  const detected = detectLanguage(message);
  if (detected !== UNDETERMINED && (words(message).length >= 3 || detected !== 'en')) return detected;
  const previous = history.filter((m) => m.role === 'user').at(-1)?.userLanguage;
  return previous ?? preferred ?? (detected !== UNDETERMINED ? detected : 'en');
}

/** A reply that is only a message (no media), with its analytics outcome. */
const plainReply = (message: string, language: string, outcome: Outcome, handoff?: true): Reply => ({
  reply: { message, language, mediaItem: null, ...(handoff ? { handoff } : {}) }, bot: { message, output: null, file: null, contentType: null, userLanguage: language }, language, outcome,
});

async function reply(options: AssistantOptions, input: ChatInput, text: string, preferred: string | null): Promise<Reply> {
  const greeting = greetingLanguage(text);
  if (greeting) {
    // The web opens every session with an English "hello": greet in the browser's language then.
    const language = greeting === 'en' && preferred ? preferred : greeting;
    return plainReply(phrasesFor(language).greeting, language, GREETED);
  }
  const history = input.isNewSession ? [] : await recent(options.conversations, input.referenceId);
  const language = visitorLanguage(text, history, preferred);
  if (asksForPerson(text)) return plainReply(phrasesFor(language).handoffAsked, language, { kind: 'question', notFound: true, mode: null, sources: [] }, true);
  const request = detectMediaRequest(text);
  if (request) return await mediaReply(options, text, request, language);
  return await questionReply(options, input, text, history);
}

/** Hands out the document, presentation or video asked for, or says none was found and lists what there is. */
async function mediaReply(options: AssistantOptions, text: string, request: NonNullable<ReturnType<typeof detectMediaRequest>>, language: string): Promise<Reply> {
  const ph = phrasesFor(language);
  const { match, available } = await findMedia(options.catalog, options.search ?? null, text, request, language);
  if (match) {
    const notes = [fill(ph.mediaFound, { kind: ph.kinds[match.kind], title: match.output.title })];
    if (match.output.isTranslated && match.language) notes.push(fill(ph.mediaTranslated, { language: languageNameIn(language, match.language) }));
    if (match.translationMissing) notes.push(fill(ph.mediaNoTranslation, { language: languageNameIn(language, match.translationMissing) }));
    const message = notes.join(' ');
    return {
      reply: { message, language, mediaItem: { ...match.output, contentType: match.kind, id: match.id } },
      bot: { message, output: JSON.stringify(match.output), file: match.output.filePath, contentType: match.kind, userLanguage: language },
      language,
      outcome: { kind: 'media', notFound: false, mode: null, sources: [{ itemType: match.kind, itemId: match.id, title: match.output.title }] },
    };
  }
  const message = [fill(ph.mediaNotFound, { kind: ph.kinds[request.kind] }), available.length ? fill(ph.mediaAvailable, { list: available.join(', ') }) : '']
    .filter(Boolean).join(' ');
  return plainReply(message, language, { kind: 'media', notFound: true, mode: null, sources: [] });
}

/** A product question, answered by the document-search bot within the conversation. */
async function questionReply(options: AssistantOptions, input: ChatInput, text: string, history: Body[]): Promise<Reply> {
  const turns: ConversationTurn[] = history.map((m) => ({ role: m.role, content: m.message }));
  const answer = await options.rag.answer(text, turns, { signal: input.signal });
  // The sources go into the text ("Sources: [1] ..."), and as citations the page links to the viewer.
  // Not found: offer to pass the question on to a person (the page shows the form).
  const message = answer.citations.length ? `${answer.answer}\n\n${sourcesLine(answer.citations, answer.detectedLanguage)}`
    : answer.notFound ? `${answer.answer}\n\n${phrasesFor(answer.detectedLanguage).handoffOffer}` : answer.answer;
  // A video source is handed out with its time link (the cited moment) and frame, as a media reply.
  const cue = answer.citations.find((c) => c.itemType === 'video' && c.url);
  // With the frame taken at the cited cue (the answer's source image of that video).
  const frame = cue ? answer.sourceImages.find((u) => u.includes(`/${videoKeys.framesPrefix(cue.itemId)}`)) : undefined;
  const media = cue ? await videoAt(options.catalog, cue.itemId, cue.url!, frame) : null;
  return {
    reply: { message, language: answer.detectedLanguage, mediaItem: media ? { ...media, contentType: 'video', id: cue!.itemId } : null, ...(answer.notFound ? { handoff: true } : {}), ...(answer.related?.length ? { related: answer.related } : {}),
      ...(answer.citations.length ? { citations: answer.citations } : {}) },
    bot: { message, output: media ? JSON.stringify(media) : null, file: media?.filePath ?? null, contentType: media ? 'video' : null, userLanguage: answer.detectedLanguage },
    language: answer.detectedLanguage,
    outcome: {
      kind: 'question', notFound: answer.notFound, mode: answer.mode,
      sources: answer.citations.map((c) => ({ itemType: c.itemType, itemId: c.itemId, title: c.title })),
    },
  };
}
