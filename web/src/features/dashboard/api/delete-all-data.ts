import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DeleteAllResult {
  deleted: { records: number; objects: number; chunks: number };
}

export const deleteAllData = (): Promise<DeleteAllResult> => api.delete<DeleteAllResult>('/api/delete-all-data');

export function useDeleteAllData(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAllData,
    meta: { successToast: { title: 'dashboard.deleteAllDone', description: 'dashboard.deleteAllDoneHint' }, errorToast: { title: 'common.error', description: 'dashboard.deleteAllFailed' } },
    onSuccess: async () => {
      await qc.invalidateQueries();
      onDone?.();
    },
  });
}
