import { STORAGE_KEYS } from '../../config/constants';

/** Document-search session id: "session-<random>-<time>"; the badge shows the second part. */
export function newRagSessionId(): string {
  return `session-${Math.random().toString(36).slice(2, 8)}-${Date.now()}`;
}

export function sessionBadge(sessionId: string): string {
  return sessionId.split('-')[1] ?? sessionId;
}

export function storedRagSession(): string {
  try {
    const s = sessionStorage.getItem(STORAGE_KEYS.ragSession);
    if (s) return s;
    const created = newRagSessionId();
    sessionStorage.setItem(STORAGE_KEYS.ragSession, created);
    return created;
  } catch {
    return newRagSessionId();
  }
}

export function storeRagSession(id: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.ragSession, id);
  } catch {
    /* not stored: the session lasts for this page */
  }
}
