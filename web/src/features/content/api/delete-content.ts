import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteContent = (id: number): Promise<void> => api.delete(`/api/content/${id}`);

export function useDeleteContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    meta: { successToast: { title: 'common.success', description: 'content.deleted' }, errorToast: { title: 'common.error', description: 'content.deleteFailed' } },
    onSuccess: () => {
      for (const key of ['/api/content', '/api/documents', '/api/presentations', '/api/videos', '/api/dashboard/metrics']) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}
