import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deletePresentationImage = (id: number): Promise<void> => api.delete(`/api/presentation-images/${id}`);

export function useDeletePresentationImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePresentationImage,
    meta: { successToast: { title: 'common.success', description: 'images.deleted' }, errorToast: { title: 'common.error', description: 'images.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/presentation-images'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/metrics'] });
    },
  });
}
