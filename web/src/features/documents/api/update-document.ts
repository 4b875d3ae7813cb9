import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Document } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export interface UpdateDocumentInput {
  id: number;
  data: { title: string; description: string; sourceLanguage: string };
}

export const updateDocument = ({ id, data }: UpdateDocumentInput): Promise<Document> => api.patch<Document>(`/api/documents/${id}`, data);

export function useUpdateDocument(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    meta: { successToast: { title: 'documents.updated' }, errorToast: { title: 'common.error', description: 'documents.updateFailed' } },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['/api/documents'] });
      onDone?.();
    },
  });
}
