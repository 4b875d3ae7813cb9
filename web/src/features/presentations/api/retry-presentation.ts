import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Presentation } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

export const retryPresentation = (id: number): Promise<Presentation> => api.post<Presentation>(`/api/presentations/${id}/retry`);

export function useRetryPresentation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryPresentation,
    meta: { successToast: { title: 'documents.retryQueued' }, errorToast: { title: 'common.error', description: 'documents.retryFailed' } },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/presentations'] }),
  });
}
