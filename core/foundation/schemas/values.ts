/**
 * The values of the product's enumerations, listed once: the schemas
 * (./index) build their unions from them and core/foundation/types.ts re-exports them.
 * Pure (no imports), so the schemas, the types and the web share them without
 * a loop.
 */
export const ITEM_STATUSES = [
  'pending', 'processing', 'extracting', 'analyzing', 'converting',
  'completed', 'failed', 'rejected', 'approved',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Statuses that mean "work is under way" (spinner in the UI). */
export const RUNNING_STATUSES: readonly ItemStatus[] = ['pending', 'processing', 'extracting', 'analyzing', 'converting'];

/**
 * The most rows one answer of a list route carries (and how many it carries when no limit is asked): clients
 * page past it (a whole list by `afterId`, the last id of the page before).
 */
export const LIST_PAGE_MAX = 1000;

export const TRANSLATION_LANGUAGES = [
  'english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'chinese',
  'japanese', 'korean', 'arabic', 'hebrew', 'russian', 'dutch', 'polish',
  'swedish', 'norwegian', 'danish',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const VIDEO_SUBCATEGORIES = ['broadcast', 'podcast', 'learning_resources'] as const;
export type VideoSubcategory = (typeof VIDEO_SUBCATEGORIES)[number];

/** Review of an item before it may reach the public (core/features/governance). Absent on records made before review existed: pending. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** Who may see an item: anyone (once approved and not expired) or signed-in staff only. */
export const AUDIENCES = ['public', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const ROLES = ['admin', 'editor', 'reviewer'] as const;
export type Role = (typeof ROLES)[number];

/** What the audit log records (core/features/governance/audit.ts). */
export const AUDIT_ACTIONS = [
  'approve', 'reject', 'audience', 'expiry', 'expired', 'replace', 'restore', 'archive', 'delete', 'delete_all',
  'sign_in', 'sign_in_failed', 'sign_out', 'token_write', 'forbidden', 'user', 'token',
  'upload', 'edit', 'transcript', 'translation', 'settings', 'glossary', 'category', 'request',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
