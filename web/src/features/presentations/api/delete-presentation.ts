import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deletePresentation = (id: number): Promise<void> => api.delete(`/api/presentations/${id}`);

export function useDeletePresentation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePresentation,
    meta: { successToast: { title: 'presentations.deleted' }, errorToast: { title: 'common.error', description: 'presentations.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/presentations'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/metrics'] });
    },
  });
}
