/**
 * Where conversations live: public chat messages and document-search
 * turns, kept apart from the catalog so that a message costs the same
 * however many are stored. Implementations: one file per conversation
 * (embedded default, ./file-store.ts) and PostgreSQL (./pg-store.ts); both
 * pass ./contract.ts.
 */

/** The public assistant's messages, or the document-search bot's turns. */
export type ConversationKind = 'chat' | 'search';

/** One stored message: the caller's data with the position and time the store gave it. */
export interface StoredMessage<T> {
  /** 1, 2, 3... within the conversation. */
  seq: number;
  /** ISO time, strictly increasing within the conversation (so `after` polling never skips or repeats). */
  at: string;
  data: T;
}

export interface ConversationStats {
  /** Conversations stored now. */
  conversations: number;
  /** Messages stored now. */
  messages: number;
  /** Exchanges (appends) ever made, also those since removed; the dashboard's "bot responses". */
  exchanges: number;
}

export interface RetentionPolicy {
  /** A conversation with no message for this many days is removed. */
  maxAgeDays: number;
  /** Only the newest this many messages of a conversation are kept. */
  maxMessages: number;
}

export interface ReadOptions {
  /** Only messages with a time after this ISO time. */
  after?: string | null;
  /** Only the last this many (applied after `after`). */
  last?: number;
}

export interface ConversationStore {
  /**
   * Appends one exchange (usually a question and its answer) to a
   * conversation, creating it when new; returns the messages as stored.
   */
  append<T extends object>(kind: ConversationKind, id: string, messages: T[]): Promise<StoredMessage<T>[]>;
  /** Messages oldest first; [] for an unknown conversation. */
  read<T extends object>(kind: ConversationKind, id: string, options?: ReadOptions): Promise<StoredMessage<T>[]>;
  /** Removes a conversation; returns how many messages it had. */
  clear(kind: ConversationKind, id: string): Promise<number>;
  /** Counts kept current on every write: no scan of the stored messages. */
  stats(): Promise<ConversationStats>;
  /** Removes conversations idle longer than the policy allows; returns what went. */
  prune(now?: Date): Promise<{ conversations: number; messages: number }>;
  /** Removes every conversation and resets the counts (delete-all-data). */
  clearAll(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_RETENTION: RetentionPolicy = { maxAgeDays: 90, maxMessages: 200 };
