import type { Readable } from 'node:stream';
import type { AnyUploadResult } from '../features/content/upload-any';
import type { ContentFormState, ItemRecordOf } from '../features/content/create';
import type { CategoryInput } from '../features/content/categories';
import type { DocumentPatch } from '../features/content/update';
import type { RawFields } from '../features/content/fields';
import type { UploadKind } from '../features/content/classify';
import type { Page, TranslationRow } from '../features/content/views';

export type { Page };
import type { RagEvent } from '../features/chat/rag';
import type { SearchHit } from '../engines/search/types';
import type { QuestionStats } from '../features/analytics/stats';
import type { Rating } from '../features/analytics/types';
import type { WidgetSettings, WidgetSettingsView } from '../features/widget/settings';
import type { Actor, Role } from '../features/governance/roles';
import type { AuditAction, AuditEntry } from '../foundation/types';
import type { TokenView, UserView } from '../features/auth/accounts';
import type {
  BotImage, Category, ChatBotReply, ContentItem, ContentType, DashboardMetrics, Document, HandoffInput, HandoffRequest, HealthReport, Job, JobState,
  ItemVersion, SyncSource, Presentation, PresentationImage, PublicChatMessage, RetrievalReply, Audience, ReviewFilter, StorageStats, StoredObject, TranslationOffers, TranslationRecord, Video, VideoTranscriptView, ViewerData, SiteRun, SiteRunInput, SiteRunProgress, SiteSummary,
} from '../foundation/types';
import type { Glossary, GlossaryEntry } from '../features/translate/glossary';
import type { Static } from 'typebox';
import type * as S from '../foundation/schemas/index';

export type { Actor, Role, AuditAction, AuditEntry, TokenView, UserView };
export type { Glossary, GlossaryEntry, SearchHit, TranslationOffers, TranslationRecord, QuestionStats, Rating, WidgetSettings, WidgetSettingsView };
export type { AnyUploadResult, CategoryInput, ContentFormState, DocumentPatch, ItemRecordOf, RagEvent, RawFields, TranslationRow, UploadKind };

/** A file to upload: already on this machine (a CLI import, a spooled HTTP upload). */
export interface UploadFile {
  path: string;
  fileName: string;
  /** Set for spooled uploads (size and hash known, removed after use); a local file is measured and kept. */
  spooled?: { size: number; sha256: string; mimeType: string };
}

/** What an upload of a kind gives: a record of that kind (`any`: whichever its content decided). */
export type UploadResultOf<K extends UploadKind | 'any'> = K extends UploadKind ? Extract<AnyUploadResult, { kind: K }> : AnyUploadResult;

export interface UploadInput {
  /** What the file is to become; `any` lets its content decide. */
  kind: UploadKind | 'any';
  file: UploadFile;
  /** The upload fields as the face received them (core's normaliser reads them). */
  fields: RawFields;
  /** Bytes sent so far, for faces that send the file somewhere (HTTP). */
  onProgress?: (sent: number, total: number) => void;
  /** Who uploads (the server passes the signed-in user; the local CLI is admin). Over HTTP the server decides. */
  actor?: Actor;
}

/** Videos: how the translated video is made (default: the upload's choice, else soft subtitles, no dub). */
export interface TranslateOptions {
  subtitles?: 'soft' | 'burned';
  dub?: boolean;
}

export interface ItemFilter extends Page {
  subcategory?: string;
}

/** The lists that page (`listPage`), with the row each holds. */
export interface ListRows {
  document: Document;
  presentation: Presentation;
  video: Video;
  content: ContentItem;
  'bot-images': BotImage;
  'presentation-images': PresentationImage;
}
export type ListName = keyof ListRows;

/** A page of a list as asked, with the filters a list takes (`subcategory`: videos; `type`: the content list). */
export interface ListQuery extends Page {
  subcategory?: string;
  type?: string;
}

/** A page of a list as answered: its rows, how many rows the list has in all, and where the page starts and ends. */
export interface ListPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface FileRead {
  body: Readable;
  size: number;
  contentType: string;
  lastModified: string;
}

export interface ConversationOptions {
  signal?: AbortSignal;
  clientAddress?: string | null;
  /** A signed-in caller: answered from every completed item, not only public ones (set by the face from its sign-in). */
  staff?: boolean;
}

export interface ChatRequest extends ConversationOptions {
  message: string;
  referenceId: string;
  isNewSession?: boolean;
  preferredLanguage?: string | null;
  /** The console's /chat (default) or the embeddable widget, for analytics. */
  channel?: 'chat' | 'widget';
}

/**
 * What the product can do: the whole surface, one method per use case
 * (each in its own file beside this one). The server maps HTTP onto it, the
 * CLI calls it directly or through its HTTP client, which implements this
 * same interface (testing/product-contract.ts runs against both).
 */
export interface Product {
  // Content
  upload<K extends UploadInput['kind']>(input: UploadInput & { kind: K }): Promise<UploadResultOf<K>>;
  items<T extends ContentType>(type: T, filter?: ItemFilter): Promise<ItemRecordOf<T>[]>;
  item<T extends ContentType>(type: T, id: number): Promise<ItemRecordOf<T>>;
  content(type?: string, page?: Page): Promise<ContentItem[]>;
  /**
   * One page of a list (LIST_PAGE_MAX rows when no limit is asked) with the list's whole length, which the
   * store counts only when the page does not tell it (a full page, an empty one past the start, one after an id).
   */
  listPage<L extends ListName>(list: L, query?: ListQuery): Promise<ListPage<ListRows[L]>>;
  createContent(form: ContentFormState): Promise<ContentItem>;
  updateDocument(id: number, patch: DocumentPatch): Promise<Document>;
  /** Deletes an item everywhere; with `type`, only an item of that type. */
  remove(id: number, type?: ContentType): Promise<void>;
  removeAll(): Promise<{ records: number; objects: number; chunks: number }>;
  /** The translations screens' rows: items of a type with a translation request (each with its record, when one exists). Records themselves: translationList / translation. */
  translationRows(type: 'presentation' | 'video'): Promise<TranslationRow[]>;
  /** A video's transcript: its state (or why there is none), timed cues, WebVTT, and translated versions. */
  transcript(videoId: number): Promise<VideoTranscriptView>;
  /** Transcribes a video again (optionally in another spoken language, with a chosen provider): replaces the transcript and remakes its subtitles. */
  transcribe(videoId: number, input?: NonNullable<Static<typeof S.TranscribeInput>>): Promise<Video>;
  /** Saves edited cues as a new version of the transcript (re-indexed, subtitles made again; the original is kept). */
  saveTranscript(videoId: number, cues: Static<typeof S.CueList>['cues']): Promise<VideoTranscriptView>;

  // Review, audience, expiry (core/features/governance): nothing is public before it is approved
  /** Approves items (single or bulk, by id): they become public unless staff-only or expired. Needs the review permission. */
  approve(ids: number[], options?: GovernOptions): Promise<ContentItem[]>;
  /** Rejects items with an optional note: they are never public. Needs the review permission. */
  reject(ids: number[], options?: GovernOptions & { note?: string | null }): Promise<ContentItem[]>;
  /** Sets who may see items (`public`/`staff`) and/or when they expire (a date; null clears it). */
  setAccess(ids: number[], patch: AccessPatch, options?: GovernOptions): Promise<ContentItem[]>;
  /** Items by review state (default: waiting for review), or expired, or staff-only, or all. */
  reviewQueue(filter?: ReviewFilter): Promise<ContentItem[]>;
  /** The audit log, newest first: since a period ("7d", "24h") or an ISO date. */
  auditLog(query?: { since?: string | null; action?: AuditAction; limit?: number }): Promise<AuditEntry[]>;
  exportAudit(query: { since?: string | null; format: 'csv' | 'jsonl' }): Promise<ConversationExport>;

  // Versions of an item's file (core/features/governance/versions.ts): same id, same public URLs
  /**
   * Replaces an item's file with a new version. An approved item keeps being served as it was until the new
   * version is processed and approved; an unapproved one is processed again at once. Admin and editor.
   */
  replace(id: number, input: ReplaceInput): Promise<VersionResult>;
  /** The versions of an item's file, oldest first. */
  versions(id: number, type?: ContentType): Promise<ItemVersion[]>;
  /** Brings back version `n`'s file as a new version: processed and reviewed like a replacement. */
  restoreVersion(id: number, n: number, options?: GovernOptions & { type?: ContentType; approve?: boolean }): Promise<VersionResult>;

  // Users and API tokens (admin only)
  users(): Promise<UserView[]>;
  createUser(input: Static<typeof S.UserInput>): Promise<UserView>;
  updateUser(id: number, patch: Static<typeof S.UserPatch>): Promise<UserView>;
  removeUser(id: number): Promise<void>;
  tokens(): Promise<TokenView[]>;
  /** A named API token with a role: `token` is shown this once (only its hash is kept). */
  createToken(input: Static<typeof S.TokenInput>): Promise<Static<typeof S.CreatedToken>>;
  revokeToken(id: number): Promise<TokenView>;

  // Translation (one record per item and target language; runs after the item's ingest)
  /** Asks for a translation; the same language again returns the existing record (a failed one is queued again). */
  translate(type: ContentType, id: number, targetLanguage: string, options?: TranslateOptions): Promise<TranslationRecord>;
  translationList(filter?: { itemType?: ContentType; itemId?: number }): Promise<TranslationRecord[]>;
  /** Which provider serves which language pair (only these are offered), and how to add a model. */
  translationOffers(): Promise<TranslationOffers>;
  translation(id: number): Promise<TranslationRecord>;
  retryTranslation(id: number): Promise<TranslationRecord>;
  removeTranslation(id: number): Promise<void>;
  glossary(): Promise<Glossary>;
  putGlossaryTerm(entry: GlossaryEntry): Promise<Glossary>;
  removeGlossaryTerm(term: string): Promise<Glossary>;
  /** Saves known translations of segments into the translation memory (at the glossary's current version): the next translation of that text uses them. */
  rememberTranslations(input: Static<typeof S.MemoryInput>): Promise<Static<typeof S.MemoryStored>>;

  // Processing
  /** Queues again an item (by its id, or by the id of one of its jobs); with `type`, only an item of that type. */
  retry<T extends ContentType = ContentType>(id: number, type?: T): Promise<{ type: ContentType; item: ItemRecordOf<T> }>;
  retryJob(id: number): Promise<Job>;
  retryFailed(): Promise<number>;
  jobs(state?: JobState): Promise<Job[]>;
  reindex(onProgress?: (done: number, total: number, title: string) => void): Promise<{ items: number; chunks: number }>;

  // Search and the assistants
  search(query: string, options: { k: number; type?: ContentType }): Promise<SearchHit[]>;
  ask(query: string, referenceId: string, options?: ConversationOptions): Promise<RetrievalReply>;
  askStream(query: string, referenceId: string, options?: ConversationOptions): AsyncIterable<RagEvent>;
  chat(request: ChatRequest): Promise<ChatBotReply>;
  messages(referenceId: string, since?: string | null): Promise<PublicChatMessage[]>;
  clearSession(referenceId: string): Promise<void>;
  /** A new public conversation: its id carries 128 random bits and is the only way to read or clear it. */
  newConversation(): Promise<{ referenceId: string }>;

  // Hand-off to a person (public request; staff list, handle, export, delete)
  /** A visitor asks to be contacted: name, e-mail or phone, consent; the conversation is attached and the webhook called. */
  requestHandoff(input: HandoffInput): Promise<{ id: number; createdAt: string }>;
  /** Requests, newest first; optionally only open or handled ones. */
  handoffRequests(filter?: { status?: HandoffRequest['status'] }): Promise<HandoffRequest[]>;
  /** One request with its contact details and conversation (its export). */
  handoffRequest(id: number): Promise<HandoffRequest>;
  markHandoffHandled(id: number, handled?: boolean): Promise<HandoffRequest>;
  /** Deletes a request and the contact details in it. */
  removeHandoffRequest(id: number): Promise<void>;

  // Organisation
  categories(): Promise<Category[]>;
  createCategory(input: CategoryInput): Promise<Category>;
  updateCategory(id: number, input: CategoryInput): Promise<Category>;
  removeCategory(id: number): Promise<void>;
  images(kind: 'bot', page?: Page): Promise<BotImage[]>;
  images(kind: 'presentation', page?: Page): Promise<PresentationImage[]>;
  removeImage(kind: 'bot' | 'presentation', id: number): Promise<void>;

  // Stored files
  files(prefix?: string): Promise<StoredObject[]>;
  fileStats(): Promise<StorageStats>;
  removeFile(key: string): Promise<void>;
  /** A stored file's bytes (a range when given); `public` only serves what the chat hands out. */
  readFile(key: string, options?: { start?: number; end?: number; public?: boolean }): Promise<FileRead>;
  /** Size of a stored file, or null when there is none. */
  /** `clientAddress`: whom a new page render counts against (see content/page-render.ts). */
  statFile(key: string, options?: { public?: boolean; clientAddress?: string | null }): Promise<StoredObject | null>;
  /** The source viewer at a page, slide or time with the words of `q` lit; `public`: not_found for an item that is not public. */
  viewer(type: ContentType, id: number, query: { page?: number; slide?: number; t?: number; q?: string }, options: { public: boolean }): Promise<ViewerData>;

  // Website sources (`cms sync <URL>`)
  /** Each synced site with its pages (items synced from it) and its last run. */
  sites(): Promise<SiteSummary[]>;
  /** Records a run of a website sync (core/operations/site-sync.ts records each of its runs through this). */
  recordSiteRun(run: SiteRunInput): Promise<SiteRun>;
  /**
   * Starts a run of a site synced before (admins: the console's "Sync now"), in the background with its last run's
   * options (--approve, --delete, --allow-host, --audience, as an operator gave them); its progress is the site's
   * `running` in sites(), its record the run's as from `cms sync`. conflict while one runs; not_found for a site never synced.
   */
  startSiteSync(site: string): Promise<SiteRunProgress & { site: string }>;

  // System
  dashboard(): Promise<DashboardMetrics>;
  health(): Promise<HealthReport>;
  /** Prometheus text (core/engines/metrics.ts): for admins, or anyone presenting METRICS_TOKEN as `token`. */
  metrics(options?: { token?: string | null }): Promise<{ contentType: string; body: string }>;

  // Question analytics and the website widget
  /** Rates an answer of the conversation `referenceId` (AppError('not_found') for another's). */
  rate(input: { referenceId: string; answerId: string; rating: 'up' | 'down'; comment?: string | null }): Promise<{ answerId: string; rating: Rating }>;
  /** What visitors asked since a period ("7d", "24h") or an ISO date (default 7d). */
  questionStats(since?: string | null): Promise<QuestionStats>;
  /** The conversations of [from, to) as one file. */
  exportConversations(range: { from?: string | null; to?: string | null; format: 'csv' | 'jsonl' }): Promise<ConversationExport>;
  widgetSettings(): Promise<WidgetSettingsView>;
  updateWidgetSettings(patch: Static<typeof S.WidgetSettingsPatch>): Promise<WidgetSettingsView>;
  /** The brand defaults the widget reads, and every origin allowed to embed it. */
  widgetConfig(): Promise<WidgetConfig>;
}

export interface ReplaceInput {
  file: UploadFile;
  /** Only an item of this type (the typed routes); any kind otherwise. */
  type?: ContentType;
  /** Approve the new version now (needs the review permission): live once processed. */
  approve?: boolean;
  /** Set by folder sync: where the file came from (an object, or its JSON from a form). */
  syncSource?: SyncSource | string | null;
  actor?: Actor;
}

export interface VersionResult {
  type: ContentType;
  item: ItemRecordOf<ContentType>;
  version: ItemVersion;
}

/** Who makes a change: the server passes the signed-in user or token; the local CLI is admin. Over HTTP the server decides. */
export interface GovernOptions {
  actor?: Actor;
}

export type AccessPatch = Static<typeof S.AccessPatch>;

export interface ConversationExport {
  fileName: string;
  contentType: string;
  body: string;
}

export interface WidgetConfig {
  title: string | null;
  color: string | null;
  greeting: string | null;
  origins: string[];
}
