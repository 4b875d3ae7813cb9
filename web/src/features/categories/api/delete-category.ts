import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteCategory = (id: number): Promise<void> => api.delete(`/api/categories/${id}`);

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    meta: { successToast: { title: 'common.success', description: 'categories.deleted' }, errorToast: { title: 'common.error', description: 'categories.deleteFailed' } },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/categories'] }),
  });
}
