import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /api/object-storage/files/{key}, key URL-encoded as one segment. */
export const deleteFile = (key: string): Promise<void> => api.delete(`/api/object-storage/files/${encodeURIComponent(key)}`);

export function useDeleteFile(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    meta: { successToast: { title: 'common.success', description: 'files.deleted' }, errorToast: { title: 'common.error', description: 'files.deleteFailed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['/api/object-storage/files'] });
      void qc.invalidateQueries({ queryKey: ['/api/object-storage/stats'] });
      onDone?.();
    },
  });
}
