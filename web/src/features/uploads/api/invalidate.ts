import type { QueryClient } from '@tanstack/react-query';

/** After a successful upload the cached content, documents, presentations and metrics refresh (spec section 7). */
export const UPLOAD_REFRESH_KEYS = ['/api/content', '/api/documents', '/api/presentations', '/api/dashboard/metrics'] as const;

export function refreshAfterUpload(qc: QueryClient): Promise<void> {
  return Promise.all(UPLOAD_REFRESH_KEYS.map((key) => qc.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
}
