import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteVideo = (id: number): Promise<void> => api.delete(`/api/videos/${id}`);

export function useDeleteVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    meta: { successToast: { title: 'videos.deleted' }, errorToast: { title: 'common.error', description: 'videos.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/videos'] });
      void qc.invalidateQueries({ queryKey: ['/api/dashboard/metrics'] });
    },
  });
}
