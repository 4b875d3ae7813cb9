import { STORAGE_KEYS } from '../../config/constants';

/** Anonymous chat reference: "user_" + time + a random part. */
export function newReferenceId(): string {
  return `user_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
}

/**
 * The reference id of this browser tab (sessionStorage) and whether its
 * session still has to be opened. "New" lasts until the greeting went
 * through (markSessionStarted), not just until the id exists: a page that
 * mounts twice, or a greeting that failed, opens the session again.
 */
export function tabReferenceId(): { referenceId: string; isNew: boolean } {
  try {
    let referenceId = sessionStorage.getItem(STORAGE_KEYS.chatReferenceId);
    if (!referenceId) {
      referenceId = newReferenceId();
      sessionStorage.setItem(STORAGE_KEYS.chatReferenceId, referenceId);
    }
    return { referenceId, isNew: sessionStorage.getItem(STORAGE_KEYS.chatSessionStarted) !== referenceId };
  } catch {
    return { referenceId: newReferenceId(), isNew: true };
  }
}

/** Records that this tab's session was opened, so a reload shows its history instead of greeting again. */
export function markSessionStarted(referenceId: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.chatSessionStarted, referenceId);
  } catch {
    /* storage unavailable: the next load greets again */
  }
}
