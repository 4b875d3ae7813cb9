import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Document } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

/** POST /api/documents/{id}/retry: queues the failed ingest job again. */
export const retryDocument = (id: number): Promise<Document> => api.post<Document>(`/api/documents/${id}/retry`);

export function useRetryDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryDocument,
    meta: { successToast: { title: 'documents.retryQueued' }, errorToast: { title: 'common.error', description: 'documents.retryFailed' } },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/documents'] }),
  });
}
