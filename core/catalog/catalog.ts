import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LowSync } from 'lowdb';
import { JSONFileSync } from 'lowdb/node';
import { AppError } from '../errors';
import type {
  BotImage, Category, ContentType, ContentItem, Document, Job, Presentation, PresentationImage,
  PublicChatMessage, RagTurn, Video,
} from '../types';
import { Collection } from './collection';

export interface AuthSession {
  id: number;
  /** sha256 of the session token; the token itself is only in the cookie. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export interface CatalogData {
  version: 1;
  nextId: number;
  documents: Document[];
  presentations: Presentation[];
  videos: Video[];
  contentItems: ContentItem[];
  categories: Category[];
  botImages: BotImage[];
  presentationImages: PresentationImage[];
  jobs: Job[];
  chatMessages: (PublicChatMessage & { seq: number })[];
  ragTurns: RagTurn[];
  authSessions: AuthSession[];
  counters: { botResponses: number; chatSeq: number };
}

const empty = (): CatalogData => ({
  version: 1,
  nextId: 1,
  documents: [],
  presentations: [],
  videos: [],
  contentItems: [],
  categories: [],
  botImages: [],
  presentationImages: [],
  jobs: [],
  chatMessages: [],
  ragTurns: [],
  authSessions: [],
  counters: { botResponses: 0, chatSeq: 0 },
});

/** A failed catalog write in words an operator can act on. */
export function writeError(e: unknown, file: string): AppError {
  const code = (e as NodeJS.ErrnoException)?.code;
  const folder = path.dirname(file);
  const why =
    code === 'ENOSPC' || code === 'EDQUOT' ? `the disk holding ${folder} is full. Free some space (or move DATA_DIR to a larger disk) and try again`
    : code === 'EROFS' ? `${folder} is on a read-only file system. Make it writable and try again`
    : code === 'EACCES' || code === 'EPERM' ? `the server may not write to ${folder}. Give it write permission and try again`
    : `writing ${file} failed (${(e as Error)?.message ?? String(e)})`;
  return new AppError('unavailable', `The change was not saved: ${why}. Nothing was changed.`, { cause: e, details: { reason: code === 'ENOSPC' ? 'disk_full' : 'write_failed', errno: code } });
}

/**
 * The product's records in one JSON file (lowdb, synchronous writes, temp
 * file + rename). One process writes it: the server, or the CLI when no
 * server holds the data folder (see ./lock.ts).
 */
export class Catalog {
  private readonly db: LowSync<CatalogData>;
  readonly file: string;
  private batchDepth = 0;

  readonly documents: Collection<Document>;
  readonly presentations: Collection<Presentation>;
  readonly videos: Collection<Video>;
  readonly contentItems: Collection<ContentItem>;
  readonly categories: Collection<Category>;
  readonly botImages: Collection<BotImage>;
  readonly presentationImages: Collection<PresentationImage>;
  readonly jobs: Collection<Job>;
  readonly ragTurns: Collection<RagTurn>;
  readonly authSessions: Collection<AuthSession>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'db.json');
    this.db = new LowSync<CatalogData>(new JSONFileSync<CatalogData>(this.file), empty());
    try {
      this.db.read();
    } catch (e) {
      throw new AppError('internal', `The catalog ${this.file} is not readable JSON: ${(e as Error).message}`, { cause: e });
    }
    // Fill collections added after the file was written.
    this.db.data = { ...empty(), ...this.db.data, counters: { ...empty().counters, ...this.db.data.counters } };

    const col = <K extends keyof CatalogData>(key: K, label: string) =>
      new Collection<any>(() => this.db.data[key] as any, () => this.db.data.nextId++, (m) => this.commit(m), label);
    this.documents = col('documents', 'Document');
    this.presentations = col('presentations', 'Presentation');
    this.videos = col('videos', 'Video');
    this.contentItems = col('contentItems', 'Content item');
    this.categories = col('categories', 'Category');
    this.botImages = col('botImages', 'Image');
    this.presentationImages = col('presentationImages', 'Presentation image');
    this.jobs = col('jobs', 'Job');
    this.ragTurns = col('ragTurns', 'Message');
    this.authSessions = col('authSessions', 'Session');
  }

  /** The collection of one kind of uploaded item, for code that handles all three alike. */
  items(type: ContentType): Collection<Document | Presentation | Video> {
    const by = { document: this.documents, presentation: this.presentations, video: this.videos } as const;
    return by[type] as unknown as Collection<Document | Presentation | Video>;
  }

  /** Raw data for reads that span collections; do not mutate outside `batch`. */
  get data(): Readonly<CatalogData> {
    return this.db.data;
  }

  /** Runs several changes and writes once at the end. */
  batch<R>(fn: (data: CatalogData) => R): R {
    let result!: R;
    this.commit(() => {
      result = fn(this.db.data);
    });
    return result;
  }

  /**
   * Applies a change and writes the file. A change that cannot be written
   * (disk full, folder gone) is undone in memory too, so what is served is
   * always what is on disk; the caller gets an AppError saying why.
   */
  private commit(mutate: () => void) {
    const outermost = this.batchDepth === 0;
    const before = outermost ? structuredClone(this.db.data) : undefined;
    this.batchDepth++;
    try {
      mutate();
    } catch (e) {
      if (before) this.restore(before);
      throw e;
    } finally {
      this.batchDepth--;
    }
    if (!outermost) return;
    try {
      this.db.write();
    } catch (e) {
      this.restore(before!);
      throw writeError(e, this.file);
    }
  }

  /** Puts every collection back as it was, keeping the data object (collections read through it). */
  private restore(before: CatalogData) {
    const data = this.db.data as unknown as Record<string, unknown>;
    for (const key of Object.keys(data)) if (!(key in before)) delete data[key];
    Object.assign(data, before);
  }

  /** Empties every collection (delete-all-data), keeping sign-in sessions. */
  clearContent() {
    this.batch((d) => {
      const keep = { authSessions: d.authSessions, nextId: d.nextId, counters: d.counters };
      Object.assign(d, empty(), keep, { counters: { ...keep.counters, botResponses: 0 } });
    });
  }
}
