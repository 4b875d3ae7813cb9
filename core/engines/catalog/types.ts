import type {
  BotImage, Category, ContentItem, ContentType, Document, HandoffRequest, Job, Presentation, PresentationImage, PublicChatMessage, RagTurn, SiteRun, TranslationRecord, Video,
} from '../../foundation/types';
import type { AuditEntry, StoredApiToken, StoredUser } from '../../foundation/types';

/**
 * The catalog contract: every record of the product is read and written
 * through these typed collections, nowhere else. The lowdb store
 * (./catalog.ts) and the PostgreSQL store (./pg-catalog.ts) implement it;
 * testing/catalog-contract.ts is the suite every implementation must pass.
 *
 * Asynchronous: a write resolves once it is durable (the file is renamed
 * into place; the PostgreSQL transaction is committed).
 */

export interface WithId {
  id: number;
}

/**
 * A condition on a row that every store can answer itself (the PostgreSQL
 * store in SQL, the file store in memory): `path` is a field name, or names
 * joined with dots for a field inside an object (`stepCode.code`).
 * - `eq`: the value equals (compared as JSON); a missing value equals nothing;
 * - `in`: the value is one of these;
 * - `set`: true when the value is present and not null, false when it is missing or null;
 * - `and`, `or`, `not` combine conditions.
 */
export type Cond =
  | { path: string; eq: unknown }
  | { path: string; in: unknown[] }
  | { path: string; set: boolean }
  | { and: Cond[] }
  | { or: Cond[] }
  | { not: Cond };

/**
 * Which rows a list or count wants. `where` is equality on top-level fields
 * and `cond` a condition (the PostgreSQL store asks both in SQL); `filter`
 * is applied after them, in this process. Rows come sorted by `orderBy`
 * (default id), then paged. `afterId` keeps only rows with an id above it
 * (keyset paging: a whole list read page by page, each page asked after the
 * last id of the one before, neither skips nor repeats a row when rows are
 * deleted or added between two pages, as `offset` would).
 */
export interface Query<T> {
  where?: { [K in keyof T]?: T[K] };
  cond?: Cond;
  afterId?: number;
  filter?: (row: T) => boolean;
  orderBy?: keyof T & string;
  desc?: boolean;
  limit?: number;
  offset?: number;
}

/** What `counts` can count: rows matching `where` and `cond` (answered by the store itself). */
export type CountQuery<T> = Pick<Query<T>, 'where' | 'cond'>;

/** A query, or a plain predicate (the same as `{ filter }`). */
export type Select<T> = Query<T> | ((row: T) => boolean);

/** A change to one row: fields to set, or a function that changes the row in place. */
export type Patch<T> = Partial<T> | ((row: T) => void);

/** One kind of record, by numeric id. Reads return copies; change rows only through the write methods. */
export interface Collection<T extends WithId> {
  readonly label: string;
  list(query?: Select<T>): Promise<T[]>;
  count(query?: Select<T>): Promise<number>;
  /**
   * Several counts over one collection at once (one pass, one statement in
   * PostgreSQL): each key's query counted, `filter` not allowed.
   */
  counts<K extends string>(queries: Record<K, CountQuery<T>>): Promise<Record<K, number>>;
  /**
   * The different values of one field (`path` as in `Cond`) among the rows
   * matching `where` and `cond`, missing and null left out, in no set order
   * (one statement in PostgreSQL, answering only the values; `filter` not allowed).
   */
  distinct(path: string, query?: CountQuery<T>): Promise<unknown[]>;
  get(id: number): Promise<T | undefined>;
  find(query: Select<T>): Promise<T | undefined>;
  /** The row, or AppError('not_found') naming what was missing. */
  require(id: number): Promise<T>;
  insert(data: Omit<T, 'id'>): Promise<T>;
  /** Inserts a row whose id was reserved with `reserveId` (a file was stored under it first). */
  put(row: T): Promise<T>;
  /**
   * Applies a patch (object or mutator) to the row as it is now and writes.
   * Two concurrent updates of one row both apply (the row is locked while one
   * is applied); none is silently lost.
   */
  update(id: number, patch: Patch<T>): Promise<T>;
  /** Applies a mutator to every matching row; returns how many changed. */
  updateWhere(query: Select<T>, mutate: (row: T) => void): Promise<number>;
  remove(id: number): Promise<T | undefined>;
  removeWhere(query: Select<T>): Promise<T[]>;
}

export type StoredChatMessage = PublicChatMessage & { seq: number };

/** The public chat log: rows in the order they were appended (`seq`). */
export interface MessageLog {
  list(filter?: (row: StoredChatMessage) => boolean): Promise<StoredChatMessage[]>;
  count(): Promise<number>;
  /** Appends messages, numbering them in order. */
  append(rows: Array<Omit<StoredChatMessage, 'id' | 'seq'>>): Promise<StoredChatMessage[]>;
  removeWhere(pred: (row: StoredChatMessage) => boolean): Promise<number>;
}

export type CounterName = 'botResponses';

export interface Counters {
  get(name: CounterName): Promise<number>;
  increment(name: CounterName, by?: number): Promise<number>;
}

export interface AuthSession {
  id: number;
  /** sha256 of the session token; the token itself is only in the cookie. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export type ItemRecord = Document | Presentation | Video;

export type { AuditEntry, StoredApiToken, StoredUser } from '../../foundation/types';

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
  /** Website sync runs (`cms sync <URL>`), one row per run. */
  readonly siteRuns: Collection<SiteRun>;
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
  reserveId(): Promise<number>;
  /**
   * Runs several changes as one: they are written together, once, when `fn`
   * resolves, or not at all when it throws. `tx` is the store scoped to the
   * transaction; calls on this store made while `fn` runs join it too.
   * Transactions run one at a time per row they change (lowdb: one at a time).
   */
  transaction<R>(fn: (tx: CatalogStore) => Promise<R> | R): Promise<R>;
  /** Empties every collection (delete-all-data), keeping sign-in sessions, users, tokens, the audit log and ids. */
  clearContent(): Promise<void>;
}

/** Most code names the contract simply the catalog. */
export type Catalog = CatalogStore;
