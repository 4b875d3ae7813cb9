/** Business constants of spec section 9 that the console shows or obeys. */
import { acceptFor } from '@core/formats/facts';
export const METRIC_BAR_DIVISOR = 50;
export const BOT_RESPONSES_FALLBACK = 247;
export const MAX_SOURCE_IMAGES = 4;
export const CHAT_WINDOW_HEIGHT_PX = 700;
export const RAG_WINDOW_HEIGHT_PX = 600;
export const SKELETON_COUNT = 6;

/** Toasts: at most one at a time, 5 s, swipe 50 px, removal after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Query cache retention. */
export const GC_TIME_MS = 5 * 60 * 1000;

/** Local browser settings (spec section 3). */
export const STORAGE_KEYS = {
  isAuthenticated: 'isAuthenticated',
  language: 'i18nextLng',
  isRTL: 'isRTL',
  chatReferenceId: 'chatReferenceId',
  /** The reference id whose session was opened (cleared + greeted). */
  chatSessionStarted: 'chatSessionStarted',
  ragSession: 'ragSessionId',
  sidebarOpen: 'sidebarOpenParents',
} as const;

/** Accepted file types of the upload dialogs (spec section 5), from the format facts (core/formats/facts.ts). */
export const ACCEPT = {
  presentation: acceptFor('presentation'),
  document: acceptFor('document'),
  video: acceptFor('video'),
  other: acceptFor('other'),
} as const;
