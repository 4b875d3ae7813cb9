import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export interface CategoryInput {
  name: string;
  description: string;
  isActive: boolean;
}

export const createCategory = (input: CategoryInput): Promise<Category> => api.post<Category>('/api/categories', input);

export function useCreateCategory(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    meta: { successToast: { title: 'common.success', description: 'categories.created' }, errorToast: { title: 'common.error', description: 'categories.createFailed', byCode: { conflict: 'categories.duplicate' } } },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['/api/categories'] });
      onDone?.();
    },
  });
}
