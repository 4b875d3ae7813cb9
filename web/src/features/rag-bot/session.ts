import { STORAGE_KEYS } from '../../config/constants';

/** Document-search session id: "session-<64 random bits, hex>-<time>"; the badge shows the second part. */
export function newRagSessionId(): string {
  const bits = crypto.getRandomValues(new Uint8Array(8));
  return `session-${Array.from(bits, (b) => b.toString(16).padStart(2, '0')).join('')}-${Date.now()}`;
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
