/**
 * What the product's use cases are built on: the parts the composition root
 * (core/composition/services.ts) makes and hands to createProduct. Types only; the
 * front door never imports the composition.
 */
import type { Accounts } from '../features/auth/accounts';
import type { AuditLog } from '../features/governance/audit';
import type { Auth } from '../features/auth/auth';
import type { Catalog } from '../engines/catalog/types';
import type { ChromaSupervisor } from '../engines/search/chroma-supervisor';
import type { Config } from '../foundation/config';
import type { ContentDeps } from '../features/content/deps';
import type { ConversationStore } from '../engines/conversations/types';
import type { createAssistant } from '../features/chat/assistant';
import type { createRagBot } from '../features/chat/rag';
import type { discard, spoolToTempFile } from '../features/content/spool';
import type { DiskGuard } from '../foundation/disk';
import type { Handoff } from '../features/handoff/requests';
import type { JobQueue } from '../engines/jobs/queue';
import type { LlmClient } from '../engines/llm/types';
import type { ObjectStore } from '../engines/storage/types';
import type { QuestionLog } from '../features/analytics/types';
import type { RateLimitStore } from '../engines/limits/types';
import type { SearchIndex } from '../engines/search/types';
import type { SpeechToText } from '../features/video/speech/types';
import type { Translation } from '../features/translate/create';
import type { WidgetSettingsStore } from '../features/widget/settings';
import type { SiteRunProgress } from '../foundation/types';

/** Website syncs started from the console, running in this process (core/operations/site-sync-runner.ts). */
export interface SiteSyncs {
  /** The run going for a site, or null. */
  progress(site: string): SiteRunProgress | null;
  /** Starts a run of a site synced before, with its last run's flags. */
  start(site: string): Promise<SiteRunProgress & { site: string }>;
  /** Aborts the runs still going (the server's close) and waits for their records. */
  close(): Promise<void>;
}

export interface ProductDeps {
  /** Website syncs started from the console (SiteSyncs). */
  siteSyncs: SiteSyncs;
  config: Config;
  catalog: Catalog;
  store: ObjectStore;
  search: SearchIndex;
  queue: JobQueue;
  auth: Auth;
  llm: LlmClient;
  /** What visitors asked and how they rated the answers (analytics). */
  questions: QuestionLog;
  /** The embeddable widget's allowed sites and brand defaults (admin settings). */
  widgetSettings: WidgetSettingsStore;
  /** The document-search bot as anonymous callers get it: public items only (core/features/governance/visibility.ts). */
  rag: ReturnType<typeof createRagBot>;
  /** The document-search bot for signed-in staff: every completed item. */
  staffRag: ReturnType<typeof createRagBot>;
  assistant: ReturnType<typeof createAssistant>;
  /** Visitors' requests to be contacted by a person. */
  handoff: Handoff;
  content: ContentDeps;
  /** Public chat and document-search conversations. */
  conversations: ConversationStore;
  /** Where rate-limit hits are counted (memory, or PostgreSQL shared by every server). */
  rateLimits: RateLimitStore;
  /** Translation providers, memory and glossary. */
  translation: Translation;
  /** Speech to text for videos: the endpoint (STT_URL) when configured, then offline pocketsphinx. */
  transcribers: SpeechToText[];
  /** The embedded Chroma server's supervisor; null when CHROMA_URL points at an external one. */
  chroma: ChromaSupervisor | null;
  /** Who changed what (core/features/governance/audit.ts), in the catalog store. */
  audit: AuditLog;
  /** Named users and API tokens with roles. */
  accounts: Accounts;
  /** Where uploads are spooled before they reach the store. */
  tmpDir: string;
  /** Spools an upload stream to a temp file (size, sha256, sniffed type), and removes it again: for the faces that receive files. */
  spool: { toTempFile: typeof spoolToTempFile; discard: typeof discard };
  /** Free space of the data and work folders (MIN_FREE_MB): uploads and job steps check it, health reports it. */
  disk: DiskGuard;
  /** Tells the CLI where this server listens (written into the data-folder lock). */
  announceUrl(url: string): void;
  close(): Promise<void>;
}
