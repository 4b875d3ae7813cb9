import type {
  BotImage, Category, ContentItem, ContentType, Document, HandoffRequest, Job, Presentation, PresentationImage, PublicChatMessage, RagTurn, TranslationRecord, Video,
} from '../types';
import type { AuditEntry, StoredApiToken, StoredUser } from '../governance/records';

/**
 * The catalog contract: every record of the product is read and written
 * through these typed collections, nowhere else. The lowdb store
 * (./catalog.ts) is one implementation; testing/catalog-contract.ts is the
 * suite every implementation must pass.
 *
 * Synchronous for now (lowdb writes synchronously, and its callers rely on
 * a write being durable when the call returns).
 */

export interface WithId {
  id: number;
}

/** One kind of record, by numeric id. Reads return copies or live rows; change rows only through the write methods. */
export interface Collection<T extends WithId> {
  readonly label: string;
  list(filter?: (row: T) => boolean): T[];
  count(filter?: (row: T) => boolean): number;
  get(id: number): T | undefined;
  find(pred: (row: T) => boolean): T | undefined;
  /** The row, or AppError('not_found') naming what was missing. */
  require(id: number): T;
  insert(data: Omit<T, 'id'>): T;
  /** Inserts a row whose id was reserved with `reserveId` (a file was stored under it first). */
  put(row: T): T;
  /** Applies a patch (object or mutator) to the row and writes. */
  update(id: number, patch: Partial<T> | ((row: T) => void)): T;
  /** Applies a mutator to every matching row; returns how many changed. */
  updateWhere(pred: (row: T) => boolean, mutate: (row: T) => void): number;
  remove(id: number): T | undefined;
  removeWhere(pred: (row: T) => boolean): T[];
}

export type StoredChatMessage = PublicChatMessage & { seq: number };

/** The public chat log: rows in the order they were appended (`seq`). */
export interface MessageLog {
  list(filter?: (row: StoredChatMessage) => boolean): StoredChatMessage[];
  count(): number;
  /** Appends messages, numbering them in order. */
  append(rows: Array<Omit<StoredChatMessage, 'id' | 'seq'>>): StoredChatMessage[];
  removeWhere(pred: (row: StoredChatMessage) => boolean): number;
}

export type CounterName = 'botResponses';

export interface Counters {
  get(name: CounterName): number;
  increment(name: CounterName, by?: number): number;
}

export interface AuthSession {
  id: number;
  /** sha256 of the session token; the token itself is only in the cookie. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export type ItemRecord = Document | Presentation | Video;

export type { AuditEntry, StoredApiToken, StoredUser } from '../governance/records';

export interface CatalogStore {
  /** Where the records live, for health and messages (a file path, a database URL). */
  readonly location: string;
  readonly documents: Collection<Document>;
  readonly presentations: Collection<Presentation>;
  readonly videos: Collection<Video>;
  readonly contentItems: Collection<ContentItem>;
  readonly categories: Collection<Category>;
  readonly botImages: Collection<BotImage>;
  readonly presentationImages: Collection<PresentationImage>;
  readonly jobs: Collection<Job>;
  /** Translations of documents and presentations, one per item and target language. */
  readonly translations: Collection<TranslationRecord>;
  /** Visitors' requests to be contacted by a person (hand-off from the public assistant). */
  readonly handoffRequests: Collection<HandoffRequest>;
  readonly ragTurns: Collection<RagTurn>;
  readonly authSessions: Collection<AuthSession>;
  /** Who changed what (approvals, audience, deletions, sign-ins, token writes); kept by clearContent. */
  readonly auditLog: Collection<AuditEntry>;
  /** Named users with roles besides the bootstrap admin; kept by clearContent. */
  readonly users: Collection<StoredUser>;
  /** Named API tokens with a role (hashed); kept by clearContent. */
  readonly apiTokens: Collection<StoredApiToken>;
  readonly chatMessages: MessageLog;
  readonly counters: Counters;
  /** The collection of one kind of uploaded item, for code that handles all three alike. */
  items(type: ContentType): Collection<ItemRecord>;
  /** A fresh id (ids are unique across collections). */
  reserveId(): number;
  /** Runs several changes as one: they are written together, once, when `fn` returns. */
  transaction<R>(fn: () => R): R;
  /** Empties every collection (delete-all-data), keeping sign-in sessions, users, tokens, the audit log and ids. */
  clearContent(): void;
}

/** Most code names the contract simply the catalog. */
export type Catalog = CatalogStore;
