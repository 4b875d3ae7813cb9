import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LowSync } from 'lowdb';
import { JSONFileSync } from 'lowdb/node';
import type {
  BotImage, Category, ContentType, ContentItem, Document, HandoffRequest, Job, Presentation, PresentationImage, RagTurn, SiteRun, TranslationRecord, Video,
} from '../../foundation/types';
import { type CatalogData, empty, upgradeJob, writeError } from './catalog-data';
import { highestId, readCatalogFile, readHighWater, writeHighWater } from './catalog-file';
import { LowdbCollection } from './collection';
import type { AuditEntry, StoredApiToken, StoredUser } from '../../foundation/types';
import type { AuthSession, CatalogStore, Collection, CounterName, ItemRecord, MessageLog, StoredChatMessage } from './types';

export type { AuthSession, Catalog, CatalogStore, Collection, ItemRecord } from './types';

export { writeError } from './catalog-data';

/**
 * The product's records in one JSON file (lowdb, synchronous writes, temp
 * file + rename). One process writes it: the server, or the CLI when no
 * server holds the data folder (see ./lock.ts).
 */
class LowdbCatalog implements CatalogStore {
  private readonly db: LowSync<CatalogData>;
  readonly location: string;
  /** Set while a transaction's function runs: writes from it apply at once and are written when it ends. */
  private readonly inTx = new AsyncLocalStorage<{ open: boolean }>();
  /** One transaction (or one write queued behind it) at a time. */
  private locked = false;
  private readonly waiters: Array<() => void> = [];

  readonly documents: Collection<Document>;
  readonly presentations: Collection<Presentation>;
  readonly videos: Collection<Video>;
  readonly contentItems: Collection<ContentItem>;
  readonly categories: Collection<Category>;
  readonly botImages: Collection<BotImage>;
  readonly presentationImages: Collection<PresentationImage>;
  readonly jobs: Collection<Job>;
  readonly translations: Collection<TranslationRecord>;
  readonly handoffRequests: Collection<HandoffRequest>;
  readonly ragTurns: Collection<RagTurn>;
  readonly siteRuns: Collection<SiteRun>;
  readonly authSessions: Collection<AuthSession>;
  readonly auditLog: Collection<AuditEntry>;
  readonly users: Collection<StoredUser>;
  readonly apiTokens: Collection<StoredApiToken>;
  readonly chatMessages: MessageLog;

  /** Counts changes applied to the data (writes, rollbacks): answers kept by the collections are good while it stays. */
  private generation = 0;

  /** The largest id written to the high-water file (catalog-ids.json): ids are never given twice, whatever happens to db.json's rows. */
  private highWater: number;

  constructor(private readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.location = path.join(dataDir, 'db.json');
    // The file's shape is checked first: a wrong one stops the start (./catalog-file.ts).
    const onDisk = readCatalogFile(this.location) as Partial<CatalogData> | null;
    this.highWater = readHighWater(dataDir);
    const top = highestId(onDisk as Record<string, unknown> | null, this.highWater);
    this.db = new LowSync<CatalogData>(new JSONFileSync<CatalogData>(this.location), empty());
    // Fill collections added after the file was written.
    this.db.data = { ...empty(), ...onDisk, counters: { ...empty().counters, ...onDisk?.counters } };
    this.db.data.nextId = top + 1;
    if (top > this.highWater) {
      try {
        writeHighWater(dataDir, top);
      } catch (e) {
        throw writeError(e, path.join(dataDir, 'catalog-ids.json'));
      }
      this.highWater = top;
    }
    this.db.data.jobs = this.db.data.jobs.map(upgradeJob);

    const col = <K extends keyof CatalogData>(key: K, label: string) =>
      new LowdbCollection<any>(() => this.db.data[key] as any, () => this.db.data.nextId++, (m) => this.write(m), label, () => this.generation);
    this.documents = col('documents', 'Document');
    this.presentations = col('presentations', 'Presentation');
    this.videos = col('videos', 'Video');
    this.contentItems = col('contentItems', 'Content item');
    this.categories = col('categories', 'Category');
    this.botImages = col('botImages', 'Image');
    this.presentationImages = col('presentationImages', 'Presentation image');
    this.jobs = col('jobs', 'Job');
    this.translations = col('translations', 'Translation');
    this.handoffRequests = col('handoffRequests', 'Request');
    this.ragTurns = col('ragTurns', 'Message');
    this.siteRuns = col('siteRuns', 'Site run');
    this.authSessions = col('authSessions', 'Session');
    this.auditLog = col('auditLog', 'Audit entry');
    this.users = col('users', 'User');
    this.apiTokens = col('apiTokens', 'API token');
    this.chatMessages = this.messageLog();
  }

  private messageLog(): MessageLog {
    const d = () => this.db.data;
    return {
      list: async (filter) => (filter ? d().chatMessages.filter(filter) : [...d().chatMessages]).sort((a, b) => a.seq - b.seq),
      count: async () => d().chatMessages.length,
      append: (rows) => this.write(() => rows.map((r) => {
        const seq = ++d().counters.chatSeq;
        const row = { ...r, id: `m${seq}`, seq } as StoredChatMessage;
        d().chatMessages.push(row);
        return structuredClone(row);
      })),
      removeWhere: (pred) => this.write(() => {
        const before = d().chatMessages.length;
        d().chatMessages = d().chatMessages.filter((m) => !pred(m));
        return before - d().chatMessages.length;
      }),
    };
  }

  readonly counters = {
    get: async (name: CounterName) => this.db.data.counters[name],
    increment: (name: CounterName, by = 1) => this.write(() => (this.db.data.counters[name] += by)),
  };

  items(type: ContentType): Collection<ItemRecord> {
    const by = { document: this.documents, presentation: this.presentations, video: this.videos } as const;
    return by[type] as unknown as Collection<ItemRecord>;
  }

  reserveId(): Promise<number> {
    return this.write(() => this.db.data.nextId++);
  }

  async transaction<R>(fn: (tx: CatalogStore) => Promise<R> | R): Promise<R> {
    if (this.inTx.getStore()?.open) return fn(this);
    await this.acquire();
    // Work the function left running (not awaited) must not write into the transaction once it ended.
    const tx = { open: true };
    try {
      const before = structuredClone(this.db.data);
      let result: R;
      try {
        result = await this.inTx.run(tx, () => fn(this));
      } catch (e) {
        tx.open = false;
        this.restore(before);
        throw e;
      }
      tx.open = false;
      this.save(before);
      return result;
    } finally {
      tx.open = false;
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release() {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }

  /**
   * Applies a change and writes the file before resolving. Inside a
   * transaction the change joins it; while another transaction runs it
   * waits for it. A change that cannot be written (disk full, folder gone)
   * is undone in memory too, so what is served is always what is on disk;
   * the caller gets an AppError saying why.
   */
  private write<R>(change: () => R): Promise<R> {
    const mutate = () => {
      this.generation++;
      return change();
    };
    if (this.inTx.getStore()?.open) {
      try {
        return Promise.resolve(mutate());
      } catch (e) {
        return Promise.reject(e);
      }
    }
    if (!this.locked) {
      try {
        return Promise.resolve(this.commitNow(mutate));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return this.acquire().then(() => {
      try {
        return this.commitNow(mutate);
      } finally {
        this.release();
      }
    });
  }

  private commitNow<R>(mutate: () => R): R {
    const before = structuredClone(this.db.data);
    let result: R;
    try {
      result = mutate();
    } catch (e) {
      this.restore(before);
      throw e;
    }
    this.save(before);
    return result;
  }

  /** Writes the file; on failure puts `before` back and throws why. */
  private save(before: CatalogData) {
    try {
      // The high-water mark first: a crash between the two writes leaves it ahead, never behind.
      const top = this.db.data.nextId - 1;
      if (top > this.highWater) {
        writeHighWater(this.dataDir, top);
        this.highWater = top;
      }
      this.db.write();
    } catch (e) {
      this.restore(before);
      throw writeError(e, this.location);
    }
  }

  /** Puts every collection back as it was, keeping the data object (collections read through it). */
  private restore(before: CatalogData) {
    this.generation++;
    const data = this.db.data as unknown as Record<string, unknown>;
    for (const key of Object.keys(data)) if (!(key in before)) delete data[key];
    Object.assign(data, before);
  }

  clearContent(): Promise<void> {
    return this.write(() => {
      const d = this.db.data;
      const keep = { authSessions: d.authSessions, auditLog: d.auditLog, users: d.users, apiTokens: d.apiTokens, nextId: d.nextId, counters: d.counters };
      Object.assign(d, empty(), keep, { counters: { ...keep.counters, botResponses: 0 } });
    });
  }
}

/** Opens (or creates) the lowdb catalog of a data folder. */
export function openCatalog(dataDir: string): CatalogStore {
  return new LowdbCatalog(dataDir);
}
