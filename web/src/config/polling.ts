/** Refresh intervals of spec section 9, in milliseconds. */
export const POLL_MS = {
  content: 3_000,
  categories: 5_000,
  botImages: 2_000,
  documents: 2_000,
  presentations: 2_000,
  presentationImages: 3_000,
  videos: 3_000,
  dashboard: 5_000,
  translations: 5_000,
  storageFiles: 10_000,
  storageStats: 30_000,
  chatMessages: 3_000,
} as const;
