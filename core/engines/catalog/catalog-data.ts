import path from 'node:path';
import { AppError } from '../../foundation/errors';
import type {
  AuditEntry, BotImage, Category, ContentItem, Document, HandoffRequest, Job, Presentation, PresentationImage, RagTurn, SiteRun,
  StoredApiToken, StoredUser, TranslationRecord, Video,
} from '../../foundation/types';
import type { AuthSession, StoredChatMessage } from './types';

/** What the lowdb catalog's file (db.json, ./catalog.ts) holds, and the upgrades and errors of reading and writing it. */

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
  translations: TranslationRecord[];
  handoffRequests: HandoffRequest[];
  chatMessages: StoredChatMessage[];
  ragTurns: RagTurn[];
  siteRuns: SiteRun[];
  authSessions: AuthSession[];
  auditLog: AuditEntry[];
  users: StoredUser[];
  apiTokens: StoredApiToken[];
  counters: { botResponses: number; chatSeq: number };
}

export const empty = (): CatalogData => ({
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
  translations: [],
  handoffRequests: [],
  chatMessages: [],
  ragTurns: [],
  siteRuns: [],
  authSessions: [],
  auditLog: [],
  users: [],
  apiTokens: [],
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

/** Jobs written before jobs had params, progress and structured steps and errors. */
export function upgradeJob(j: Job): Job {
  const legacy = j as Job & { error: unknown };
  return {
    ...j,
    params: j.params ?? {},
    progress: j.progress ?? (j.state === 'done' ? 100 : 0),
    step: j.step ?? null,
    error: typeof legacy.error === 'string' ? { code: 'internal', message: legacy.error } : (j.error ?? null),
  };
}
