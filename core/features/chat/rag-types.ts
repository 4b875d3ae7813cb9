import type { Catalog } from '../../engines/catalog/types';
import type { ConversationStore } from '../../engines/conversations/types';
import type { AppError } from '../../foundation/errors';
import type { ConversationTurn } from '../../engines/llm/prompts';
import type { QuestionLog } from '../analytics/types';
import type { LlmClient } from '../../engines/llm/types';
import type { SearchIndex } from '../../engines/search/types';
import type { RagTurn, RetrievalReply } from '../../foundation/types';
import type { TextTranslator } from './question-translation';
import type { ChatLimitOptions, ChatLimits } from './rate-limit';
import type { StoredTranscript } from '../video/transcript-store';

/** The document-search bot's options, events and methods (rag.ts). */

export type RagEvent = { type: 'token'; text: string } | { type: 'done'; reply: RetrievalReply };

export interface RagBotOptions {
  catalog: Catalog;
  /** Where the turns live (kind 'search'). */
  conversations: ConversationStore;
  search: SearchIndex;
  llm: LlmClient;
  /** Prefix for relative image URLs (PUBLIC_URL); relative URLs when absent. */
  publicUrl?: string | null;
  /** Public-endpoint limits (per conversation and address, question length), or the config values. */
  limits?: ChatLimits | ChatLimitOptions;
  /** Languages of the indexed content; read from the catalog when absent. */
  languages?: () => string[];
  now?: () => Date;
  /** Told about model failures the bot recovered from (fallback answers), e.g. the server's logger. */
  onLlmError?: (error: AppError, step: 'prepare' | 'answer') => void;
  /** Where each question of `ask`/`askStream` and its answer is kept for analytics (message text only). */
  questions?: QuestionLog;
  /** Told about every model answer replaced because a figure was not in its passages (counted by the caller). */
  onGroundingFailure?: (missing: string[], question: string) => void;
  /** A video's kept transcript (cue times and frames): video citations name the cues of the quoted sentences. */
  videoTranscript?: (videoId: number) => Promise<StoredTranscript | null>;
  /** The offline answerer's ranking: the learned reader or the hand-set rules (core/features/chat/reader.ts; default: the committed weights say). */
  reader?: 'rules' | 'learned';
  /**
   * Offline translation (Apertium): a Spanish, French, Portuguese or Italian question that no passage in its own
   * language answers is searched in English, and the English quote is shown with its translation beside it.
   */
  translator?: TextTranslator;
}

export interface AskOptions {
  signal?: AbortSignal;
  clientAddress?: string | null;
}

export interface RagBot {
  /** Answers with the given conversation, without remembering anything. */
  answer(question: string, history: ConversationTurn[], options?: AskOptions): Promise<RetrievalReply>;
  answerStream(question: string, history: ConversationTurn[], options?: AskOptions): AsyncIterable<RagEvent>;
  /** Answers within the conversation `referenceId` and remembers the turn. */
  ask(query: string, referenceId: string, options?: AskOptions): Promise<RetrievalReply>;
  askStream(query: string, referenceId: string, options?: AskOptions): AsyncIterable<RagEvent>;
  /** Forgets the conversation. */
  clear(referenceId: string): Promise<void>;
  history(referenceId: string): Promise<RagTurn[]>;
}
