import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslationRecord } from '@core/foundation/types';
import { api } from '../../../lib/api-client';

const KEYS = ['/api/translations', '/api/presentation-translations', '/api/documents', '/api/presentations', '/api/content'];

/** POST /api/translations/{id}/retry: queues a failed translation again. */
export const retryTranslation = (id: number): Promise<TranslationRecord> => api.post<TranslationRecord>(`/api/translations/${id}/retry`);
/** DELETE /api/translations/{id}: removes the translation and its file. */
export const deleteTranslation = (id: number): Promise<void> => api.delete(`/api/translations/${id}`);

export function useRetryTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryTranslation,
    meta: { successToast: { title: 'translations.retryQueued' }, errorToast: { title: 'common.error', description: 'translations.retryFailed' } },
    onSuccess: () => Promise.all(KEYS.map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}

export function useDeleteTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTranslation,
    meta: { successToast: { title: 'translations.deleted' }, errorToast: { title: 'common.error', description: 'translations.deleteFailed' } },
    onSuccess: () => Promise.all(KEYS.map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
