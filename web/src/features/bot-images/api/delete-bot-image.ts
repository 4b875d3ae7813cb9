import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteBotImage = (id: number): Promise<void> => api.delete(`/api/bot-images/${id}`);

export function useDeleteBotImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBotImage,
    meta: { successToast: { title: 'common.success', description: 'images.deleted' }, errorToast: { title: 'common.error', description: 'images.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/bot-images'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/metrics'] });
    },
  });
}
