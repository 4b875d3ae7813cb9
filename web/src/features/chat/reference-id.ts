import { STORAGE_KEYS } from '../../config/constants';

/**
 * The conversation id of this browser tab (sessionStorage), handed out by
 * the server (POST /api/bot/session), and whether its session still has to
 * be opened. "New" lasts until the greeting went through
 * (markSessionStarted), not just until the id exists: a page that mounts
 * twice, or a greeting that failed, opens the session again.
 */
export function tabReferenceId(): { referenceId: string | null; isNew: boolean } {
  try {
    const referenceId = sessionStorage.getItem(STORAGE_KEYS.chatReferenceId);
    return { referenceId, isNew: !referenceId || sessionStorage.getItem(STORAGE_KEYS.chatSessionStarted) !== referenceId };
  } catch {
    return { referenceId: null, isNew: true };
  }
}

/** Keeps the id the server handed out for this tab. */
export function rememberReferenceId(referenceId: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.chatReferenceId, referenceId);
  } catch {
    /* storage unavailable: the next load starts a new conversation */
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
