import type { Role } from './roles';
import type { Static } from 'typebox';
import type * as S from '../schemas/index';

/** The stored shapes of governance: audit entries, users, API tokens (catalog collections). */

export const AUDIT_ACTIONS = [
  'approve', 'reject', 'audience', 'expiry', 'expired', 'replace', 'restore', 'archive', 'delete', 'delete_all',
  'sign_in', 'sign_in_failed', 'sign_out', 'token_write', 'forbidden', 'user', 'token',
  'upload', 'edit', 'transcript', 'translation', 'settings', 'glossary', 'category', 'request',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = Static<typeof S.AuditEntry>;

export interface StoredUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
  createdBy: string;
  disabled: boolean;
}

export interface StoredApiToken {
  id: number;
  name: string;
  role: Role;
  /** sha256 of the token; the token itself is shown once. */
  tokenHash: string;
  /** The first characters, to recognise it in a list. */
  prefix: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
