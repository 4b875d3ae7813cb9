import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteDocument = (id: number): Promise<void> => api.delete(`/api/documents/${id}`);

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    meta: { successToast: { title: 'documents.deleted' }, errorToast: { title: 'common.error', description: 'documents.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/documents'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/metrics'] });
    },
  });
}
