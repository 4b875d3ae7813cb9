import type { ContentType } from '../../foundation/types';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

/** Where a visitor asked: the console's /chat, the embeddable widget, or the document-search bot. */
export type Channel = 'chat' | 'widget' | 'rag';
/** A question for the documents, a request for a file, or a greeting. */
export type AnswerKind = 'question' | 'media' | 'greeting';

export type Rating = Static<typeof S.Rating>;

/**
 * One visitor message and the assistant's answer, as analytics keeps it:
 * message text only (no client address, no cookies).
 */
export interface AnswerRecord {
  id: string;
  at: string;
  channel: Channel;
  /** The conversation (the visitor's tab), to group exports and check who may rate. */
  referenceId: string;
  kind: AnswerKind;
  question: string;
  /** ISO code of the visitor's language. */
  language: string;
  answer: string;
  /** True when the documents did not hold the answer (or no file matched a request). */
  notFound: boolean;
  mode: 'llm' | 'extractive' | null;
  /** Documents the answer cited, or the file it handed out. */
  sources: Array<{ itemType: ContentType; itemId: number; title: string }>;
  rating: Rating | null;
}

export type NewAnswer = Omit<AnswerRecord, 'id' | 'at' | 'rating'>;

/**
 * The record of what visitors asked and how they rated the answers: an
 * append-only JSON-lines file in the data folder (analytics/file-log.ts), or
 * a PostgreSQL table shared by every server (analytics/pg-log.ts).
 */
export interface QuestionLog {
  /** Stores an answer; returns its id (the id visitors rate it by). */
  record(answer: NewAnswer): Promise<string>;
  /** Rates an answer of the conversation `referenceId`; rating again replaces the rating. AppError('not_found') otherwise. */
  rate(input: { answerId: string; referenceId: string; value: Rating['value']; comment?: string | null }): Promise<AnswerRecord>;
  /** Answers in time order, optionally within [from, to). */
  list(range?: { from?: Date | null; to?: Date | null }): Promise<AnswerRecord[]>;
  /** Drops answers older than `before` (conversation retention); returns how many. */
  prune(before: Date): Promise<number>;
  /** Drops everything (delete all data). */
  clear(): Promise<void>;
}

/** A new answer's id: its time and 32 random bits. */
export const answerId = (at: Date, random: string) => `a${at.getTime().toString(36)}${random}`;
