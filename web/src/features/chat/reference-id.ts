import { STORAGE_KEYS } from '../../config/constants';

/** Anonymous chat reference: "user_" + time + a random part. */
export function newReferenceId(): string {
  return `user_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
}

/** The reference id of this browser tab (sessionStorage) and whether it was just created. */
export function tabReferenceId(): { referenceId: string; isNew: boolean } {
  try {
    const existing = sessionStorage.getItem(STORAGE_KEYS.chatReferenceId);
    if (existing) return { referenceId: existing, isNew: false };
    const created = newReferenceId();
    sessionStorage.setItem(STORAGE_KEYS.chatReferenceId, created);
    return { referenceId: created, isNew: true };
  } catch {
    return { referenceId: newReferenceId(), isNew: true };
  }
}
