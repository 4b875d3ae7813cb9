import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@core/foundation/types';
import { api } from '../../../lib/api-client';
import type { CategoryInput } from './create-category';

export const updateCategory = ({ id, data }: { id: number; data: Partial<CategoryInput> }): Promise<Category> =>
  api.patch<Category>(`/api/categories/${id}`, data);

export function useUpdateCategory(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    meta: { successToast: { title: 'common.success', description: 'categories.updated' }, errorToast: { title: 'common.error', description: 'categories.updateFailed', byCode: { conflict: 'categories.duplicate' } } },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['/api/categories'] });
      onDone?.();
    },
  });
}
